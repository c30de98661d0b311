package com.androperator.evidence.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of the MCP stdio stream, as bytes, in bounded memory. A line ends at {@code \n} (a
 * {@code \r} before it is dropped); a last line without one still counts. A line longer than the
 * cap is read to its end and discarded as it arrives, so whatever a client sends costs at most
 * the cap plus one read buffer.
 */
final class StdioLines {
    /** Far above any legitimate request: the largest tool arguments are a 16 KiB context and a 2048-unit label. */
    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

    private static final int READ_SIZE = 64 * 1024;

    /** One line, numbered from 1. */
    sealed interface Line permits Text, Overlong {
        long number();
    }

    /** A line within the cap, without its terminator. */
    record Text(long number, byte[] bytes) implements Line {
    }

    /** A line over the cap, already discarded; {@code bytes} is its length without the terminator. */
    record Overlong(long number, long bytes) implements Line {
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[READ_SIZE];
    private int position;
    private int limit;
    private byte[] line = new byte[8 * 1024];
    private long number;

    StdioLines(InputStream in) {
        this(in, MAX_LINE_BYTES);
    }

    StdioLines(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, or null once the stream has ended. */
    Line next() throws IOException {
        int length = 0;
        long total = 0;
        boolean overlong = false;
        while (true) {
            if (position == limit) {
                int read = in.read(buffer);
                if (read < 0) {
                    position = 0;
                    limit = 0;
                    return total == 0 ? null : line(overlong, length, total);
                }
                position = 0;
                limit = read;
            }
            int newline = indexOfNewline(position, limit);
            int end = newline < 0 ? limit : newline;
            int chunk = end - position;
            total += chunk;
            if (!overlong && length + (long) chunk > maxLineBytes) {
                overlong = true;
                length = 0;
            }
            if (!overlong) {
                append(length, position, chunk);
                length += chunk;
            }
            if (newline < 0) {
                position = limit;
            } else {
                position = newline + 1;
                return line(overlong, length, total);
            }
        }
    }

    private Line line(boolean overlong, int length, long total) {
        number++;
        if (overlong) {
            return new Overlong(number, total);
        }
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        return new Text(number, Arrays.copyOf(line, end));
    }

    private int indexOfNewline(int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void append(int at, int from, int count) {
        if (at + count > line.length) {
            line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(at + count, line.length * 2)));
        }
        System.arraycopy(buffer, from, line, at, count);
    }
}
