package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ManagedBundles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A managed bundles root that is located and prepared in memory, or refused at either step. Like
 * the file adapter it keeps a proof: once prepared, it is prepared again without a new proof, so a
 * root that {@link #stopsTakingFiles stopped taking files} is refused only when proven again.
 */
public final class FakeManagedBundles implements ManagedBundles {
    public static final Path ROOT = Path.of("/managed/bundles");

    private final List<Path> prepared = new ArrayList<>();
    private final List<Path> provenAgain = new ArrayList<>();
    private Checked<Path> located = Checked.accepted(ROOT);
    private Failure preparation;
    private Failure proof;
    private boolean proven;

    public FakeManagedBundles unlocatable(Failure failure) {
        located = Checked.rejected(failure);
        return this;
    }

    public FakeManagedBundles unpreparable(Failure failure) {
        preparation = failure;
        return this;
    }

    /** From now on a new proof of the root fails with {@code failure}; an earlier proof still stands. */
    public FakeManagedBundles stopsTakingFiles(Failure failure) {
        proof = failure;
        return this;
    }

    @Override
    public Checked<Path> locate() {
        return located;
    }

    @Override
    public Checked<Path> prepare(Path bundlesRoot) {
        if (preparation != null) {
            return Checked.rejected(preparation);
        }
        if (!proven && proof != null) {
            return Checked.rejected(proof);
        }
        proven = true;
        prepared.add(bundlesRoot);
        return Checked.accepted(bundlesRoot);
    }

    @Override
    public Checked<Path> proveAgain(Path bundlesRoot) {
        provenAgain.add(bundlesRoot);
        Failure failure = preparation != null ? preparation : proof;
        proven = failure == null;
        return failure == null ? Checked.accepted(bundlesRoot) : Checked.rejected(failure);
    }

    /** The roots prepared so far, in order. */
    public List<Path> prepared() {
        return List.copyOf(prepared);
    }

    /** The roots proven again so far, in order. */
    public List<Path> provenAgain() {
        return List.copyOf(provenAgain);
    }
}
