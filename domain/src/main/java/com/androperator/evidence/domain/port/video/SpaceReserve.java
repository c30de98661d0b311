package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.Saved;
import java.nio.file.Path;

/**
 * Real disk space set aside under control/ (written, not sparse), so that the worker's last small
 * writes (diagnostics, captures.json, the terminal manifest, the settled session) still succeed on
 * a disk that fills up while it records or finalizes.
 */
public interface SpaceReserve {

    Saved reserveSpace(Path bundleDir, long bytes);

    /** Gives the reserved space back (nothing when none is reserved); true when none is reserved any more. */
    boolean releaseSpace(Path bundleDir);
}
