package com.androperator.evidence.api.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.time.Instant;
import java.util.Optional;

/** PID plus start instant from the host's process table; it only looks, it never signals. */
public final class HostProcessIdentity implements ProcessIdentity {
    /** Where the platform cannot tell a start time, identity cannot be proven and never matches. */
    static final String UNKNOWN_START = "unknown";

    @Override
    public WorkerIdentity self() {
        ProcessHandle current = ProcessHandle.current();
        return new WorkerIdentity(current.pid(), startOf(current).map(Instant::toString).orElse(UNKNOWN_START));
    }

    @Override
    public boolean isRunning(WorkerIdentity identity) {
        if (UNKNOWN_START.equals(identity.startInstant())) {
            return false;
        }
        return ProcessHandle.of(identity.pid())
                .filter(ProcessHandle::isAlive)
                .flatMap(HostProcessIdentity::startOf)
                .map(start -> start.toString().equals(identity.startInstant()))
                .orElse(false);
    }

    private static Optional<Instant> startOf(ProcessHandle handle) {
        return handle.info().startInstant();
    }
}
