package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Whether a session's worker is still there, judged without signalling anything: alive while its
 * nonce-bound heartbeat is fresh or its PID still runs with the saved start instant; unavailable
 * only when the heartbeat is stale and that identity is gone. A heartbeat with another nonce means
 * ownership cannot be verified.
 */
public final class WorkerLiveness {
    private WorkerLiveness() {
    }

    public enum Verdict {
        ALIVE,
        AWAITING_CLAIM,
        UNAVAILABLE,
        OWNERSHIP_UNVERIFIED
    }

    public static Verdict assess(VideoSession session, Optional<Heartbeat> heartbeat, ProcessIdentity processes,
                                 Instant now) {
        if (heartbeat.isPresent() && !heartbeat.get().nonce().equals(session.nonce())) {
            return Verdict.OWNERSHIP_UNVERIFIED;
        }
        Optional<WorkerIdentity> claimed = session.state().claimedBy();
        if (claimed.isEmpty()) {
            boolean recent = session.state() instanceof SessionState.AwaitingWorker
                    && age(session.createdAt(), now).map(age -> age.toMillis() < VideoLimits.WORKER_CLAIM_GRACE_MILLIS)
                    .orElse(false);
            return recent ? Verdict.AWAITING_CLAIM : Verdict.UNAVAILABLE;
        }
        WorkerIdentity worker = claimed.get();
        boolean fresh = heartbeat.isPresent() && heartbeat.get().worker().equals(worker)
                && age(heartbeat.get().at(), now).map(age -> age.toMillis() <= VideoLimits.HEARTBEAT_STALE_MILLIS)
                .orElse(false);
        if (fresh || processes.isRunning(worker)) {
            return Verdict.ALIVE;
        }
        return Verdict.UNAVAILABLE;
    }

    private static Optional<Duration> age(String instant, Instant now) {
        try {
            return Optional.of(Duration.between(Instant.parse(instant), now));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
