package com.androperator.evidence.adapters.adb;

import java.util.Arrays;

/**
 * Turns a byte stream into lines of bytes (LF or CRLF; a PTY on legacy shell adds the CR). Lines
 * are handed over as bytes, undecoded: only the lines that carry a result are decoded, strictly,
 * so a stray byte in another app's log line costs nothing and a malformed byte in ours is never
 * replaced. A line longer than {@code maxLineBytes} is handed over as its first
 * {@code maxLineBytes} bytes, marked cut: the caller decides whether that matters (a result line
 * of its command cut short is malformed; anything else is skipped), and memory stays bounded.
 */
final class LineSplitter {

    /** Receives each completed line; {@code line[0, length)} is valid only during the call. */
    @FunctionalInterface
    interface Sink {
        void line(byte[] line, int length, boolean cut);
    }

    private final int maxLineBytes;
    private byte[] current = new byte[256];
    private int size;
    private boolean cut;
    private long lines;

    LineSplitter(int maxLineBytes) {
        this.maxLineBytes = maxLineBytes;
    }

    long lines() {
        return lines;
    }

    /** Feeds bytes; {@code sink} gets each completed line. */
    void feed(byte[] data, int offset, int length, Sink sink) {
        int start = offset;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (data[i] == '\n') {
                append(data, start, i - start);
                emit(sink);
                start = i + 1;
            }
        }
        append(data, start, end - start);
    }

    private void append(byte[] data, int offset, int length) {
        int room = maxLineBytes - size;
        int kept = Math.min(length, room);
        if (kept < length) {
            cut = true;
        }
        if (kept <= 0) {
            return;
        }
        if (size + kept > current.length) {
            current = Arrays.copyOf(current, Math.min(maxLineBytes, Math.max(current.length * 2, size + kept)));
        }
        System.arraycopy(data, offset, current, size, kept);
        size += kept;
    }

    private void emit(Sink sink) {
        lines++;
        int length = size;
        if (!cut && length > 0 && current[length - 1] == '\r') {
            length--;
        }
        try {
            sink.line(current, length, cut);
        } finally {
            size = 0;
            cut = false;
            // A long line's buffer is not kept for the short lines that follow.
            if (current.length > 64 * 1024) {
                current = new byte[256];
            }
        }
    }
}
