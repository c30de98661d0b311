package com.androperator.evidence.domain.capture;

import org.jspecify.annotations.Nullable;

/** Where a capture's bundle goes: a caller-chosen new directory, or a managed one under the managed bundles root. */
public sealed interface BundleLocation {
    /** A managed bundle: {@code <bundles root>/<evidenceId>}, the root given by the {@code ManagedBundles} port. */
    BundleLocation MANAGED = new Managed();

    /** The caller's explicit output directory exactly as given; the use case validates it. */
    record Explicit(String outputDir) implements BundleLocation {
    }

    /** {@code <bundles root>/<evidenceId>}. */
    record Managed() implements BundleLocation {
    }

    /** The explicit directory as given, or a managed bundle when {@code outputDir} is null. */
    static BundleLocation of(@Nullable String outputDir) {
        return outputDir == null ? MANAGED : new Explicit(outputDir);
    }
}
