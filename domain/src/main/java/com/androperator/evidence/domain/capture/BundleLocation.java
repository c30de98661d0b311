package com.androperator.evidence.domain.capture;

import java.nio.file.Path;

/** Where a capture's bundle goes: a caller-chosen new directory, or a managed one under a bundles root. */
public sealed interface BundleLocation {
    /** The caller's explicit output directory exactly as given; the use case validates it. */
    record Explicit(String outputDir) implements BundleLocation {
    }

    /** {@code <bundlesRoot>/<evidenceId>}; {@code bundlesRoot} is absolute and already exists. */
    record Managed(Path bundlesRoot) implements BundleLocation {
        public Managed {
            if (bundlesRoot == null || !bundlesRoot.isAbsolute()) {
                throw new IllegalArgumentException("a managed bundles root is absolute");
            }
        }
    }
}
