package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.video.DeviceLocks.Release;
import com.androperator.evidence.domain.video.RecorderLauncher.RecorderCommand;
import com.androperator.evidence.domain.video.RecorderLauncher.RecorderOutput;
import com.androperator.evidence.domain.video.RecorderLauncher.RecorderProcess;
import com.androperator.evidence.domain.video.RecorderLauncher.RecorderStart;
import com.androperator.evidence.domain.video.SessionStore.SessionRead;
import com.androperator.evidence.domain.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.video.VideoBundleFiles.Stored;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The detached worker's whole life for one session: claim the session with this process's
 * identity, keep a nonce-bound heartbeat, start scrcpy as its own child, confirm the capture file,
 * honour nonce-bound stop requests and the duration, then finalize and publish the terminal
 * manifest, and only then release the device lock. It is the only publisher of a claimed session's
 * manifests and it signals only the recorder child it started.
 */
public final class VideoWorker {
    public static final String ENCODER_STDERR = "encoder.stderr.txt";
    public static final String ENCODER_STDERR_PARTIAL = "encoder.stderr.partial.txt";
    public static final String CAPTURES = "captures.json";
    private static final long POLL_MILLIS = 100;

    private final WorkerPorts ports;

    public VideoWorker(WorkerPorts ports) {
        this.ports = ports;
    }

    /** How the worker ended, for its exit status and log. */
    public enum WorkerExit {
        FINISHED,
        SESSION_UNREADABLE,
        NOT_OURS,
        OWNERSHIP_UNVERIFIED,
        RECORDER_UNRESPONSIVE,
        PERSISTENCE_FAILED
    }

