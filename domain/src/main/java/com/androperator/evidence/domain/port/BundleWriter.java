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

        /** The write failed ({@code code} STORAGE_FAILED); anything already written stays. */
        record StoreFailed(Failure failure) implements StoreResult {
        }
    }
}
