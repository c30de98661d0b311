package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import java.util.HashSet;
import java.util.Set;

/** A host process table for start's look at a holder's worker: only the identities added here run. */
final class FakeProcessTable implements ProcessIdentity {
    private final Set<WorkerIdentity> running = new HashSet<>();

    FakeProcessTable running(WorkerIdentity identity) {
        running.add(identity);
        return this;
    }

    FakeProcessTable ended(WorkerIdentity identity) {
        running.remove(identity);
        return this;
    }

    @Override
    public WorkerIdentity self() {
        throw new AssertionError("start judges the holder's saved worker, never itself");
    }

    @Override
    public boolean isRunning(WorkerIdentity identity) {
        return running.contains(identity);
    }
}
