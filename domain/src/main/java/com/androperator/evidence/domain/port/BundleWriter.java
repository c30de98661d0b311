package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RetainedFile;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Writes the files of one reserved bundle: files 0600, every file first as {@code *.partial.*}
 * and fsynced, renamed only after the caller verified the bytes. Hashes and byte counts come
 * from the bytes written. It never modifies a bundle whose manifest is terminal.
 */
public interface BundleWriter {

    Path directory();

    /**
     * Creates {@code partialName} (which must contain ".partial.") new, for bytes that arrive in
     * pieces: each {@link PartialFile#write} reaches the file at once (a process killed mid-transfer
     * leaves what arrived), hashed and counted as written. Creation problems surface through the
     * handle: {@code write} returns false and {@code finish} reports the failure.
     */
    PartialFile createPartial(String partialName);

    /** Writes and fsyncs {@code bytes} as {@code partialName} (which must contain ".partial."). */
    default StoreResult writePartial(String partialName, byte[] bytes) {
        PartialFile file = createPartial(partialName);
        file.write(bytes, 0, bytes.length);
        return file.finish();
    }

    /** Renames a verified partial file to its final name (which must not exist). */
    StoreResult promote(String partialName, String finalName);

    /** Writes captures.json (partial, fsync, rename). */
    StoreResult writeCaptures(CapturesFile captures);

    /**
     * Writes manifest.json atomically: write a partial file, fsync, fsync the directory (every entry
     * made before: the files the manifest names), rename, fsync the directory.
     */
    StoreResult finalizeManifest(Manifest manifest);

    /** A partial file being written; used by one thread. */
    interface PartialFile {
        /**
         * Appends the bytes to the file. False once storage has failed: later writes are ignored
         * and {@link #finish} reports the failure (the bytes written before it stay in the file).
         */
        boolean write(byte[] bytes, int offset, int length);

        /**
         * Ends the file: fsync, close (its directory entry is made durable before the next manifest
         * is renamed into place, see {@link BundleWriter#finalizeManifest}). {@code Stored} with the bytes
         * and sha256 of everything written, or {@code StoreFailed}, which names the file it
         * left ({@link StoreResult.StoreFailed#retained}). A failure that left no byte in the file removes
         * it: an empty partial proves nothing and would mislead. Idempotent.
         */
        StoreResult finish();
    }

    sealed interface StoreResult {
        /** {@code path} is bundle-relative. */
        record Stored(String path, long bytes, String sha256) implements StoreResult {
        }

        /**
         * The write failed ({@code code} STORAGE_FAILED); anything already written stays, and a
         * file it left under a {@code .partial.} name is {@code retained} (null when it left none).
         */
        record StoreFailed(Failure failure, @Nullable RetainedFile retained) implements StoreResult {
            public StoreFailed {
                Objects.requireNonNull(failure, "failure");
            }

            /** A failed write that left no file of its own. */
            public StoreFailed(Failure failure) {
                this(failure, null);
            }

            public Optional<RetainedFile> retainedFile() {
                return Optional.ofNullable(retained);
            }
        }
    }
}
