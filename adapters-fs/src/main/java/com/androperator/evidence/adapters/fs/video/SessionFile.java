package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;

/**
 * session.json as it is written and read: the one data transfer object of a {@link VideoSession}.
 * Its shape is the file's (property order, the nullable {@code worker} and {@code recorder}, the
 * {@code recovery} object with its state word); the domain's sealed {@link SessionState} is made
 * from it and turned back into it here, and nowhere else.
 */
public record SessionFile(
        int schemaVersion,
        String sessionId,
        String nonce,
        String recorderBackend,
        VideoSession.Target target,
        String bundleDir,
        String manifestPath,
        String lockPath,
        int requestedDurationSeconds,
        VideoSize requestedSize,
        String createdAt,
        String deadlineAt,
        VideoSession.Tools tools,
        WorkerIdentity worker,
        WorkerIdentity recorder,
        Recovery recovery) {

    /** The saved ownership state and, where it is not plain, why. */
    public record Recovery(String state, String reason, String updatedAt) {
        public Recovery {
            RecoveryState.of(state);
        }

        public RecoveryState value() {
            return RecoveryState.of(state);
        }
    }

    public static SessionFile of(VideoSession session) {
        SessionState state = session.state();
        return new SessionFile(session.schemaVersion(), session.sessionId(), session.nonce(), session.recorderBackend(),
                session.target(), session.bundleDir(), session.manifestPath(), session.lockPath(),
                session.requestedDurationSeconds(), session.requestedSize(), session.createdAt(), session.deadlineAt(),
                session.tools(), state.claimedBy().orElse(null), state.recordedBy().orElse(null),
                new Recovery(state.kind().wire(), state.why().orElse(null), state.since()));
    }

    /** The session this file holds; IllegalArgumentException when a field or the state is not valid. */
    public VideoSession toSession() {
        if (recovery == null) {
            throw new IllegalArgumentException("session.json misses a required field");
        }
        return new VideoSession(schemaVersion, sessionId, nonce, recorderBackend, target, bundleDir, manifestPath,
                lockPath, requestedDurationSeconds, requestedSize, createdAt, deadlineAt, tools, state());
    }

    private SessionState state() {
        RecoveryState kind = recovery.value();
        if (kind == RecoveryState.AWAITING_WORKER) {
            if (worker != null || recorder != null) {
                throw new IllegalArgumentException("a session awaiting its worker names no worker or recorder");
            }
            return new SessionState.AwaitingWorker(recovery.updatedAt());
        }
        if (kind == RecoveryState.WORKER_OWNED) {
            return new SessionState.WorkerOwned(worker, recorder, recovery.updatedAt());
        }
        return new SessionState.Settled(kind, recovery.reason(), worker, recorder, recovery.updatedAt());
    }
}
