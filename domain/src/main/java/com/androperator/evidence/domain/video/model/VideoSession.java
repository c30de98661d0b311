package com.androperator.evidence.domain.video.model;

import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.VideoSize;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A recording session: what a detached worker needs and what proves ownership, kept apart from
 * the manifest (in session.json). The nonce binds heartbeats and stop requests to this session;
 * {@code state} says who owns it now ({@link SessionState}). Paths are absolute and saved once, so
 * that a later change of the evidence root does not move them.
 *
 * @param recorderBackend  "scrcpy" for every new recording
 * @param lockPath         the device lock file this session holds (the ownership path)
 * @param deadlineAt       host UTC time by which the worker stops the recorder itself
 * @param tools            absolute paths of the checked scrcpy, ffmpeg, ffprobe and (nullable) adb
 *
 * <p>The startup environment is not saved here (it may hold secrets): the worker inherits it.
 */
public record VideoSession(
        int schemaVersion,
        String sessionId,
        String nonce,
        String recorderBackend,
        Target target,
        String bundleDir,
        String manifestPath,
        String lockPath,
        int requestedDurationSeconds,
        VideoSize requestedSize,
        String createdAt,
        String deadlineAt,
        Tools tools,
        SessionState state) {

    public static final int SCHEMA_VERSION = 1;
    public static final String SCRCPY = "scrcpy";
    public static final String FILE_NAME = BundleFileNames.SESSION;

    public VideoSession {
        if (schemaVersion != SCHEMA_VERSION || blank(sessionId) || blank(nonce) || blank(recorderBackend)
                || target == null || blank(bundleDir) || blank(manifestPath) || blank(lockPath)
                || requestedSize == null || blank(createdAt) || blank(deadlineAt) || tools == null
                || state == null) {
            throw new IllegalArgumentException("session.json misses a required field");
        }
    }

    /**
     * The device and Operator the session was started for; status and stop never change them.
     * {@code operatorPackage} is null when the recording was started without one (video needs only scrcpy).
     */
    public record Target(String serial, @Nullable String operatorPackage) {
        public Target {
            if (blank(serial)) {
                throw new IllegalArgumentException("a target names its device");
            }
        }
    }

    public record Tools(String scrcpy, String ffmpeg, String ffprobe, @Nullable String adb) {
        public Tools {
            if (blank(scrcpy) || blank(ffmpeg) || blank(ffprobe)) {
                throw new IllegalArgumentException("the recording tools are saved with the session");
            }
        }
    }

    public VideoSession withState(SessionState next) {
        return new VideoSession(schemaVersion, sessionId, nonce, recorderBackend, target, bundleDir, manifestPath,
                lockPath, requestedDurationSeconds, requestedSize, createdAt, deadlineAt, tools,
                Objects.requireNonNull(next, "state"));
    }

    /** Claimed by the worker {@code self} at {@code at}: it owns the lock and, once it runs one, the recorder. */
    public VideoSession claimedBy(WorkerIdentity self, String at) {
        return withState(new SessionState.WorkerOwned(self, null, at));
    }

    /** The recorder the owning worker runs; only a worker-owned session has one to record. */
    public VideoSession withRecorder(WorkerIdentity recorder) {
        if (!(state instanceof SessionState.WorkerOwned owned)) {
            throw new IllegalStateException("only a worker-owned session runs a recorder, not " + state.kind().wire());
        }
        return withState(new SessionState.WorkerOwned(owned.worker(), recorder, owned.since()));
    }

    /** Settled {@code how} at {@code at}, keeping the identities recovery may need; {@code reason} may be null. */
    public VideoSession settled(RecoveryState how, @Nullable String reason, String at) {
        return withState(new SessionState.Settled(how, reason, state.claimedBy().orElse(null),
                state.recordedBy().orElse(null), at));
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }
}
