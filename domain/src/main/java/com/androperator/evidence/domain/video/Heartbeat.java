package com.androperator.evidence.domain.video;

/** control/heartbeat.json: the worker that holds {@code nonce} was alive at {@code at} (host UTC). */
public record Heartbeat(String nonce, long pid, String startInstant, String at) {
    public Heartbeat {
        if (nonce == null || nonce.isBlank() || pid <= 0 || startInstant == null || at == null) {
            throw new IllegalArgumentException("a heartbeat names its nonce, worker and time");
        }
    }

    public WorkerIdentity worker() {
        return new WorkerIdentity(pid, startInstant);
    }
}
