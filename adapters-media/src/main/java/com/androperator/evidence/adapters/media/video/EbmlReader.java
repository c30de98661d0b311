package com.androperator.evidence.adapters.media.video;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/** A forward-only reader that knows its position and feeds every byte read into the running CRC, if any. */
final class EbmlReader {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    long position;
    CRC32 crc;

    EbmlReader(InputStream in) {
        this.in = in;
    }

    int read() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException();
        }
        position++;
        if (crc != null) {
            crc.update(b);
        }
        return b;
    }

    byte[] readFully(int count) throws IOException {
        byte[] bytes = in.readNBytes(count);
        position += bytes.length;
        if (crc != null) {
            crc.update(bytes);
        }
        if (bytes.length < count) {
            throw new EOFException();
        }
        return bytes;
    }

    /** Reads and discards {@code count} bytes (through the CRC). */
    void skip(long count) throws IOException {
        long left = count;
        while (left > 0) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                throw new EOFException();
            }
            position += read;
            if (crc != null) {
                crc.update(buffer, 0, read);
            }
            left -= read;
        }
    }

    /** An element ID (1 to 4 bytes, marker bits kept), or -1 when the first byte cannot start one. */
    long id() throws IOException {
        int first = read();
        int length = Integer.numberOfLeadingZeros(first) - 23;
        if (first == 0 || length > 4) {
            return -1;
        }
        long value = first;
        for (int i = 1; i < length; i++) {
            value = (value << 8) | read();
        }
        return value;
    }

    /** A data size (1 to 8 bytes): -1 when every value bit is set (unknown), -2 when no length marker. */
    long size() throws IOException {
        int first = read();
        if (first == 0) {
            return -2;
        }
        int length = Integer.numberOfLeadingZeros(first) - 23;
        long value = first & (0xFF >> length);
        boolean allOnes = value == (0xFF >> length);
        for (int i = 1; i < length; i++) {
            int b = read();
            allOnes &= b == 0xFF;
            value = (value << 8) | b;
        }
        return allOnes ? -1 : value;
    }

    long unsigned(int length) throws IOException {
        long value = 0;
        for (byte b : readFully(length)) {
            value = (value << 8) | (b & 0xFF);
        }
        return value;
    }
}
