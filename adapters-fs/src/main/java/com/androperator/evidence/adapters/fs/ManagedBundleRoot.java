package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.ManagedBundles;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The still capture's managed bundles root: {@code <evidence root>/bundles} by the one evidence-root
 * rule ({@link EvidenceRoots}), created and proven writable when a valid request asks; or a bundles
 * root a test or server chose, used exactly as it is.
 */
public final class ManagedBundleRoot implements ManagedBundles {
    private final Map<String, String> environment;
    private final Path accountHome;
    private final Path workingDirectory;
    private final Path chosen;

    private ManagedBundleRoot(Map<String, String> environment, Path accountHome, Path workingDirectory, Path chosen) {
        this.environment = environment;
        this.accountHome = accountHome;
        this.workingDirectory = workingDirectory;
        this.chosen = chosen;
    }

    /** {@code <evidence root>/bundles} for a caller's environment ({@link EvidenceRoots#resolveForCaller}). */
    public static ManagedBundleRoot underEvidenceRoot(Map<String, String> environment, Path accountHome,
                                                      Path workingDirectory) {
        return new ManagedBundleRoot(Map.copyOf(environment), Objects.requireNonNull(accountHome, "accountHome"),
                Objects.requireNonNull(workingDirectory, "workingDirectory"), null);
    }

    /** {@code bundlesRoot} resolved against {@code workingDirectory}; never created or probed. */
    public static ManagedBundleRoot chosen(Path bundlesRoot, Path workingDirectory) {
        return new ManagedBundleRoot(Map.of(), null, null,
                workingDirectory.toAbsolutePath().resolve(bundlesRoot).normalize());
    }

    @Override
    public Checked<Path> locate() {
        if (chosen != null) {
            return Checked.accepted(chosen);
        }
        EvidenceRoots.Resolution resolution = EvidenceRoots.resolveForCaller(environment, accountHome, workingDirectory);
        if (resolution instanceof EvidenceRoots.Resolution.Invalid invalid) {
            return Checked.rejected(invalid.failure());
        }
        return Checked.accepted(((EvidenceRoots.Resolution.Resolved) resolution).bundlesRoot());
    }

    @Override
    public Checked<Path> prepare(Path bundlesRoot) {
        if (chosen != null) {
            return Checked.accepted(bundlesRoot);
        }
        EvidenceRoots.Preparation preparation = EvidenceRoots.prepareBundlesRoot(bundlesRoot.getParent());
        if (preparation instanceof EvidenceRoots.Preparation.Refused refused) {
            return Checked.rejected(refused.failure());
        }
        return Checked.accepted(((EvidenceRoots.Preparation.Ready) preparation).bundlesRoot());
    }
}
