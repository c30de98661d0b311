package com.androperator.evidence.adapters.adb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Turns a byte stream into lines (LF or CRLF; a PTY on legacy shell adds the CR). Bytes are
 * decoded per whole line, so a UTF-8 character split across reads stays intact. A line longer
 * than {@code maxLineBytes} is dropped: no logcat result line is that long, and holding it would
 * let a noisy device grow our memory without bound.
 */
final class LineSplitter {
    private final int maxLineBytes;
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();
    private boolean overlong;
    private long lines;

    LineSplitter(int maxLineBytes) {
        this.maxLineBytes = maxLineBytes;
    }

    long lines() {
        return lines;
    }

    /** Feeds bytes; {@code sink} gets each completed line. */
    void feed(byte[] data, int offset, int length, Consumer<String> sink) {
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
        if (overlong || length == 0) {
            return;
        }
        if (current.size() + length > maxLineBytes) {
            overlong = true;
            current.reset();
            return;
        }
        current.write(data, offset, length);
    }

    private void emit(Consumer<String> sink) {
        lines++;
        if (overlong) {
            overlong = false;
            return;
        }
        byte[] bytes = current.toByteArray();
        current.reset();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        sink.accept(new String(bytes, 0, length, StandardCharsets.UTF_8));
    }
}
