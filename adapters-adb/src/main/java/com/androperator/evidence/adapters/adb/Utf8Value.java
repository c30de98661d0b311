package com.androperator.evidence.adapters.adb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One JSON string's value as UTF-8 while it is read: plain runs copied as the bytes they came in,
 * escapes encoded. It is held in memory (a name, a short value) until {@link #spillTo} sends it on
 * to the document's spool, a few KiB at a time (a long string: the hierarchy XML). A high
 * surrogate waits for its low half, which may come as the next unit.
 */
final class Utf8Value implements StrictUtf8Bytes.RunSink {
    private static final int SPILL_BYTES = 64 * 1024;

    private byte[] bytes = new byte[256];
    private int length;
    /** UTF-16 units held since the value began (until it spills). */
    private int chars;
    /** A high surrogate whose low half has not come yet, or 0. */
    private char pendingHigh;
    private ResultSpool spool;

    /** Starts a new value, in memory. */
    void reset() {
        length = 0;
        chars = 0;
        pendingHigh = 0;
        spool = null;
    }

    /** How many UTF-16 units the value has so far (while it is in memory). */
    int chars() {
        return chars;
    }

    @Override
    public void take(byte[] run, int from, int count, int units) throws IOException {
        if (pendingHigh != 0) {
            unpairedHigh();
        }
        room(count);
        System.arraycopy(run, from, bytes, length, count);
        length += count;
        chars += units;
        spillIfFull();
    }

    /** One UTF-16 unit (an escape's, or a character taken alone). */
    @Override
    public void append(char c) throws IOException {
        room(4);
        chars++;
        if (pendingHigh != 0) {
            char high = pendingHigh;
            pendingHigh = 0;
            if (Character.isLowSurrogate(c)) {
                int code = Character.toCodePoint(high, c);
                bytes[length++] = (byte) (0xF0 | code >> 18);
                bytes[length++] = (byte) (0x80 | code >> 12 & 0x3F);
                bytes[length++] = (byte) (0x80 | code >> 6 & 0x3F);
                bytes[length++] = (byte) (0x80 | code & 0x3F);
                spillIfFull();
                return;
            }
            unpairedHigh();
        }
        if (c < 0x80) {
            bytes[length++] = (byte) c;
        } else if (c < 0x800) {
            bytes[length++] = (byte) (0xC0 | c >> 6);
            bytes[length++] = (byte) (0x80 | c & 0x3F);
        } else if (Character.isHighSurrogate(c)) {
            pendingHigh = c;
        } else if (Character.isLowSurrogate(c)) {
            bytes[length++] = '?';
        } else {
            bytes[length++] = (byte) (0xE0 | c >> 12);
            bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[length++] = (byte) (0x80 | c & 0x3F);
        }
        spillIfFull();
    }

    /** From now on the value goes to {@code target}, what is held first. */
    void spillTo(ResultSpool target) throws IOException {
        spool = target;
        spillIfFull();
    }

    /** Writes out what is held of a spilled value; it has ended (a lone high surrogate, which no strict input yields, becomes '?' as String.getBytes makes it). */
    void finish() throws IOException {
        if (pendingHigh != 0) {
            unpairedHigh();
        }
        spool.append(bytes, 0, length);
        length = 0;
    }

    /** The value held in memory. */
    @Override
    public String toString() {
        String text = new String(bytes, 0, length, StandardCharsets.UTF_8);
        return pendingHigh == 0 ? text : text + pendingHigh;
    }

    private void unpairedHigh() {
        pendingHigh = 0;
        room(1);
        bytes[length++] = '?';
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length * 2));
        }
    }

    private void spillIfFull() throws IOException {
        if (spool != null && length >= SPILL_BYTES) {
            spool.append(bytes, 0, length);
            length = 0;
        }
    }
}
