package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.model.Failure;

/**
 * The files of one video bundle directory: the still bundle's {@link BundleWriter} (files 0600,
 * partial then verified rename, captures.json, manifest.json published atomically and only by the
 * session's owner, a terminal bundle never modified; hashes from the bytes written) plus what video
 * needs: reading the manifest back, describing a file a subprocess wrote, making it private,
 * adopting the live recording from control/ and removing the intermediate source.
 */
public interface VideoBundleFiles extends BundleWriter {

    ManifestRead readManifest();

    /** Size and sha256 of a bundle file as it is on disk now ({@code Stored}), or why it cannot be read. */
    StoreResult describe(String name);

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

    sealed interface ManifestRead {
        record Found(Manifest manifest) implements ManifestRead {
        }

        record Absent() implements ManifestRead {
        }

        record Unreadable(Failure failure) implements ManifestRead {
        }
    }
}
