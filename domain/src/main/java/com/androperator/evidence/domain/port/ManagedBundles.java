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

    /**
     * {@code bundlesRoot} (from {@link #locate}) created and proven writable, or
     * EVIDENCE_STORAGE_UNWRITABLE. A root proven before may be taken on that proof while it still
     * looks writable: a bundle directory that then cannot be made in it is answered by {@link #proveAgain}.
     */
    Checked<Path> prepare(Path bundlesRoot);

    /** {@code bundlesRoot} created and proven writable now, whatever was proven before, or EVIDENCE_STORAGE_UNWRITABLE. */
    Checked<Path> proveAgain(Path bundlesRoot);
}
