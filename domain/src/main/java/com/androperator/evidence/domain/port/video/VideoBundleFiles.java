package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;

/**
 * The files of one video bundle directory: manifest.json (published atomically, only by the
 * session's owner), captures.json, the retained recorder output, clip promotion and removal of
 * the intermediate source. Files 0600; hashes come from the bytes on disk.
 */
public interface VideoBundleFiles {

    Path directory();

    ManifestRead readManifest();

    Stored publishManifest(Manifest manifest);

    Stored writeCaptures(CapturesFile captures);

    /** Writes a new file (0600, fsynced) named with ".partial." and exactly {@code bytes}. */
    Stored writePartial(String partialName, byte[] bytes);

    /** Size and sha256 of a bundle file as it is on disk now. */
    Stored describe(String name);

    /** Renames a verified partial file to its final name, which must not exist. */
    Stored promote(String partialName, String finalName);

    /**
     * Restricts a file that a subprocess created (the recorder's source, an encoder's clip) to
     * mode 0600 like every bundle file; false when that failed.
     */
    boolean makePrivate(String name);

    /**
     * Moves a file the worker kept under control/ (the live recording) into the bundle as
     * {@code name}; false when there was nothing to move or the move failed.
     */
    boolean adoptFromControl(String controlName, String name);

    /** Removes a file of the bundle; false when it could not be removed. */
    boolean remove(String name);

    sealed interface Stored {
        /** {@code path} is bundle-relative. */
        record Present(String path, long bytes, String sha256) implements Stored {
        }

        record Failed(Failure failure) implements Stored {
        }
    }

    sealed interface ManifestRead {
        record Found(Manifest manifest) implements ManifestRead {
        }

        record Absent() implements ManifestRead {
        }

        record Unreadable(Failure failure) implements ManifestRead {
        }
    }
}
