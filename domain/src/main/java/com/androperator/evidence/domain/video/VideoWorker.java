package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.video.DeviceLocks.Release;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderProcess;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderStart;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The detached worker's whole life for one session: claim the session with this process's
 * identity, keep a nonce-bound heartbeat, start scrcpy as its own child, confirm the capture file,
 * honour nonce-bound stop requests and the duration, then finalize and publish the terminal
 * manifest, and only then release the device lock. It is the only publisher of a claimed session's
 * manifests and it signals only the recorder child it started.
 */
public final class VideoWorker {
    public static final String ENCODER_STDERR = VideoFinalization.ENCODER_STDERR;
    public static final String ENCODER_STDERR_PARTIAL = VideoFinalization.ENCODER_STDERR_PARTIAL;
    public static final String CAPTURES = BundleFileNames.CAPTURES;
    private static final long POLL_MILLIS = 100;

    private final WorkerPorts ports;
    private final Supplier<ScheduledExecutorService> heartbeatScheduler;

    public VideoWorker(WorkerPorts ports) {
        this(ports, HeartbeatPulse::newScheduler);
    }

    /** {@code heartbeatScheduler} runs the heartbeat pulse; tests drive one on their own clock. */
    VideoWorker(WorkerPorts ports, Supplier<ScheduledExecutorService> heartbeatScheduler) {
        this.ports = ports;
        this.heartbeatScheduler = heartbeatScheduler;
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
        SessionRead read = ports.states().readSession(bundleDir);
        if (!(read instanceof SessionRead.Found found)) {
            return WorkerExit.SESSION_UNREADABLE;
        }
        VideoSession session = found.session();
        if (!(session.state() instanceof SessionState.AwaitingWorker)) {
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
            bundle.finalizeManifest(VideoManifests.startupFailed(base, now(), List.of(error)));
            // The settled state is saved last: once it is visible, the worker changes nothing more.
            String at = now();
            ports.states().saveSession(bundleDir, session.claimedBy(self, at).settled(RecoveryState.RECOVERY_REQUIRED,
                    "device lock not held by this session", at));
            return WorkerExit.OWNERSHIP_UNVERIFIED;
        }
        VideoSession claimed = session.claimedBy(self, now());
        if (ports.states().saveSession(bundleDir, claimed) instanceof Saved.NotWritten notWritten) {
            BundleError error = VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.STARTUP,
                    "The worker could not claim session.json: " + notWritten.failure().message(), null);
            bundle.finalizeManifest(VideoManifests.startupFailed(base, now(), List.of(error)));
            ports.locks().release(lockPath, session.nonce());
            return WorkerExit.PERSISTENCE_FAILED;
        }
        try (HeartbeatPulse heartbeat = HeartbeatPulse.start(ports.heartbeats(), bundleDir, claimed.nonce(), self,
                ports.wallClock(), heartbeatScheduler.get())) {
            return record(claimed, bundle, base, bundleDir, lockPath, heartbeat);
        }
    }

    private enum Startup { OPENED, EXITED, STOP_REQUESTED, TIMED_OUT }

    private WorkerExit record(VideoSession claimed, VideoBundleFiles bundle, Manifest base, Path bundleDir, Path lockPath,
                              HeartbeatPulse heartbeat) {
        VideoSession session = claimed;
        // Given back just before the last writes, so that a disk that fills up meanwhile still takes them.
        boolean reserved = ports.space().reserveSpace(bundleDir, VideoLimits.FINAL_PERSISTENCE_RESERVE_BYTES)
                instanceof Saved.Written;
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
            return publishAndRelease(session, bundle, lockPath, VideoManifests.startupFailed(base, now(), List.of(error)),
                    heartbeat, List.of());
        }
        RecorderProcess recorder = ((RecorderStart.Started) start).process();

        List<BundleError> recordingErrors = new ArrayList<>();
        RecorderReceipt receipt = new RecorderReceipt(reserved ? VideoLimits.FINAL_PERSISTENCE_RESERVE_BYTES : 0);
        Startup startup = awaitCaptureFile(recorder, session, bundleDir, startNanos, receipt);
        Optional<WorkerIdentity> recorderIdentity = recorder.identity();
        if (recorderIdentity.isPresent()) {
            // Saved while it records, so that recovery knows which process to look for; it authorizes no signal.
            session = session.withRecorder(recorderIdentity.get());
            ports.states().saveSession(bundleDir, session);
            receipt.recorderStarted(recorderIdentity.get().startInstant());
        }
        StopReason stopReason;
        boolean interrupted = false;
        if (startup == Startup.OPENED) {
            bundle.makePrivate(VideoFinalization.LIVE_SOURCE);
            bundle.finalizeManifest(VideoManifests.active(base, BundleStatus.RECORDING, null, 0));
            long limitNanos = session.requestedDurationSeconds() * 1_000_000_000L;
            long workerBound = startNanos + limitNanos + VideoLimits.WORKER_DURATION_SLACK_MILLIS * 1_000_000L;
            StopReason decided = null;
            while (decided == null) {
                if (!recorder.isAlive()) {
                    break;
                }
                Optional<StopRequest> request = honouredStop(session, bundleDir);
                if (request.isPresent()) {
                    receipt.stopRequested(request.get().requestId());
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
        receipt.interrupted(interrupted);
        VideoFinalization finalization = new VideoFinalization(tools.inspector(), tools.encoder(), tools.verifier(),
                ports.wallClock(), ports.monotonicClock());
        if (!recorder.awaitExit(VideoLimits.RECORDER_STOP_GRACE_MILLIS)) {
            return unresponsive(session, bundle, base, finalization, recorder, recordingStarted, startNanos, stopReason,
                    receipt, recordingErrors, heartbeat);
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
        bundle.finalizeManifest(VideoManifests.active(base, BundleStatus.FINALIZING, stopReason, hostDurationMs));

        Instant finalizationStarted = ports.wallClock().now();
        long finalizationNanos = ports.monotonicClock().nanoTime();
        FinalizationMeter meter = new FinalizationMeter(ports.monotonicClock(), finalizationStarted,
                step -> heartbeat.beatNow());
        heartbeat.finalizing(meter);
        FinalizedMedia media = finalization.finalizeSource(bundle, session.requestedSize(), recordingStarted,
                hostDurationMs, meter);
        meter.persisting();
        ports.space().releaseSpace(bundleDir);
        List<BundleError> moreErrors = new ArrayList<>(recordingErrors);
        List<Artifact> others = new ArrayList<>();
        RecorderOutput output = recorder.output();
        others.add(finalization.recorderOutput(bundle, output, recordingStarted, recordingFinished, hostDurationMs,
                null, moreErrors));
        receipt.finalized(media.frameCount(), media.inspection());
        String firstClip = media.clips().isEmpty() ? null : media.clips().get(0).artifact().path();
        List<BundleError> videoErrors = new ArrayList<>(moreErrors);
        videoErrors.addAll(media.errors());
        VideoCaptureRecord record = captureRecord(session, recorder, output, stopReason, recordingStarted,
                recordingFinished, hostDurationMs, finalizationStarted, finalizationNanos, firstClip, receipt,
                media.segments(), media.allVerified(), videoErrors);
        others.add(finalization.receipt(bundle, new CapturesFile(List.of(record)), finalizationStarted,
                finalizationNanos, moreErrors));

        Manifest terminal = finalization.conclude(bundle, base, now(), stopReason, hostDurationMs, media, others,
                moreErrors);
        return publishAndRelease(session, bundle, lockPath, terminal, heartbeat, finalization.storageExhaustion());
    }

    /**
     * The host recorder receipt in the reference's shape (session, exit code, whether SIGINT was
     * sent, whether every clip verified, the segments, the errors so far); never an Operator
     * result. What was run and how it ended beyond that is in its details.
     */
    private VideoCaptureRecord captureRecord(VideoSession session, RecorderProcess recorder, RecorderOutput output,
                                             StopReason stopReason, Instant recordingStarted, Instant recordingFinished,
                                             long hostDurationMs, Instant finalizationStarted, long finalizationNanos,
                                             @Nullable String firstClip, RecorderReceipt receipt,
                                             List<VideoSegment> segments, boolean videoVerified, List<BundleError> errors) {
        OptionalInt exit = recorder.exitStatus();
        Details details = Details.builder()
                .text(DetailKey.STOP_REASON, stopReason.wire())
                .number(DetailKey.OUTPUT_BYTES, output.totalBytes())
                .flag(DetailKey.OUTPUT_TRUNCATED, output.truncated())
                .texts(DetailKey.COMMAND, recorder.commandLine())
                .number(DetailKey.RECORDER_PID, recorder.pid())
                .all(receipt.details())
                .build();
        Timing observation = new Timing(recordingStarted.toString(), recordingFinished.toString(), hostDurationMs);
        Timing persistence = new Timing(finalizationStarted.toString(), ports.wallClock().now().toString(),
                elapsedMs(finalizationNanos));
        return new VideoCaptureRecord(VideoCaptureRecord.KIND, VideoSession.SCRCPY, session.sessionId(),
                exit.isPresent() ? exit.getAsInt() : null, receipt.stopSent(),
                videoVerified, segments, errors, firstClip, observation, persistence, details);
    }

    private Startup awaitCaptureFile(RecorderProcess recorder, VideoSession session, Path bundleDir, long startNanos,
                                     RecorderReceipt receipt) {
        while (true) {
            if (recorder.captureFileOpened() && recorder.isAlive()) {
                receipt.captureFileOpened(elapsedMs(startNanos));
                return Startup.OPENED;
            }
            if (!recorder.isAlive()) {
                return recorder.captureFileOpened() ? Startup.OPENED : Startup.EXITED;
            }
            Optional<StopRequest> request = honouredStop(session, bundleDir);
            if (request.isPresent()) {
                receipt.stopRequested(request.get().requestId());
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
        return ports.stops().stopRequests(bundleDir).stream()
                .filter(request -> request.nonce().equals(session.nonce()))
                .findFirst();
    }

    /**
     * SIGINT did not end the recorder. Its own --time-limit still bounds it (it is released from
     * the worker's lifetime, see {@link RecorderProcess#outliveWorker()}), but the worker can no
     * longer vouch for it: its file is still open, so no media is finalized or published, the
     * retained output and the receipt (with the recorder's PID and command) are recorded, the
     * terminal manifest is published, and last the session is marked recovery_required; the device
     * lock is kept for manual recovery.
     */
    private WorkerExit unresponsive(VideoSession session, VideoBundleFiles bundle, Manifest base,
                                    VideoFinalization finalization, RecorderProcess recorder, Instant recordingStarted,
                                    long startNanos, StopReason decided, RecorderReceipt receipt,
                                    List<BundleError> recordingErrors, HeartbeatPulse heartbeat) {
        long hostDurationMs = elapsedMs(startNanos);
        Instant gaveUp = ports.wallClock().now();
        // The spec leaves such a recorder to its own --time-limit: it must not die with this worker.
        recorder.outliveWorker();
        BundleError error = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.RECORDING,
                "The recorder (PID " + recorder.pid() + ") did not exit within "
                        + VideoLimits.RECORDER_STOP_GRACE_MILLIS / 1000 + " s of SIGINT; it stays bounded by its own "
                        + "--time-limit=" + session.requestedDurationSeconds() + ". Nothing was finalized: its live file "
                        + VideoFinalization.LIVE_SOURCE + " is left unverified and unlisted. The device lock is kept: "
                        + "verify that the recorder has ended before manual recovery.", VideoStage.RECORDER);
        List<BundleError> errors = new ArrayList<>(recordingErrors);
        errors.add(error);
        receipt.unresponsive(decided);
        List<Artifact> others = new ArrayList<>();
        ports.space().releaseSpace(bundle.directory());
        RecorderOutput output = recorder.output();
        others.add(finalization.recorderOutput(bundle, output, recordingStarted, gaveUp, hostDurationMs, error, errors));
        long receiptNanos = ports.monotonicClock().nanoTime();
        VideoCaptureRecord record = captureRecord(session, recorder, output, StopReason.FAILURE, recordingStarted,
                gaveUp, hostDurationMs, gaveUp, receiptNanos, null, receipt, List.of(), false, errors);
        others.add(finalization.receipt(bundle, new CapturesFile(List.of(record)), gaveUp, receiptNanos, errors));
        bundle.finalizeManifest(finalization.conclude(bundle, base, now(), StopReason.FAILURE, hostDurationMs,
                FinalizedMedia.none(List.of()), others, errors));
        heartbeat.close();
        ports.states().saveSession(bundle.directory(), settled(session, RecoveryState.RECOVERY_REQUIRED,
                "the recorder (PID " + recorder.pid() + ", " + String.join(" ", recorder.commandLine())
                        + ") did not exit after SIGINT (stop reason " + decided.wire() + "); the device lock "
                        + session.lockPath() + " is kept"));
        return WorkerExit.RECORDER_UNRESPONSIVE;
    }

    /**
     * Final persistence, in this order: the terminal manifest, then (only once it is persisted) the
     * lock release, then the heartbeat stops, and last the settled session state, so that a reader
     * who sees that state knows nothing in the bundle or the lock directory changes any more. The
     * reserved space is given back first. Exhausted storage ({@code storage}, as noted during
     * finalization) is named in the settled state's reason, and a manifest that could not be
     * persisted is named with its cause.
     */
    private WorkerExit publishAndRelease(VideoSession session, VideoBundleFiles bundle, Path lockPath, Manifest terminal,
                                         HeartbeatPulse heartbeat, List<String> storage) {
        ports.space().releaseSpace(bundle.directory());
        String exhausted = storage.isEmpty() ? null : "finalization ran out of storage: " + String.join("; ", storage);
        if (bundle.finalizeManifest(terminal) instanceof StoreResult.StoreFailed failed) {
            heartbeat.close();
            ports.states().saveSession(bundle.directory(), settled(session, RecoveryState.RECOVERY_REQUIRED,
                    "the terminal manifest could not be persisted: " + failed.failure().message()
                            + (exhausted == null ? "" : "; " + exhausted)));
            return WorkerExit.PERSISTENCE_FAILED;
        }
        Release release = ports.locks().release(lockPath, session.nonce());
        String released = release instanceof Release.Released ? null : "lock release: " + release;
        String reason = released == null ? exhausted : exhausted == null ? released : exhausted + "; " + released;
        heartbeat.close();
        ports.states().saveSession(bundle.directory(), settled(session, RecoveryState.RELEASED, reason));
        return WorkerExit.FINISHED;
    }

    private VideoSession settled(VideoSession session, RecoveryState how, @Nullable String reason) {
        return session.settled(how, reason, now());
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
