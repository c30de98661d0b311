package com.androperator.evidence.adapters.adb;

import java.io.IOException;

/**
 * A long JSON string's characters on their way into a document's spool as UTF-8, encoded straight
 * from the reader's buffer (no builder and no String in between), a few KiB at a time. A high
 * surrogate at the end of one piece waits for its low half at the start of the next.
 */
final class Utf8Spill {
    private static final int BUFFER_BYTES = 64 * 1024;

    private final ResultSpool spool;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int filled;
    /** A high surrogate whose low half has not come yet, or 0. */
    private char pendingHigh;

    Utf8Spill(ResultSpool spool) {
        this.spool = spool;
    }

    void write(char[] chars, int from, int count) throws IOException {
        int i = from;
        int end = from + count;
        while (i < end) {
            if (filled > buffer.length - 4) {
                flush();
            }
            if (pendingHigh == 0 && chars[i] < 0x80) {
                // A run of ASCII, the bulk of a hierarchy, a byte each.
                int stop = Math.min(end, i + buffer.length - filled);
                while (i < stop && chars[i] < 0x80) {
                    buffer[filled++] = (byte) chars[i++];
                }
            } else {
                put(chars[i++]);
            }
        }
    }

    void write(CharSequence text) throws IOException {
        for (int i = 0; i < text.length(); i++) {
            if (filled > buffer.length - 4) {
                flush();
            }
            put(text.charAt(i));
        }
    }

    /** Writes out what is held; the string has ended (a lone high surrogate, which no strict input yields, becomes '?' as String.getBytes makes it). */
    void finish() throws IOException {
        if (pendingHigh != 0) {
            buffer[filled++] = '?';
            pendingHigh = 0;
        }
        flush();
    }

    private void put(char c) {
        if (pendingHigh != 0) {
            char high = pendingHigh;
            pendingHigh = 0;
            if (Character.isLowSurrogate(c)) {
                int code = Character.toCodePoint(high, c);
                buffer[filled++] = (byte) (0xF0 | code >> 18);
                buffer[filled++] = (byte) (0x80 | code >> 12 & 0x3F);
                buffer[filled++] = (byte) (0x80 | code >> 6 & 0x3F);
                buffer[filled++] = (byte) (0x80 | code & 0x3F);
                return;
            }
            buffer[filled++] = '?';
        }
        if (c < 0x80) {
            buffer[filled++] = (byte) c;
        } else if (c < 0x800) {
            buffer[filled++] = (byte) (0xC0 | c >> 6);
            buffer[filled++] = (byte) (0x80 | c & 0x3F);
        } else if (Character.isHighSurrogate(c)) {
            pendingHigh = c;
        } else if (Character.isLowSurrogate(c)) {
            buffer[filled++] = '?';
        } else {
            buffer[filled++] = (byte) (0xE0 | c >> 12);
            buffer[filled++] = (byte) (0x80 | c >> 6 & 0x3F);
            buffer[filled++] = (byte) (0x80 | c & 0x3F);
        }
    }

    private void flush() throws IOException {
        spool.append(buffer, 0, filled);
        filled = 0;
    }
}
