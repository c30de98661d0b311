package com.androperator.evidence.domain.video.model;

/**
 * A host process identified by PID and start time together: a PID alone may be reused by an
 * unrelated process, so it never authorizes anything on its own.
 */
public record WorkerIdentity(long pid, String startInstant) {
    public WorkerIdentity {
        if (pid <= 0 || startInstant == null || startInstant.isBlank()) {
            throw new IllegalArgumentException("a worker identity has a PID and a start instant");
        }
    }
}
