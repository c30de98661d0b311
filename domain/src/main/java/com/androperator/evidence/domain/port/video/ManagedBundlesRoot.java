package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.model.Checked;
import java.nio.file.Path;

/**
 * The managed bundles directory ({@code <evidence root>/bundles}), already resolved at request
 * entry. It is created and proven writable only when a start reaches its storage preflight, so
 * that dependency and device refusals leave nothing behind.
 */
@FunctionalInterface
public interface ManagedBundlesRoot {

    /** The absolute, existing, writable bundles directory, or EVIDENCE_STORAGE_UNWRITABLE. */
    Checked<Path> prepare();
}