    public WorkerExit run(Path bundleDir) {
        SessionRead read = ports.sessions().readSession(bundleDir);
        if (!(read instanceof SessionRead.Found found)) {
            return WorkerExit.SESSION_UNREADABLE;
        }
        VideoSession session = found.session();
        if (session.worker() != null || session.recovery().value() != RecoveryState.AWAITING_WORKER) {
            // Another worker claimed it, or start already gave up on it: never take a session over.
            return WorkerExit.NOT_OURS;
        }
        VideoBundleFiles bundle = ports.bundles().apply(bundleDir);
        if (!(bundle.readManifest() instanceof ManifestRead.Found manifest)) {
            return WorkerExit.SESSION_UNREADABLE;
        }
        Manifest base = manifest.manifest();
        WorkerIdentity self = ports.identity().self();
        Path lockPath = Path.of(session.lockPath());
        boolean lockIsOurs = ports.locks().holder(lockPath).map(claim -> claim.nonce().equals(session.nonce()))
                .orElse(false);
        if (!lockIsOurs) {
            BundleError error = VideoStage.error(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED, VideoStage.STARTUP,
                    "The device lock " + lockPath + " does not hold this session's nonce, so ownership cannot be verified;"
                            + " nothing was recorded.", VideoStage.RECORDER);
            ports.sessions().saveSession(bundleDir, session.withWorker(self,
                    recovery(RecoveryState.RECOVERY_REQUIRED, "device lock not held by this session")));
            bundle.publishManifest(VideoManifests.startupFailed(base, now(), List.of(error)));
            return WorkerExit.OWNERSHIP_UNVERIFIED;
        }
        VideoSession claimed = session.withWorker(self, recovery(RecoveryState.WORKER_OWNED, null));
        if (ports.sessions().saveSession(bundleDir, claimed) instanceof SessionStore.Saved.NotWritten notWritten) {
            BundleError error = VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.STARTUP,
                    "The worker could not claim session.json: " + notWritten.failure().message(), null);
            bundle.publishManifest(VideoManifests.startupFailed(base, now(), List.of(error)));
            ports.locks().release(lockPath, session.nonce());
            return WorkerExit.PERSISTENCE_FAILED;
        }
        try (HeartbeatPulse ignored = HeartbeatPulse.start(ports.sessions(), bundleDir, claimed.nonce(), self,
                ports.wallClock())) {
            return record(claimed, bundle, base, bundleDir, lockPath);
        }
    }

    private enum Startup { OPENED, EXITED, STOP_REQUESTED, TIMED_OUT }

    private WorkerExit record(VideoSession session, VideoBundleFiles bundle, Manifest base, Path bundleDir, Path lockPath) {
        MediaToolkit.MediaTools tools = ports.media().forTools(session.tools());
        Instant recordingStarted = ports.wallClock().now();
        long startNanos = ports.monotonicClock().nanoTime();
        RecorderStart start = tools.recorder().launch(new RecorderCommand(session.tools().scrcpy(), session.tools().adb(),
                session.target().serial(), VideoSizing.longestEdge(session.requestedSize()),
                bundleDir.resolve(VideoFinalization.LIVE_SOURCE), session.requestedDurationSeconds(),
                ports.environment()));
        if (start instanceof RecorderStart.NotStarted notStarted) {
            BundleError error = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                    "The recorder could not be started: " + notStarted.failure().message(), VideoStage.RECORDER);
            return publishAndRelease(session, bundle, lockPath, VideoManifests.startupFailed(base, now(), List.of(error)));
        }
        RecorderProcess recorder = ((RecorderStart.Started) start).process();

        List<BundleError> recordingErrors = new ArrayList<>();
        Map<String, Object> receipt = new LinkedHashMap<>();
        Startup startup = awaitCaptureFile(recorder, session, bundleDir, startNanos, receipt);
        StopReason stopReason;
        boolean interrupted = false;
        if (startup == Startup.OPENED) {
            bundle.makePrivate(VideoFinalization.LIVE_SOURCE);
            bundle.publishManifest(VideoManifests.active(base, BundleStatus.RECORDING, null, null));
            long limitNanos = session.requestedDurationSeconds() * 1_000_000_000L;
            long workerBound = startNanos + limitNanos + VideoLimits.WORKER_DURATION_SLACK_MILLIS * 1_000_000L;
            StopReason decided = null;
            while (decided == null) {
                if (!recorder.isAlive()) {
                    break;
                }
                Optional<StopRequest> request = honouredStop(session, bundleDir);
                if (request.isPresent()) {
                    receipt.put("stopRequestId", request.get().requestId());
                    decided = StopReason.REQUESTED;
                } else if (ports.monotonicClock().nanoTime() - workerBound >= 0) {
                    decided = StopReason.DURATION_CAP;
                } else {
                    ports.pause().pause(POLL_MILLIS);
                }
            }
            if (decided != null) {
                interrupted = recorder.interrupt();
                stopReason = decided;
            } else {
                stopReason = ownExitReason(recorder, startNanos, session, recordingErrors);
            }
        } else {
            stopReason = StopReason.STARTUP_FAILURE;
            if (recorder.isAlive()) {
                interrupted = recorder.interrupt();
            }
            recordingErrors.add(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP, switch (startup) {
                case EXITED -> "The recorder exited with status " + exitText(recorder.exitStatus())
                        + " before it opened its capture file; see encoder.stderr.txt.";
                case STOP_REQUESTED -> "A stop was requested before the recorder opened its capture file.";
                default -> "The recorder did not open its capture file within "
                        + VideoLimits.WORKER_STARTUP_MILLIS / 1000 + " s.";
            }, VideoStage.RECORDER));
        }
        receipt.put("interruptSent", interrupted);
        if (!recorder.awaitExit(VideoLimits.RECORDER_STOP_GRACE_MILLIS)) {
            return unresponsive(session, bundle, base, startNanos, stopReason);
        }
        long hostDurationMs = elapsedMs(startNanos);
        Instant recordingFinished = ports.wallClock().now();
        bundle.adoptFromControl(VideoFinalization.SOURCE_NAME, VideoFinalization.SOURCE_NAME);
        bundle.makePrivate(VideoFinalization.SOURCE_NAME);
        if (stopReason == StopReason.REQUESTED && recorder.exitStatus().orElse(-1) != 0) {
            recordingErrors.add(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.RECORDING,
                    "The recorder exited with status " + exitText(recorder.exitStatus()) + " after SIGINT.",
                    VideoStage.RECORDER));
        }
        bundle.publishManifest(VideoManifests.active(base, BundleStatus.FINALIZING, stopReason, hostDurationMs));

        Instant finalizationStarted = ports.wallClock().now();
        long finalizationNanos = ports.monotonicClock().nanoTime();
        FinalizedMedia media = new VideoFinalization(tools.inspector(), tools.encoder(), tools.verifier(),
                ports.wallClock(), ports.monotonicClock()).finalizeSource(bundle, session.requestedSize(),
                recordingStarted, hostDurationMs);
        List<BundleError> moreErrors = new ArrayList<>(recordingErrors);
        List<Artifact> others = new ArrayList<>();
        others.add(recorderOutput(bundle, recorder.output(), recordingStarted, recordingFinished, hostDurationMs,
                moreErrors));

        Map<String, Object> result = new LinkedHashMap<>();
        OptionalInt exit = recorder.exitStatus();
        result.put("ok", exit.isPresent() && exit.getAsInt() == 0 && recordingErrors.isEmpty());
        result.put("exitStatus", exit.isPresent() ? exit.getAsInt() : null);
        result.put("stopReason", stopReason.wire());
        RecorderOutput output = recorder.output();
        result.put("outputBytes", output.totalBytes());
        result.put("outputTruncated", output.truncated());
        receipt.put("sessionId", session.sessionId());
        receipt.put("command", recorder.commandLine());
        receipt.put("recorderPid", recorder.pid());
        receipt.put("sourceFrames", media.frameCount());
        String firstClip = media.clips().isEmpty() ? null : media.clips().get(0).path();
        Timing observation = new Timing(recordingStarted.toString(), recordingFinished.toString(), hostDurationMs);
        Timing persistence = new Timing(finalizationStarted.toString(), ports.wallClock().now().toString(),
                elapsedMs(finalizationNanos));
        CaptureRecord record = new CaptureRecord("video", VideoSession.SCRCPY, null, null, firstClip, observation,
                persistence, result, receipt, recordingErrors.isEmpty() ? null : recordingErrors.get(0));
        others.add(capturesArtifact(bundle, new CapturesFile(Manifest.SCHEMA_VERSION, base.evidenceId(),
                List.of(record), media.spans()), finalizationStarted, finalizationNanos, moreErrors));

        Manifest terminal = VideoManifests.terminal(base, now(), stopReason, hostDurationMs, media, others, moreErrors);
        return publishAndRelease(session, bundle, lockPath, terminal);
    }

    private Startup awaitCaptureFile(RecorderProcess recorder, VideoSession session, Path bundleDir, long startNanos,
                                     Map<String, Object> receipt) {
        while (true) {
            if (recorder.captureFileOpened() && recorder.isAlive()) {
                receipt.put("captureFileOpenedAfterMs", elapsedMs(startNanos));
                return Startup.OPENED;
            }
            if (!recorder.isAlive()) {
                return recorder.captureFileOpened() ? Startup.OPENED : Startup.EXITED;
            }
            Optional<StopRequest> request = honouredStop(session, bundleDir);
            if (request.isPresent()) {
                receipt.put("stopRequestId", request.get().requestId());
                return Startup.STOP_REQUESTED;
            }
            if (elapsedMs(startNanos) >= VideoLimits.WORKER_STARTUP_MILLIS) {
                return Startup.TIMED_OUT;
            }
            ports.pause().pause(20);
        }
    }

    /** The recorder ended by itself: its --time-limit (exit 0 near the limit), or a failure. */
    private StopReason ownExitReason(RecorderProcess recorder, long startNanos, VideoSession session,
                                     List<BundleError> errors) {
        recorder.awaitExit(VideoLimits.RECORDER_STOP_GRACE_MILLIS);
        long elapsed = elapsedMs(startNanos);
        long limitMs = session.requestedDurationSeconds() * 1000L;
        OptionalInt status = recorder.exitStatus();
        if (status.isPresent() && status.getAsInt() == 0 && elapsed >= limitMs - VideoLimits.DURATION_CAP_TOLERANCE_MILLIS) {
            return StopReason.DURATION_CAP;
        }
        errors.add(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.RECORDING, "The recorder exited with status "
                + exitText(status) + " after " + elapsed + " ms, before its " + session.requestedDurationSeconds()
                + " s limit; see encoder.stderr.txt.", VideoStage.RECORDER));
        return StopReason.FAILURE;
    }

    private Optional<StopRequest> honouredStop(VideoSession session, Path bundleDir) {
        return ports.sessions().stopRequests(bundleDir).stream()
                .filter(request -> request.nonce().equals(session.nonce()))
                .findFirst();
    }

    /**
     * SIGINT did not end the recorder. Its own --time-limit still bounds it; the file is still
     * open, so nothing is finalized, and the lock stays for manual recovery.
     */
    private WorkerExit unresponsive(VideoSession session, VideoBundleFiles bundle, Manifest base, long startNanos,
                                    StopReason stopReason) {
        BundleError error = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.RECORDING,
                "The recorder did not exit within " + VideoLimits.RECORDER_STOP_GRACE_MILLIS / 1000
                        + " s of SIGINT; it stays bounded by its own --time-limit. The device lock is kept: verify the "
                        + "recorder has ended before manual recovery.", VideoStage.RECORDER);
        FinalizedMedia nothing = new FinalizedMedia(List.of(), Optional.empty(), List.of(), List.of(), false, false,
                null, null, 0);
        bundle.publishManifest(VideoManifests.terminal(base, now(), StopReason.FAILURE, elapsedMs(startNanos), nothing,
                List.of(), List.of(error)));
        ports.sessions().saveSession(bundle.directory(), session.withRecovery(
                recovery(RecoveryState.RECOVERY_REQUIRED, "recorder unresponsive after SIGINT (stop reason "
                        + stopReason.wire() + ")")));
        return WorkerExit.RECORDER_UNRESPONSIVE;
    }

    private WorkerExit publishAndRelease(VideoSession session, VideoBundleFiles bundle, Path lockPath, Manifest terminal) {
        if (bundle.publishManifest(terminal) instanceof Stored.Failed) {
            ports.sessions().saveSession(bundle.directory(), session.withRecovery(
                    recovery(RecoveryState.RECOVERY_REQUIRED, "the terminal manifest could not be persisted")));
            return WorkerExit.PERSISTENCE_FAILED;
        }
        Release release = ports.locks().release(lockPath, session.nonce());
        String reason = release instanceof Release.Released ? null : "lock release: " + release;
        ports.sessions().saveSession(bundle.directory(), session.withRecovery(recovery(RecoveryState.RELEASED, reason)));
        return WorkerExit.FINISHED;
    }

    private Artifact recorderOutput(VideoBundleFiles bundle, RecorderOutput output, Instant started, Instant finished,
                                    long durationMs, List<BundleError> errors) {
        Stored stored = bundle.writePartial(ENCODER_STDERR_PARTIAL, output.retained());
        if (stored instanceof Stored.Present && !output.truncated()) {
            stored = bundle.promote(ENCODER_STDERR_PARTIAL, ENCODER_STDERR);
        }
        if (stored instanceof Stored.Present present) {
            BundleError error = null;
            if (output.truncated()) {
                error = VideoStage.error(ErrorCodes.ARTIFACT_TRUNCATED, VideoStage.RECORDING, "The recorder printed "
                        + output.totalBytes() + " bytes; only the first " + VideoLimits.RECORDER_OUTPUT_CAP_BYTES
                        + " are retained.", VideoStage.ENCODER_STDERR);
                errors.add(error);
            }
            return new Artifact(ArtifactKind.ENCODER_STDERR, present.path(), "text/plain",
                    error == null ? ArtifactStatus.COMPLETE : ArtifactStatus.PARTIAL, present.bytes(), present.sha256(),
                    started.toString(), finished.toString(), durationMs, null, null, null, null, error);
        }
        BundleError error = VideoStage.error(((Stored.Failed) stored).failure().code(), VideoStage.PERSISTENCE,
                "The recorder output could not be saved: " + ((Stored.Failed) stored).failure().message(),
                VideoStage.ENCODER_STDERR);
        errors.add(error);
        return new Artifact(ArtifactKind.ENCODER_STDERR, null, "text/plain", ArtifactStatus.FAILED, null, null,
                started.toString(), finished.toString(), durationMs, null, null, null, null, error);
    }

    private Artifact capturesArtifact(VideoBundleFiles bundle, CapturesFile captures, Instant started, long startNanos,
                                      List<BundleError> errors) {
        Stored stored = bundle.writeCaptures(captures);
        String finished = ports.wallClock().now().toString();
        if (stored instanceof Stored.Present present) {
            return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, present.path(), "application/json",
                    ArtifactStatus.COMPLETE, present.bytes(), present.sha256(), started.toString(), finished,
                    elapsedMs(startNanos), null, null, null, null, null);
        }
        BundleError error = VideoStage.error(((Stored.Failed) stored).failure().code(), VideoStage.PERSISTENCE,
                "captures.json could not be saved: " + ((Stored.Failed) stored).failure().message(), VideoStage.CAPTURES);
        errors.add(error);
        return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, null, "application/json", ArtifactStatus.FAILED, null, null,
                started.toString(), finished, elapsedMs(startNanos), null, null, null, null, error);
    }

    private VideoSession.Recovery recovery(RecoveryState state, String reason) {
        return new VideoSession.Recovery(state.wire(), reason, now());
    }

    private String now() {
        return ports.wallClock().now().toString();
    }

    private long elapsedMs(long startNanos) {
        return Math.max(0, (ports.monotonicClock().nanoTime() - startNanos) / 1_000_000L);
    }

    private static String exitText(OptionalInt status) {
        return status.isPresent() ? String.valueOf(status.getAsInt()) : "unknown";
    }
}
