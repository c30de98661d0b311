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
 * long-lived process (the MCP server, a Java API or JUnit run) proves its root once and then only
 * checks that it is still a writable directory ({@link #prepare}). The proof outlives this object, which
 * each capture makes anew: the process remembers the last root proven. A root that stops taking
 * files later is proven again when a bundle directory cannot be made in it ({@link #proveAgain}),
 * and refused in its own terms then.
 */
public final class ManagedBundleRoot implements ManagedBundles {
    private final Map<String, String> environment;
    private final Path accountHome;
    private final Path workingDirectory;
    private final Path chosen;
    /** Creates and proves the bundles root under an evidence root: {@link EvidenceRoots#prepareBundlesRoot}, or a test's. */
    private final Function<Path, EvidenceRoots.Preparation> preparer;
    private final LastProof proof;

    /**
     * The bundles root the last preparation proved writable: one for the process ({@link #PROCESS}),
     * one root only, so that a process that captures under many roots keeps nothing for each.
     */
    static final class LastProof {
        static final LastProof PROCESS = new LastProof();
        /** Null before any proof, and after a refused one; any thread may read or replace it. */
        private volatile Path root;
    }

    private ManagedBundleRoot(Map<String, String> environment, Path accountHome, Path workingDirectory, Path chosen,
                              Function<Path, EvidenceRoots.Preparation> preparer, LastProof proof) {
        this.environment = environment;
        this.accountHome = accountHome;
        this.workingDirectory = workingDirectory;
        this.chosen = chosen;
        this.preparer = preparer;
        this.proof = proof;
    }

    /** {@code <evidence root>/bundles} for a caller's environment ({@link EvidenceRoots#resolveForCaller}). */
    public static ManagedBundleRoot underEvidenceRoot(Map<String, String> environment, Path accountHome,
                                                      Path workingDirectory) {
        return underEvidenceRoot(environment, accountHome, workingDirectory, EvidenceRoots::prepareBundlesRoot,
                LastProof.PROCESS);
    }

    /**
     * As {@link #underEvidenceRoot(Map, Path, Path)}, with the root prepared by {@code preparer} and
     * its proof kept in {@code proof} (tests count the preparations, and keep their own proof).
     */
    static ManagedBundleRoot underEvidenceRoot(Map<String, String> environment, Path accountHome, Path workingDirectory,
                                               Function<Path, EvidenceRoots.Preparation> preparer, LastProof proof) {
        return new ManagedBundleRoot(Map.copyOf(environment), Objects.requireNonNull(accountHome, "accountHome"),
                Objects.requireNonNull(workingDirectory, "workingDirectory"), null,
                Objects.requireNonNull(preparer, "preparer"), Objects.requireNonNull(proof, "proof"));
    }

    /** {@code bundlesRoot} resolved against {@code workingDirectory}; never created or probed. */
    public static ManagedBundleRoot chosen(Path bundlesRoot, Path workingDirectory) {
        return new ManagedBundleRoot(Map.of(), null, null,
                workingDirectory.toAbsolutePath().resolve(bundlesRoot).normalize(), EvidenceRoots::prepareBundlesRoot,
                new LastProof());
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
     * The root proven before, while it is still a directory that the kernel calls writable (a stat
     * and an access(2), which see a read-only mount and lost permissions; a missing root is made
     * again); otherwise {@link #proveAgain}.
     */
    @Override
    public Checked<Path> prepare(Path bundlesRoot) {
        if (chosen != null) {
            return Checked.accepted(bundlesRoot);
        }
        if (bundlesRoot.equals(proof.root) && Files.isDirectory(bundlesRoot) && Files.isWritable(bundlesRoot)) {
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
            proof.root = null;
            return Checked.rejected(refused.failure());
        }
        Path ready = ((EvidenceRoots.Preparation.Ready) preparation).bundlesRoot();
        proof.root = ready;
        return Checked.accepted(ready);
    }
}
