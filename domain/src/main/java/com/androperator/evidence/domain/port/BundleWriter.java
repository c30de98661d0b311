package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Manifest;
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

    /** Writes and fsyncs {@code bytes} as {@code partialName} (which must contain ".partial."). */
    StoreResult writePartial(String partialName, byte[] bytes);

    /** Renames a verified partial file to its final name (which must not exist). */
    StoreResult promote(String partialName, String finalName);

    /** Writes captures.json (partial, fsync, rename). */
    StoreResult writeCaptures(CapturesFile captures);

    /** Writes manifest.json atomically: write a partial file, fsync, rename, fsync the directory. */
    StoreResult finalizeManifest(Manifest manifest);

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
