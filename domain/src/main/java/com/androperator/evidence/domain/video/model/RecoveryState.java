package com.androperator.evidence.domain.video.model;

/** Who owns a session's device lock and recorder, as saved in session.json. */
public enum RecoveryState {
    /** Written by start before the worker runs; the starter still owns the lock. */
    AWAITING_WORKER("awaiting_worker"),
    /** The worker has claimed the session and owns the lock and the recorder. */
    WORKER_OWNED("worker_owned"),
    /** Final persistence is done and the lock was released. */
    RELEASED("released"),
    /** The worker could not be spawned; start recorded a failed manifest and released its own lock. */
    SPAWN_FAILED("spawn_failed"),
    /** Ownership cannot be verified (an unresponsive recorder or a lost lock); the lock is kept for manual recovery. */
    RECOVERY_REQUIRED("recovery_required");

    private final String wire;

    RecoveryState(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /**
     * The worker is done with the session: nothing in the bundle changes any more (the worker saves
     * this state last, after the manifest, the lock release and the heartbeat).
     */
    public boolean settled() {
        return this == RELEASED || this == SPAWN_FAILED || this == RECOVERY_REQUIRED;
    }

    public static RecoveryState of(String wire) {
        for (RecoveryState state : values()) {
            if (state.wire.equals(wire)) {
                return state;
            }
        }
        throw new IllegalArgumentException("unknown recovery state: " + wire);
    }
}
