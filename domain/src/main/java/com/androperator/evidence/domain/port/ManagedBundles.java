package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.model.Checked;
import java.nio.file.Path;

/**
 * Where a still capture without an output directory puts its bundle: the managed bundles root
 * ({@code <evidence root>/bundles}, or a root a test or server chose). Located first, without
 * touching the file system, so that an invalid request is refused before anything is created;
 * prepared only for a request that passed validation.
 */
public interface ManagedBundles {

    /** The absolute bundles root, or EXECUTION_VALIDATION_FAILED when its configuration is unusable. */
    Checked<Path> locate();

    /** {@code bundlesRoot} (from {@link #locate}) created and proven writable, or EVIDENCE_STORAGE_UNWRITABLE. */
    Checked<Path> prepare(Path bundlesRoot);
}
