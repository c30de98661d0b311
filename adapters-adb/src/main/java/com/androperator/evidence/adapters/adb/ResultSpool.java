package com.androperator.evidence.adapters.adb;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Bytes of a large device result, appended in the order they arrive and read back any number of
 * times from any offset. Up to {@code inMemoryLimit} bytes live in memory; past that everything
 * moves to a private temporary file (mode 0600, removed from its directory at once, so a process
 * killed at any moment leaves nothing behind) and memory goes back to a fixed buffer. So a
 * 256 MiB result costs disk, not heap. Appends come from one thread; reads are positional and may
 * come from others once appending is over.
 */
final class ResultSpool implements AutoCloseable {
    private static final int READ_BUFFER = 64 * 1024;

    private final int inMemoryLimit;
    private byte[] memory = new byte[0];
    private FileChannel file;
    private long size;
    private boolean closed;

    ResultSpool(int inMemoryLimit) {
        this.inMemoryLimit = inMemoryLimit;
    }

    /**
     * A spool for about {@code expectedBytes} (what a result's header claims): its memory is made
     * that large at once, up to {@code inMemoryLimit}, instead of doubling its way there with a copy
     * each time (about 0.8 MB of copies a capture of the Pixel's hierarchy, issue 26). A device's
     * claim is trusted only that far: a false one costs at most the memory a true result of that
     * size would have, the same bound as before, only before its bytes arrive.
     */
    ResultSpool(int inMemoryLimit, long expectedBytes) {
        this.inMemoryLimit = inMemoryLimit;
        this.memory = new byte[(int) Math.max(0, Math.min(inMemoryLimit, expectedBytes))];
    }

    long size() {
        return size;
    }

    /** Whether the bytes went to a temporary file. */
    boolean spooledToDisk() {
        return file != null;
    }

    void append(byte[] bytes, int offset, int length) throws IOException {
        if (closed) {
            throw new IOException("the result spool is closed");
        }
        if (file == null && size + length <= inMemoryLimit) {
            if (size + length > memory.length) {
                memory = Arrays.copyOf(memory, (int) Math.min(inMemoryLimit, Math.max(size + length, memory.length * 2L)));
            }
            System.arraycopy(bytes, offset, memory, (int) size, length);
            size += length;
            return;
        }
        if (file == null) {
            file = openPrivateFile();
            writeFully(ByteBuffer.wrap(memory, 0, (int) size), 0);
            memory = null;
        }
        writeFully(ByteBuffer.wrap(bytes, offset, length), size);
        size += length;
    }

    /** {@code length} bytes from {@code offset}, read back into {@code target}. */
    void read(long offset, byte[] target, int targetOffset, int length) throws IOException {
        if (offset < 0 || offset + length > size) {
            throw new IOException("read past the spooled " + size + " bytes");
        }
        if (file == null) {
            System.arraycopy(memory, (int) offset, target, targetOffset, length);
            return;
        }
        ByteBuffer buffer = ByteBuffer.wrap(target, targetOffset, length);
        long position = offset;
        while (buffer.hasRemaining()) {
            int n = file.read(buffer, position);
            if (n < 0) {
                throw new IOException("the result spool ended early");
            }
            position += n;
        }
    }

    /** A stream over {@code [offset, offset + length)}; the spool must stay open while it is read. */
    InputStream open(long offset, long length) {
        return new InputStream() {
            private long position = offset;
            private final long end = offset + length;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] target, int targetOffset, int wanted) throws IOException {
                if (wanted == 0) {
                    return 0;
                }
                if (position >= end) {
                    return -1;
                }
                int n = (int) Math.min(Math.min(wanted, READ_BUFFER), end - position);
                ResultSpool.this.read(position, target, targetOffset, n);
                position += n;
                return n;
            }
        };
    }

    @Override
    public void close() {
        closed = true;
        memory = null;
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // The file is already unlinked; closing only returns its descriptor.
            }
        }
    }

    private void writeFully(ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            at += file.write(buffer, at);
        }
    }

    /** A temporary file only this process can reach: 0600, and already gone from the directory. */
    private static FileChannel openPrivateFile() throws IOException {
        Path path = Files.createTempFile("androperator-result-", ".spool");
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } finally {
            Files.deleteIfExists(path);
        }
        return channel;
    }
}
