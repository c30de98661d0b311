package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A host process table: only this process and the identities added here run. It records what it was
 * asked, so a test can prove a use case looked only at the saved worker, or never at itself.
 * {@link FakeProcessTableContractTest} holds it to the host adapter's contract.
 */
final class FakeProcessTable implements ProcessIdentity {
    /** The process that asks, unless a test names another. */
    static final WorkerIdentity THIS_PROCESS = new WorkerIdentity(1000, "2026-01-01T00:00:00.250Z");

    private final WorkerIdentity self;
    private final Set<WorkerIdentity> running = new HashSet<>();
    private final List<WorkerIdentity> asked = new ArrayList<>();
    private int selfAsked;

    FakeProcessTable() {
        this(THIS_PROCESS);
    }

    FakeProcessTable(WorkerIdentity self) {
        this.self = self;
        running.add(self);
    }

    synchronized FakeProcessTable running(WorkerIdentity identity) {
        running.add(identity);
        return this;
    }

    synchronized FakeProcessTable ended(WorkerIdentity identity) {
        running.remove(identity);
        return this;
    }

    /** Every identity {@link #isRunning} was asked about, in order. */
    synchronized List<WorkerIdentity> asked() {
        return List.copyOf(asked);
    }

    /** How often {@link #self} was asked. */
    synchronized int selfAsked() {
        return selfAsked;
    }

    @Override
    public synchronized WorkerIdentity self() {
        selfAsked++;
        return self;
    }

    @Override
    public synchronized boolean isRunning(WorkerIdentity identity) {
        asked.add(identity);
        return running.contains(identity);
    }
}
