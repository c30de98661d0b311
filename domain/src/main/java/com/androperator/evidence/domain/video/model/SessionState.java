package com.androperator.evidence.domain.video.model;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Who owns a recording session, as saved in session.json, one type per state: start saved it and
 * awaits its worker; the worker claimed it and owns the lock and the recorder; or it is settled,
 * with the reason why, and nothing in the bundle changes any more. A settled session keeps the
 * worker's and the recorder's identities so that a person doing manual recovery knows which
 * processes to look for; no identity authorizes a signal.
 */
public sealed interface SessionState {

    /** The saved state's name (session.json's recovery.state). */
    RecoveryState kind();

    /** Host UTC time at which this state was saved. */
    String since();

    /** The worker that claimed the session, once one has. */
    Optional<WorkerIdentity> claimedBy();

    /** The recorder (scrcpy) the worker ran, once it runs; kept after it ends. */
    Optional<WorkerIdentity> recordedBy();

    /** Why the session settled as it did, where that is not plain (a settled state only). */
    default Optional<String> why() {
        return Optional.empty();
    }

    default boolean settled() {
        return kind().settled();
    }

    /** Written by start before the worker runs; the starter still owns the lock. */
    record AwaitingWorker(String since) implements SessionState {
        public AwaitingWorker {
            requireTime(since);
        }

        @Override
        public RecoveryState kind() {
            return RecoveryState.AWAITING_WORKER;
        }

        @Override
        public Optional<WorkerIdentity> claimedBy() {
            return Optional.empty();
        }

        @Override
        public Optional<WorkerIdentity> recordedBy() {
            return Optional.empty();
        }
    }

    /** The worker has claimed the session; {@code recorder} is null until the recorder runs. */
    record WorkerOwned(WorkerIdentity worker, @Nullable WorkerIdentity recorder, String since) implements SessionState {
        public WorkerOwned {
            if (worker == null) {
                throw new IllegalArgumentException("a worker-owned session names its worker");
            }
            requireTime(since);
        }

        @Override
        public RecoveryState kind() {
            return RecoveryState.WORKER_OWNED;
        }

        @Override
        public Optional<WorkerIdentity> claimedBy() {
            return Optional.of(worker);
        }

        @Override
        public Optional<WorkerIdentity> recordedBy() {
            return Optional.ofNullable(recorder);
        }
    }

    /**
     * The worker is done with the session ({@code how}: released, spawn_failed or
     * recovery_required); {@code reason} says why where it is not plain (null otherwise).
     */
    record Settled(RecoveryState how, @Nullable String reason, @Nullable WorkerIdentity worker,
            @Nullable WorkerIdentity recorder, String since)
            implements SessionState {
        public Settled {
            if (how == null || !how.settled()) {
                throw new IllegalArgumentException("a settled session is released, spawn_failed or recovery_required");
            }
            requireTime(since);
        }

        @Override
        public RecoveryState kind() {
            return how;
        }

        @Override
        public Optional<WorkerIdentity> claimedBy() {
            return Optional.ofNullable(worker);
        }

        @Override
        public Optional<WorkerIdentity> recordedBy() {
            return Optional.ofNullable(recorder);
        }

        @Override
        public Optional<String> why() {
            return Optional.ofNullable(reason);
        }
    }

    private static void requireTime(String since) {
        if (since == null || since.isBlank()) {
            throw new IllegalArgumentException("a session state says when it was saved");
        }
    }
}
