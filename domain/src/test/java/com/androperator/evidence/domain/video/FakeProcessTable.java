package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A host process table: only this process and the identities added here run. It records what it was
 * asked, so a test can prove a use case looked only at the saved worker, or never at itself.
 * {@link FakeProcessTableContractTest} holds it to the host adapter's contract.
 */
final class FakeProcessTable implements ProcessIdentity {
    /** The process that asks, unless a test names another. */
    static final WorkerIdentity THIS_PROCESS = new WorkerIdentity(1000, "2026-01-01T00:00:00.250Z");

    private final WorkerIdentity self;
    private final Set<WorkerIdentity> running = ConcurrentHashMap.newKeySet();
    private final List<WorkerIdentity> asked = new ArrayList<>();
    private final AtomicInteger selfAsked = new AtomicInteger();

    FakeProcessTable() {
        this(THIS_PROCESS);
    }

    FakeProcessTable(WorkerIdentity self) {
        this.self = self;
        running.add(self);
    }

    FakeProcessTable running(WorkerIdentity identity) {
        running.add(identity);
        return this;
    }

    FakeProcessTable ended(WorkerIdentity identity) {
        running.remove(identity);
        return this;
    }

    /** Every identity {@link #isRunning} was asked about, in order. */
    synchronized List<WorkerIdentity> asked() {
        return List.copyOf(asked);
    }

    /** How often {@link #self} was asked. */
    int selfAsked() {
        return selfAsked.get();
    }

    @Override
    public WorkerIdentity self() {
        selfAsked.incrementAndGet();
        return self;
    }

    @Override
    public boolean isRunning(WorkerIdentity identity) {
        synchronized (this) {
            asked.add(identity);
        }
        return running.contains(identity);
    }
}
