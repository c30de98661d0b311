package com.androperator.evidence.domain.capture;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a source and writes every byte read to a partial file on the way, so that the one reader
 * (the hierarchy verifier) that pulls the bytes also stores them: one pass. When the storage fails,
 * reading fails too, since the verdict on bytes that cannot be kept no longer matters.
 */
final class CopyingStream extends InputStream {
    private static final int DRAIN_BUFFER = 64 * 1024;

    private final InputStream source;
    private final GuardedWriter.StreamedPartial copy;
    private boolean storageFailed;

    CopyingStream(InputStream source, GuardedWriter.StreamedPartial copy) {
        this.source = source;
        this.copy = copy;
    }

    /** Whether the copy stopped because the storage failed. */
    boolean storageFailed() {
        return storageFailed;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (storageFailed) {
            throw new IOException("the hierarchy's partial file could not be written");
        }
        int n = source.read(buffer, offset, length);
        if (n > 0 && !copy.write(buffer, offset, n)) {
            storageFailed = true;
            throw new IOException("the hierarchy's partial file could not be written");
        }
        return n;
    }

    /** Copies what the reader left unread (it stops at the first problem), unless storage failed. */
    void drain() throws IOException {
        byte[] buffer = new byte[DRAIN_BUFFER];
        while (!storageFailed && read(buffer, 0, buffer.length) >= 0) {
            // Every byte read has been written.
        }
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
