package com.androperator.evidence.domain.video.model;

import org.jspecify.annotations.Nullable;

/**
 * control/heartbeat.json: the worker that holds {@code nonce} was alive at {@code at} (host UTC);
 * while it finalizes, {@code finalizing} says how far it has come (null before and after).
 */
public record Heartbeat(String nonce, long pid, String startInstant, String at,
                        @Nullable FinalizationProgress finalizing) {
    public Heartbeat {
        if (nonce == null || nonce.isBlank() || pid <= 0 || startInstant == null || at == null) {
            throw new IllegalArgumentException("a heartbeat names its nonce, worker and time");
        }
    }

    public Heartbeat(String nonce, long pid, String startInstant, String at) {
        this(nonce, pid, startInstant, at, null);
    }

    public WorkerIdentity worker() {
        return new WorkerIdentity(pid, startInstant);
    }
}
