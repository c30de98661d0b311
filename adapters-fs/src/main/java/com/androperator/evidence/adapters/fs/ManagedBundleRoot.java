package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.ManagedBundles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The still capture's managed bundles root: {@code <evidence root>/bundles} by the one evidence-root
 * rule ({@link EvidenceRoots}), created and proven writable when a valid request asks; or a bundles
 * root a test or server chose, used exactly as it is.
 *
 * <p>The proof is a file created and removed, so it costs an inode and a directory entry; a
 * long-lived caller (the MCP server, a Java API or JUnit run) proves its root once and then only
 * checks that it is still a directory ({@link #prepare}). A root that stops taking files later is
 * proven again when a bundle directory cannot be made in it ({@link #proveAgain}), and refused in
 * its own terms then.
 */
public final class ManagedBundleRoot implements ManagedBundles {
    private final Map<String, String> environment;
    private final Path accountHome;
    private final Path workingDirectory;
    private final Path chosen;
    /** Creates and proves the bundles root under an evidence root: {@link EvidenceRoots#prepareBundlesRoot}, or a test's. */
    private final Function<Path, EvidenceRoots.Preparation> preparer;
    /** The bundles root the last preparation proved writable, or null; any thread may read or replace it. */
    private volatile Path proven;

    private ManagedBundleRoot(Map<String, String> environment, Path accountHome, Path workingDirectory, Path chosen,
                              Function<Path, EvidenceRoots.Preparation> preparer) {
        this.environment = environment;
        this.accountHome = accountHome;
        this.workingDirectory = workingDirectory;
        this.chosen = chosen;
        this.preparer = preparer;
    }

    /** {@code <evidence root>/bundles} for a caller's environment ({@link EvidenceRoots#resolveForCaller}). */
    public static ManagedBundleRoot underEvidenceRoot(Map<String, String> environment, Path accountHome,
                                                      Path workingDirectory) {
        return underEvidenceRoot(environment, accountHome, workingDirectory, EvidenceRoots::prepareBundlesRoot);
    }

    /** As {@link #underEvidenceRoot(Map, Path, Path)}, with the root prepared by {@code preparer} (tests count its calls). */
    static ManagedBundleRoot underEvidenceRoot(Map<String, String> environment, Path accountHome, Path workingDirectory,
                                               Function<Path, EvidenceRoots.Preparation> preparer) {
        return new ManagedBundleRoot(Map.copyOf(environment), Objects.requireNonNull(accountHome, "accountHome"),
                Objects.requireNonNull(workingDirectory, "workingDirectory"), null,
                Objects.requireNonNull(preparer, "preparer"));
    }

    /** {@code bundlesRoot} resolved against {@code workingDirectory}; never created or probed. */
    public static ManagedBundleRoot chosen(Path bundlesRoot, Path workingDirectory) {
        return new ManagedBundleRoot(Map.of(), null, null,
                workingDirectory.toAbsolutePath().resolve(bundlesRoot).normalize(), EvidenceRoots::prepareBundlesRoot);
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

    /**
     * The root proven before, while it is still a directory (one stat; a missing root is made again);
     * otherwise {@link #proveAgain}.
     */
    @Override
    public Checked<Path> prepare(Path bundlesRoot) {
        if (chosen != null) {
            return Checked.accepted(bundlesRoot);
        }
        if (bundlesRoot.equals(proven) && Files.isDirectory(bundlesRoot)) {
            return Checked.accepted(bundlesRoot);
        }
        return proveAgain(bundlesRoot);
    }

    @Override
    public Checked<Path> proveAgain(Path bundlesRoot) {
        if (chosen != null) {
            return Checked.accepted(bundlesRoot);
        }
        EvidenceRoots.Preparation preparation = preparer.apply(bundlesRoot.getParent());
        if (preparation instanceof EvidenceRoots.Preparation.Refused refused) {
            proven = null;
            return Checked.rejected(refused.failure());
        }
        Path ready = ((EvidenceRoots.Preparation.Ready) preparation).bundlesRoot();
        proven = ready;
        return Checked.accepted(ready);
    }
}
