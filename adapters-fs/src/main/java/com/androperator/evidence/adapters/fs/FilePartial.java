package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.domain.port.BundleWriter.PartialFile;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * One file created new (0600) and written piece by piece: each write goes to the file at once,
 * hashed and counted as the channel accepts it. The first failure ends it; on {@link #finish()}
 * a file that holds no byte is removed (it proves nothing), any other stays and is described.
 */
final class FilePartial implements PartialFile {
    private final FileBundleWriter owner;
    private final String name;
    private final Path file;
    private final MessageDigest digest = PrivateFiles.sha256();
    private FileSystemOps.WritableFile out;
    private boolean created;
    private long count;
    private StoreResult failure;
    private StoreResult result;

    FilePartial(FileBundleWriter owner, String name) {
        this.owner = owner;
        this.name = name;
        this.file = owner.directory().resolve(name);
        try {
            out = owner.ops().createNew(file);
            created = true;
            owner.entryMade();
        } catch (IOException e) {
            failure = owner.failed("write", file, e);
        }
    }

    @Override
    public boolean write(byte[] bytes, int offset, int length) {
        if (failure != null || result != null) {
            return false;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
        try {
            while (buffer.hasRemaining()) {
                int from = buffer.position();
                int wrote = out.write(buffer);
                // Hash exactly the bytes the channel accepted, in order.
                digest.update(bytes, from, wrote);
                count += wrote;
            }
            return true;
        } catch (IOException e) {
            failure = owner.failed("write", file, e);
            return false;
        }
    }

    /** A failure from outside the writes (the JSON serializer); the first one counts. */
    void failWith(String operation, Exception e) {
        if (failure == null) {
            failure = e instanceof IOException io ? owner.failed(operation, file, io)
                    : FileBundleWriter.failed(operation, file, CauseCodes.EIO, String.valueOf(e.getMessage()));
        }
    }

    OutputStream asStream() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                if (!FilePartial.this.write(bytes, offset, length)) {
                    throw new IOException("the write to " + file + " failed");
                }
            }
        };
    }

    @Override
    public StoreResult finish() {
        synchronized (owner) {
            if (result == null) {
                result = end();
            }
            return result;
        }
    }

    /**
     * The bytes a failed write leaves are retained evidence that a manifest may name: made durable as
     * far as the file allows. The write's own failure is what is reported, so one here changes nothing.
     */
    private void forceRetained() {
        try {
            out.force();
        } catch (IOException ignored) {
            // The failure already recorded stands.
        }
    }

    private StoreResult end() {
        if (out != null) {
            try {
                if (failure == null) {
                    out.force();
                } else if (count > 0) {
                    forceRetained();
                }
            } catch (IOException e) {
                failure = owner.failed("write", file, e);
            } finally {
                try {
                    out.close();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = owner.failed("write", file, e);
                    }
                }
            }
        }
        StoreResult.Stored stored = new StoreResult.Stored(name, count, HexFormat.of().formatHex(digest.digest()));
        if (failure != null) {
            if (!created) {
                return failure;
            }
            if (count == 0) {
                // An empty partial proves nothing and would mislead: it does not stay.
                return owner.removed(file, failure);
            }
            // A file this call created stays with the bytes it accepted (a cut-short write is evidence too).
            return FileBundleWriter.retaining(failure, stored);
        }
        owner.recordWritten(name, stored);
        return stored;
    }
}
