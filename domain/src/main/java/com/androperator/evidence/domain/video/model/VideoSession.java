package com.androperator.evidence.domain.video.model;

import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.VideoSize;
import org.jspecify.annotations.Nullable;

/**
 * session.json: what a detached worker needs and what proves ownership, kept apart from the
 * manifest. The nonce binds heartbeats and stop requests to this session; {@code worker} is the
 * host worker's PID and start identity once it has claimed the session, and {@code recorder} the
 * recorder's (scrcpy's) once it runs, kept after it ends so that a person doing manual recovery
 * knows which process to look for. Neither authorizes a signal. Paths are absolute and saved once,
 * so a later change of the evidence root does not move them.
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
        @Nullable WorkerIdentity worker,
        @Nullable WorkerIdentity recorder,
        Recovery recovery) {

    public static final int SCHEMA_VERSION = 1;
    public static final String SCRCPY = "scrcpy";
    public static final String FILE_NAME = BundleFileNames.SESSION;

    public VideoSession {
        if (schemaVersion != SCHEMA_VERSION || blank(sessionId) || blank(nonce) || blank(recorderBackend)
                || target == null || blank(bundleDir) || blank(manifestPath) || blank(lockPath)
                || requestedSize == null || blank(createdAt) || blank(deadlineAt) || tools == null
                || recovery == null) {
            throw new IllegalArgumentException("session.json misses a required field");
        }
    }

    /** A session without a recorder identity yet (start, before the worker runs one). */
    public VideoSession(int schemaVersion, String sessionId, String nonce, String recorderBackend, Target target,
                        String bundleDir, String manifestPath, String lockPath, int requestedDurationSeconds,
                        VideoSize requestedSize, String createdAt, String deadlineAt, Tools tools,
                        @Nullable WorkerIdentity worker, Recovery recovery) {
        this(schemaVersion, sessionId, nonce, recorderBackend, target, bundleDir, manifestPath, lockPath,
                requestedDurationSeconds, requestedSize, createdAt, deadlineAt, tools, worker, null, recovery);
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

    /** The saved ownership state and, where it is not plain, why. */
    public record Recovery(String state, @Nullable String reason, String updatedAt) {
        public Recovery {
            RecoveryState.of(state);
        }

        public RecoveryState value() {
            return RecoveryState.of(state);
        }
    }

    public VideoSession withWorker(@Nullable WorkerIdentity identity, Recovery newRecovery) {
        return new VideoSession(schemaVersion, sessionId, nonce, recorderBackend, target, bundleDir, manifestPath,
                lockPath, requestedDurationSeconds, requestedSize, createdAt, deadlineAt, tools, identity, recorder,
                newRecovery);
    }

    public VideoSession withRecorder(WorkerIdentity identity) {
        return new VideoSession(schemaVersion, sessionId, nonce, recorderBackend, target, bundleDir, manifestPath,
                lockPath, requestedDurationSeconds, requestedSize, createdAt, deadlineAt, tools, worker, identity,
                recovery);
    }

    public VideoSession withRecovery(Recovery newRecovery) {
        return withWorker(worker, newRecovery);
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }
}
