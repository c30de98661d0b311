package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;

/**
 * Writes the files of one reserved bundle: files 0600, every file first as {@code *.partial.*}
 * and fsynced, renamed only after the caller verified the bytes. Hashes and byte counts come
 * from the bytes written. It never modifies a bundle whose manifest is terminal.
 */
public interface BundleWriter {

    /**
     * Keys of a {@link StoreResult.StoreFailed} failure's details that describe a file the failed
     * write left behind under a {@code .partial.} name (created and then cut short, e.g. by a full
     * disk, or written but not renamed): its bundle-relative path, its byte count and the sha256 of
     * the bytes written to it. Absent when the failed write left no file of its own. The caller
     * lists such a file as a partial artifact, so that no file in the bundle goes unlisted.
     */
    String RETAINED_PATH = "retainedPath";
    String RETAINED_BYTES = "retainedBytes";
    String RETAINED_SHA256 = "retainedSha256";

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

    /** Writes manifest.json atomically: write a partial file, fsync, rename, fsync the directory. */
    StoreResult finalizeManifest(Manifest manifest);

    /** A partial file being written; used by one thread. */
    interface PartialFile {
        /**
         * Appends the bytes to the file. False once storage has failed: later writes are ignored
         * and {@link #finish} reports the failure (the bytes written before it stay in the file).
         */
        boolean write(byte[] bytes, int offset, int length);

        /**
         * Ends the file: fsync, close, fsync of the directory entry. {@code Stored} with the bytes
         * and sha256 of everything written, or {@code StoreFailed}, whose details name the file it
         * left ({@link #RETAINED_PATH} &amp; co). A failure that left no byte in the file removes
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
         * file it left under a {@code .partial.} name is described by {@link #RETAINED_PATH} & co.
         */
        record StoreFailed(Failure failure) implements StoreResult {
        }
    }
}
