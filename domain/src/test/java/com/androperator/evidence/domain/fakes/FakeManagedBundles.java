package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ManagedBundles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A managed bundles root that is located and prepared in memory, or refused at either step. */
public final class FakeManagedBundles implements ManagedBundles {
    public static final Path ROOT = Path.of("/managed/bundles");

    private final List<Path> prepared = new ArrayList<>();
    private Checked<Path> located = Checked.accepted(ROOT);
    private Failure preparation;

    public FakeManagedBundles unlocatable(Failure failure) {
        located = Checked.rejected(failure);
        return this;
    }

    public FakeManagedBundles unpreparable(Failure failure) {
        preparation = failure;
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
        prepared.add(bundlesRoot);
        return Checked.accepted(bundlesRoot);
    }

    /** The roots prepared so far, in order. */
    public List<Path> prepared() {
        return List.copyOf(prepared);
    }
}
