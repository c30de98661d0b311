package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.domain.port.video.RecorderLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.video.VideoWorker.WorkerExit;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;

/**
 * The detached worker's life on port fakes (spec "Managed video" and "Video artifacts and
 * recovery"): a scripted scrcpy child, ffmpeg fakes, an in-memory bundle, session store and lock
 * directory, and a manual clock that only the worker's own pauses and waits move. Its heartbeat
 * runs on a manual scheduler driven by that clock, so nothing waits for real time.
 */
class VideoWorkerTest {
    private static final SourceInspection DAMAGED = new SourceInspection(null, null,
            List.of("ffprobe reported 2 error line(s)"), SourceInspection.Verdict.DAMAGED);
    private static final Path BUNDLE = FakeVideoBundle.DIRECTORY;
    private static final String SERIAL = "emulator-5554";
    private static final String SESSION_ID = "0190f7c2-0000-7000-8000-00000000c0de";
    private static final String NONCE = "9f86d081884c7d659a2feaa0c55ad015";
    private static final WorkerIdentity SELF = new WorkerIdentity(4242, "2026-03-01T10:00:00.100Z");
    private final FakeProcessTable processes = new FakeProcessTable(SELF);
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:01Z");
    private static final Path LOCK = FakeDeviceLocks.lockPath(SERIAL);
    private static final VideoSize SIZE = new VideoSize(576, 1280);
    private static final VideoSession.Tools TOOLS = new VideoSession.Tools("/usr/local/bin/scrcpy",
            "/usr/local/bin/ffmpeg", "/usr/local/bin/ffprobe", "/opt/platform-tools/adb");
    private static final Map<String, String> ENVIRONMENT = Map.of("PATH", "/usr/local/bin:/usr/bin",
            "ANDROID_ADB_SERVER_PORT", "5137");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final long origin = clock.nanoTime();
    private final WallClock wall = clock.wallClockFrom(T0);
    private final List<String> events = new ArrayList<>();
    private boolean recorderSaved;
    private final FakeVideoBundle bundle = new FakeVideoBundle();
    private final FakeSessionStore sessions = new FakeSessionStore();
    private final FakeDeviceLocks locks = new FakeDeviceLocks();
    private final List<ManualScheduler> schedulers = new ArrayList<>();
    private final List<Scheduled> actions = new ArrayList<>();
    private final FakeRecorder recorder = new FakeRecorder(clock, bundle, this::timePassed);
    private final FakeMedia media = new FakeMedia(clock, bundle, recorder).frames(576, 1280, 30);
    private int heartbeatsBeforeLaunch = -1;

    /** Something that happens outside the worker (a stop request, a lost lock) once the clock passes {@code atMillis}. */
    private static final class Scheduled {
        final long atMillis;
        final Runnable action;
        boolean done;

        Scheduled(long atMillis, Runnable action) {
            this.atMillis = atMillis;
            this.action = action;
        }
    }

    @AfterEach
    void theWorkerNeverJudgesOtherProcesses() {
        assertThat(processes.asked()).as("the worker never judges other processes").isEmpty();
    }

    @BeforeEach
    void aSessionThatStartSavedAndLockedForTheWorker() {
        recorderSaved = false;
        sessions.sessions.put(BUNDLE, awaiting(30));
        bundle.published.add(starting(30));
        locks.held.put(LOCK, new LockClaim(SESSION_ID, NONCE, BUNDLE.toString(), SERIAL, T0.toString()));

        bundle.onPublish = manifest -> events.add("manifest " + manifest.status().wire());
        sessions.onSave = session -> {
            if (session.state().recordedBy().orElse(null) != null && !recorderSaved) {
                recorderSaved = true;
                events.add("session recorder " + session.state().recordedBy().orElse(null).pid());
            } else {
                events.add("session " + session.state().kind().wire());
            }
        };
        locks.onRelease = lock -> events.add("lock released");
        recorder.onLaunch = command -> {
            heartbeatsBeforeLaunch = sessions.heartbeatsWritten.size();
            events.add("recorder launched");
        };
        recorder.onInterrupt = () -> events.add("SIGINT");
    }

    // ---- a requested stop ----------------------------------------------------------------------

    @Test
    void aStopRequestCarryingTheSessionNonceEndsTheRecordingAndTheWorkerSettlesTheSessionLast() {
        stopRequestAt(3_000, "stop-1", NONCE);

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(events).containsExactly("session worker_owned", "recorder launched",
                "session recorder " + FakeRecorder.PID, "manifest recording", "SIGINT", "manifest finalizing",
                "manifest complete", "lock released", "heartbeat stopped", "session released");
        assertThat(sessions.session(BUNDLE).state().recordedBy().orElse(null)).as("the recorder's identity stays for recovery")
                .isEqualTo(recorder.process.identity().orElseThrow());
        assertThat(recorder.process.interrupts).as("SIGINT goes only to its own child, once").isEqualTo(1);

        Manifest recording = published(BundleStatus.RECORDING);
        assertThat(recording.finishedAt()).isNull();
        assertThat(recording.video().stopReason()).isNull();
        assertThat(recording.video().hostDurationMs()).as("never null: 0 at start").isZero();
        Manifest finalizing = published(BundleStatus.FINALIZING);
        assertThat(finalizing.finishedAt()).isNull();
        assertThat(finalizing.video().stopReason()).isEqualTo(StopReason.REQUESTED);
        assertThat(finalizing.video().hostDurationMs()).as("SIGINT at 3 s, exit 250 ms later").isEqualTo(3_250L);

        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(terminal.errors()).isEmpty();
        assertThat(terminal.finishedAt()).isEqualTo(T0.plusMillis(3_250 + FakeMedia.ENCODE_MILLIS
                + FakeMedia.VERIFY_MILLIS).toString());
        assertThat(terminal.video()).isEqualTo(new VideoInfo(30, 3_250L, 30 * 33L, SIZE, SIZE, "h264",
                StopReason.REQUESTED));
        assertThat(terminal.artifacts()).extracting(Artifact::kind, Artifact::path, Artifact::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(ArtifactKind.VIDEO, "video.mp4", ArtifactStatus.COMPLETE),
                org.assertj.core.groups.Tuple.tuple(ArtifactKind.ENCODER_STDERR, "encoder.stderr.txt",
                        ArtifactStatus.COMPLETE),
                org.assertj.core.groups.Tuple.tuple(ArtifactKind.CAPTURE_ENVELOPES, "captures.json",
                        ArtifactStatus.COMPLETE));
        assertThat(bundle.files).containsOnlyKeys("video.mp4", "encoder.stderr.txt", "captures.json", "manifest.json");

        assertThat(locks.held).as("the lock is released once the terminal manifest is persisted").isEmpty();
        VideoSession settled = sessions.session(BUNDLE);
        assertThat(settled.state().kind()).isEqualTo(RecoveryState.RELEASED);
        assertThat(settled.state().why().orElse(null)).isNull();
        assertThat(settled.state().claimedBy().orElse(null)).isEqualTo(SELF);
    }

    @Test
    void theRecorderIsLaunchedAsTheSessionSavedItWithTheInheritedEnvironment() {
        stopRequestAt(1_000, "stop-1", NONCE);

        run();

        assertThat(recorder.launched).singleElement().isEqualTo(new RecorderLauncher.RecorderCommand(
                "/usr/local/bin/scrcpy", "/opt/platform-tools/adb", SERIAL, 1280,
                BUNDLE.resolve("control/capture.partial.mkv"), 30, ENVIRONMENT));
        assertThat(media.toolsAsked).containsOnly(TOOLS);
        assertThat(sessions.saved.get(0)).as("the claim, saved before anything is recorded")
                .isEqualTo(awaiting(30).claimedBy(SELF, T0.toString()));
    }

    @Test
    void theHostRecorderReceiptSaysWhatRanHowItEndedAndWhy() {
        stopRequestAt(3_000, "stop-1", NONCE);

        run();

        VideoCaptureRecord record = bundle.captures.videoRecords().get(0);
        assertThat(record.sessionId()).isEqualTo(SESSION_ID);
        assertThat(record.kind()).isEqualTo("video");
        assertThat(record.source()).isEqualTo("scrcpy");
        assertThat(record.artifactPath()).isEqualTo("video.mp4");
        assertThat(record.observation()).isEqualTo(new Timing(T0.toString(), T0.plusMillis(3_250).toString(), 3_250));
        assertThat(record.persistence()).isEqualTo(new Timing(T0.plusMillis(3_250).toString(),
                T0.plusMillis(3_750).toString(), 500));
        assertThat(record.exitCode()).isZero();
        assertThat(record.stopSent()).isTrue();
        assertThat(record.videoVerified()).isTrue();
        assertThat(record.details().asMap()).containsEntry("stopReason", "requested")
                .containsEntry("outputBytes", (long) recorder.output.length).containsEntry("outputTruncated", false);
        assertThat(record.details().asMap()).containsEntry("captureFileOpenedAfterMs", 200L)
                .containsEntry("stopRequestId", "stop-1").containsEntry("interruptSent", true)
                .containsEntry("sourceFrames", 30L)
                .containsEntry("recorderPid", FakeRecorder.PID)
                .containsEntry("command", recorder.process.commandLine());
        assertThat(record.errors()).isEmpty();
        assertThat(record.segments()).singleElement().satisfies(segment -> {
            assertThat(segment.frames()).isEqualTo(30);
            assertThat(segment.path()).isEqualTo("video.mp4");
            assertThat(segment.end()).as("the last span has no end").isNull();
            assertThat(segment.codec()).isEqualTo("h264");
            assertThat(segment.error()).isNull();
        });
    }

    @Test
    void aStopRequestBoundToAnotherNonceIsIgnoredAndTheRecordingRunsToItsTimeLimit() {
        stopRequestAt(1_000, "stop-foreign", "another-sessions-nonce");
        recorder.exitsAfterMillis = 30_000L;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(recorder.process.interrupts).as("nobody's stop request but its own ends a recording").isZero();
        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.DURATION_CAP);
        assertThat(terminal.video().hostDurationMs()).isEqualTo(30_000L);
        VideoCaptureRecord record = bundle.captures.videoRecords().get(0);
        assertThat(record.details().asMap()).doesNotContainKey("stopRequestId").containsEntry("interruptSent", false);
        assertThat(record.details().asMap()).containsEntry("stopReason", "duration_cap");
        assertThat(record.stopSent()).isFalse();
    }

    @Test
    void aRecorderThatOutlivesItsTimeLimitIsStoppedByTheWorkerAtTheDurationPlusItsSlack() {
        recorder.exitsAfterMillis = null;

        run();

        assertThat(recorder.process.interrupts).isEqualTo(1);
        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.DURATION_CAP);
        assertThat(terminal.video().hostDurationMs()).as("SIGINT at 30 s + 5 s slack, exit 250 ms later")
                .isEqualTo(30_000 + VideoLimits.WORKER_DURATION_SLACK_MILLIS + 250);
    }

    /**
     * Property: a recorder that ends by itself reached the duration cap exactly when it exited 0
     * within 1.5 s of its limit; any other exit is a failure with a RECORDER_FAILED error, and the
     * recorded evidence is finalized and kept either way. No SIGINT is sent to a recorder that ended.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aRecorderThatEndsByItselfReachedTheCapOnlyByExitingCleanlyNearItsLimit(long seed) {
        Random random = new Random(seed);
        int seconds = 1 + random.nextInt(VideoLimits.MAX_DURATION_SECONDS);
        long limitMs = seconds * 1000L;
        long latest = (limitMs - 300) / 100;
        // Exits on the worker's 100 ms poll grid (the recorder opens at 200 ms), often near the limit.
        long exitMs = random.nextBoolean() ? 300 + 100 * (long) random.nextInt((int) latest + 1)
                : Math.max(300, limitMs - 100 * random.nextInt(30));
        int status = random.nextInt(3) == 0 ? 1 + random.nextInt(255) : 0;
        sessions.sessions.put(BUNDLE, awaiting(seconds));
        bundle.published.set(0, starting(seconds));
        recorder.exitsAfterMillis = exitMs;
        recorder.ownExitStatus = status;

        WorkerExit exit = run();

        boolean cap = status == 0 && exitMs >= limitMs - VideoLimits.DURATION_CAP_TOLERANCE_MILLIS;
        String why = "limit " + limitMs + " ms, exit " + status + " at " + exitMs + " ms";
        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(recorder.launched.get(0).timeLimitSeconds()).as("scrcpy's own time limit").isEqualTo(seconds);
        assertThat(recorder.process.interrupts).isZero();
        Manifest terminal = terminal();
        assertThat(terminal.video().hostDurationMs()).as(why).isEqualTo(exitMs);
        assertThat(terminal.video().stopReason()).as(why).isEqualTo(cap ? StopReason.DURATION_CAP : StopReason.FAILURE);
        assertThat(terminal.artifacts()).as("the recorded evidence is kept").extracting(Artifact::path)
                .contains("video.mp4");
        if (cap) {
            assertThat(terminal.status()).as(why).isEqualTo(BundleStatus.COMPLETE);
        } else {
            assertThat(terminal.status()).as(why).isEqualTo(BundleStatus.PARTIAL);
            assertThat(terminal.errors()).singleElement().satisfies(error -> {
                assertThat(error.code()).isEqualTo(ErrorCodes.RECORDER_FAILED);
                assertThat(error.stage()).isEqualTo(VideoStage.RECORDING);
                assertThat(error.component()).isEqualTo(VideoStage.RECORDER);
                assertThat(error.message()).contains("status " + status, "after " + exitMs + " ms",
                        "before its " + seconds + " s limit");
            });
        }
        assertThat(locks.held).isEmpty();
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    @Test
    void aCleanExitExactlyAtTheToleranceBeforeTheLimitIsTheCapAndOnePollEarlierIsAFailure() {
        recorder.exitsAfterMillis = 30_000 - VideoLimits.DURATION_CAP_TOLERANCE_MILLIS;
        run();
        assertThat(terminal().video().stopReason()).isEqualTo(StopReason.DURATION_CAP);
    }

    @Test
    void aCleanExitJustBeforeTheToleranceWindowIsAFailure() {
        recorder.exitsAfterMillis = 30_000 - VideoLimits.DURATION_CAP_TOLERANCE_MILLIS - 100;
        run();
        assertThat(terminal().video().stopReason()).isEqualTo(StopReason.FAILURE);
        assertThat(terminal().errors()).extracting(BundleError::code).containsExactly(ErrorCodes.RECORDER_FAILED);
    }

    // ---- recorder failures ---------------------------------------------------------------------

    @Test
    void aRecorderThatCrashesMidRecordingIsAFailureAndItsPartialEvidenceIsKept() {
        recorder.exitsAfterMillis = 4_000L;
        recorder.ownExitStatus = 1;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.FAILURE);
        assertThat(terminal.video().mediaDurationMs()).isEqualTo(30 * 33L);
        assertThat(terminal.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO).singleElement()
                .satisfies(clip -> assertThat(clip.status()).isEqualTo(ArtifactStatus.COMPLETE));
        BundleError error = terminal.errors().get(0);
        assertThat(error.message()).isEqualTo("The recorder exited with status 1 after 4000 ms, before its 30 s limit;"
                + " see encoder.stderr.txt.");
        VideoCaptureRecord record = bundle.captures.videoRecords().get(0);
        assertThat(record.exitCode()).isEqualTo(1);
        assertThat(record.details().asMap()).containsEntry("stopReason", "failure");
        assertThat(record.errors()).contains(error);
        assertThat(recorder.process.interrupts).isZero();
        assertThat(locks.held).isEmpty();
        assertThat(sessions.session(BUNDLE).state().kind()).isEqualTo(RecoveryState.RELEASED);
    }

    @Test
    void aRecorderThatExitsNonZeroAfterSigintIsARecorderFailureOfARequestedStop() {
        stopRequestAt(2_000, "stop-1", NONCE);
        recorder.sigintExitStatus = 2;

        run();

        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.REQUESTED);
        assertThat(terminal.errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.RECORDER_FAILED);
            assertThat(error.stage()).isEqualTo(VideoStage.RECORDING);
            assertThat(error.message()).isEqualTo("The recorder exited with status 2 after SIGINT.");
        });
        assertThat(bundle.captures.videoRecords().get(0).exitCode()).isEqualTo(2);
    }

    @Test
    void anUnresponsiveRecorderLeavesTheSessionRecoveryRequiredKeepsTheLockAndPublishesNoMedia() {
        stopRequestAt(2_000, "stop-1", NONCE);
        recorder.ignoresSigint = true;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.RECORDER_UNRESPONSIVE);
        assertThat(events).containsExactly("session worker_owned", "recorder launched",
                "session recorder " + FakeRecorder.PID, "manifest recording", "SIGINT", "manifest failed",
                "heartbeat stopped", "session recovery_required");
        assertThat(recorder.process.outlivesWorker).as("left to its own --time-limit, not killed with the worker")
                .isTrue();
        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(terminal.finishedAt()).isEqualTo(T0.plusMillis(12_000).toString());
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.FAILURE);
        assertThat(terminal.video().hostDurationMs()).as("SIGINT at 2 s, then the 10 s grace").isEqualTo(12_000L);
        assertThat(terminal.video().mediaDurationMs()).isNull();
        assertThat(terminal.artifacts()).extracting(Artifact::kind)
                .containsExactly(ArtifactKind.ENCODER_STDERR, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(bundle.files).as("the live file is left where the recorder still writes it, unlisted")
                .containsKey(VideoFinalization.LIVE_SOURCE)
                .doesNotContainKeys(VideoFinalization.SOURCE_NAME, "video.mp4", "video.partial.mp4");
        Artifact stderr = terminal.artifacts().get(0);
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(stderr.path()).isEqualTo("encoder.stderr.partial.txt");
        BundleError error = stderr.error();
        assertThat(error.code()).isEqualTo(ErrorCodes.RECORDER_FAILED);
        assertThat(error.message()).contains("PID " + FakeRecorder.PID, "within 10 s of SIGINT", "--time-limit=30",
                "The device lock is kept");
        assertThat(terminal.errors()).containsExactly(error);

        assertThat(locks.held).as("the lock is kept for manual recovery").containsKey(LOCK);
        assertThat(locks.releases).isEmpty();
        VideoSession settled = sessions.session(BUNDLE);
        assertThat(settled.state().kind()).isEqualTo(RecoveryState.RECOVERY_REQUIRED);
        assertThat(settled.state().why().orElse(null)).contains("PID " + FakeRecorder.PID, "/usr/local/bin/scrcpy",
                "stop reason requested", LOCK.toString());

        VideoCaptureRecord record = bundle.captures.videoRecords().get(0);
        assertThat(record.artifactPath()).isNull();
        assertThat(record.observation()).isEqualTo(new Timing(T0.toString(), T0.plusMillis(12_000).toString(), 12_000));
        assertThat(record.exitCode()).isNull();
        assertThat(record.videoVerified()).isFalse();
        assertThat(record.details().asMap()).containsEntry("stopReason", "failure");
        assertThat(record.details().asMap()).containsEntry("unresponsiveAfterSigint", true)
                .containsEntry("requestedStopReason", "requested").containsEntry("interruptSent", true)
                .containsEntry("recorderPid", FakeRecorder.PID);
        assertThat(record.errors()).contains(error);
    }

    @Test
    void aRecorderUnresponsiveAtTheWorkersOwnBoundKeepsTheCapAsTheRequestedReason() {
        recorder.ignoresSigint = true;

        run();

        assertThat(sessions.session(BUNDLE).state().why().orElse(null)).contains("stop reason duration_cap");
        assertThat(bundle.captures.videoRecords().get(0).details().asMap()).containsEntry("requestedStopReason", "duration_cap");
    }

    // ---- startup -------------------------------------------------------------------------------

    @Test
    void aRecorderThatNeverOpensItsFileIsStoppedAfterTheStartupBudgetAsAStartupFailure() {
        recorder.opensAfterMillis = null;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(recorder.process.interrupts).isEqualTo(1);
        assertThat(events).doesNotContain("manifest recording");
        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(terminal.video().hostDurationMs()).as("SIGINT at the 10 s startup budget, exit 250 ms later")
                .isEqualTo(VideoLimits.WORKER_STARTUP_MILLIS + 250);
        assertThat(terminal.errors()).extracting(BundleError::code).containsOnly(ErrorCodes.RECORDER_FAILED);
        assertThat(terminal.errors().get(0)).isEqualTo(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The recorder did not open its capture file within 10 s.", VideoStage.RECORDER));
        assertThat(bundle.captures.videoRecords().get(0).details().asMap()).containsEntry("interruptSent", true)
                .doesNotContainKey("captureFileOpenedAfterMs");
        assertThat(locks.held).isEmpty();
        assertThat(sessions.session(BUNDLE).state().kind()).isEqualTo(RecoveryState.RELEASED);
    }

    @Test
    void aRecorderThatExitsBeforeOpeningItsFileIsAStartupFailureWithItsStatusAndNoSignal() {
        recorder.opensAfterMillis = null;
        recorder.exitsAfterMillis = 500L;
        recorder.ownExitStatus = 1;

        run();

        assertThat(recorder.process.interrupts).isZero();
        Manifest terminal = terminal();
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(terminal.errors().get(0).message()).isEqualTo(
                "The recorder exited with status 1 before it opened its capture file; see encoder.stderr.txt.");
        assertThat(terminal.artifacts()).extracting(Artifact::kind)
                .as("its output and receipt are kept").contains(ArtifactKind.ENCODER_STDERR, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(bundle.captures.videoRecords().get(0).details().asMap()).containsEntry("interruptSent", false);
        assertThat(bundle.captures.videoRecords().get(0).exitCode()).isEqualTo(1);
    }

    @Test
    void aStopRequestedBeforeTheRecorderOpensItsFileEndsTheStartup() {
        recorder.opensAfterMillis = 5_000L;
        stopRequestAt(100, "stop-early", NONCE);

        run();

        assertThat(recorder.process.interrupts).isEqualTo(1);
        Manifest terminal = terminal();
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(terminal.video().hostDurationMs()).isEqualTo(350L);
        assertThat(terminal.errors().get(0).message())
                .isEqualTo("A stop was requested before the recorder opened its capture file.");
        assertThat(bundle.captures.videoRecords().get(0).details().asMap()).containsEntry("stopRequestId", "stop-early");
    }

    @Test
    void aRecorderThatOpenedItsFileAndEndedBetweenTwoPollsRecordedSomething() {
        recorder.opensAfterMillis = 5L;
        recorder.exitsAfterMillis = 10L;

        run();

        assertThat(events).contains("manifest recording");
        Manifest terminal = terminal();
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.FAILURE);
        assertThat(terminal.artifacts()).extracting(Artifact::path).contains("video.mp4");
    }

    @Test
    void aRecorderThatCannotBeLaunchedIsAStartupFailureAndTheLockIsReleased() {
        recorder.notStarted = Failure.of(ErrorCodes.RECORDER_FAILED, "scrcpy: Permission denied (EACCES)");

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(events).containsExactly("session worker_owned", "recorder launched", "manifest failed",
                "lock released", "heartbeat stopped", "session released");
        Manifest terminal = terminal();
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(terminal.errors()).containsExactly(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The recorder could not be started: scrcpy: Permission denied (EACCES)", VideoStage.RECORDER));
        assertThat(terminal.finishedAt()).isEqualTo(T0.toString());
    }

    // ---- ownership -----------------------------------------------------------------------------

    @Test
    void aSessionAnotherWorkerAlreadyClaimedIsNeverTakenOver() {
        VideoSession claimed = awaiting(30).claimedBy(new WorkerIdentity(999, "2026-03-01T09:59:00Z"), T0.toString());
        sessions.sessions.put(BUNDLE, claimed);

        assertThat(run()).isEqualTo(WorkerExit.NOT_OURS);

        assertNothingTouched();
        assertThat(sessions.session(BUNDLE)).isEqualTo(claimed);
    }

    @ParameterizedTest
    @EnumSource(value = RecoveryState.class, names = {"AWAITING_WORKER", "WORKER_OWNED"}, mode = EnumSource.Mode.EXCLUDE)
    void aSettledSessionIsNeverTakenOver(RecoveryState state) {
        sessions.sessions.put(BUNDLE, awaiting(30).settled(state, "start gave up", T0.toString()));

        assertThat(run()).isEqualTo(WorkerExit.NOT_OURS);

        assertNothingTouched();
    }

    @Test
    void aMissingOrUnreadableSessionOrManifestIsNotRecorded() {
        sessions.sessions.remove(BUNDLE);
        assertThat(run()).isEqualTo(WorkerExit.SESSION_UNREADABLE);

        sessions.sessions.put(BUNDLE, awaiting(30));
        sessions.unreadable.put(BUNDLE, Failure.of(ErrorCodes.STORAGE_FAILED, "session.json: EACCES"));
        assertThat(run()).isEqualTo(WorkerExit.SESSION_UNREADABLE);

        sessions.unreadable.clear();
        bundle.published.clear();
        assertThat(run()).isEqualTo(WorkerExit.SESSION_UNREADABLE);

        assertNothingTouched();
    }

    @ParameterizedTest(name = "lock held by {0}")
    @MethodSource("foreignLocks")
    void aLockThatDoesNotHoldTheSessionNonceMeansOwnershipCannotBeVerifiedAndNothingIsRecorded(String holder,
                                                                                               LockClaim claim) {
        locks.held.clear();
        if (claim != null) {
            locks.held.put(LOCK, claim);
        }

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.OWNERSHIP_UNVERIFIED);
        assertThat(recorder.launched).isEmpty();
        assertThat(sessions.heartbeatsWritten).isEmpty();
        assertThat(events).containsExactly("manifest failed", "session recovery_required");
        Manifest terminal = terminal();
        assertThat(terminal.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(terminal.errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
            assertThat(error.message()).contains(LOCK.toString(), "nothing was recorded");
        });
        assertThat(locks.releases).as("another session's lock is never touched").isEmpty();
        VideoSession settled = sessions.session(BUNDLE);
        assertThat(settled.state().claimedBy().orElse(null)).isEqualTo(SELF);
        assertThat(settled.state()).isEqualTo(new SessionState.Settled(RecoveryState.RECOVERY_REQUIRED,
                "device lock not held by this session", SELF, null, T0.toString()));
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> foreignLocks() {
        return Stream.of(
                org.junit.jupiter.params.provider.Arguments.of("another session",
                        new LockClaim("other-session", "other-nonce", "/evidence/other", SERIAL, T0.toString())),
                org.junit.jupiter.params.provider.Arguments.of("nobody", null));
    }

    @Test
    void aClaimThatCannotBeSavedFailsTheStartupAndReleasesTheLockWithoutRecording() {
        sessions.saveFails = session -> session.state().claimedBy().orElse(null) != null;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.PERSISTENCE_FAILED);
        assertThat(recorder.launched).isEmpty();
        assertThat(sessions.heartbeatsWritten).isEmpty();
        assertThat(events).containsExactly("manifest failed", "lock released");
        assertThat(terminal().errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
            assertThat(error.stage()).isEqualTo(VideoStage.STARTUP);
            assertThat(error.message()).startsWith("The worker could not claim session.json: Could not write");
        });
        assertThat(locks.held).isEmpty();
    }

    @Test
    void aTerminalManifestThatCannotBePersistedKeepsTheLockAndRequiresRecovery() {
        stopRequestAt(1_000, "stop-1", NONCE);
        bundle.publishFails = Manifest::isTerminal;

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.PERSISTENCE_FAILED);
        assertThat(events).containsSubsequence("manifest finalizing", "heartbeat stopped", "session recovery_required");
        assertThat(events).doesNotContain("lock released");
        assertThat(bundle.published.get(bundle.published.size() - 1).status()).isEqualTo(BundleStatus.FINALIZING);
        assertThat(locks.held).containsKey(LOCK);
        SessionState settled = sessions.session(BUNDLE).state();
        assertThat(settled.kind()).isEqualTo(RecoveryState.RECOVERY_REQUIRED);
        assertThat(settled.why()).contains("the terminal manifest could not be persisted: Could not write "
                + FakeVideoBundle.DIRECTORY.resolve("manifest.json") + ": No space left on device (ENOSPC)");
        assertThat(settled.since()).isEqualTo(T0.plusMillis(1_750).toString());
    }

    /**
     * A disk that fills up while the worker finalizes: the space it set aside when it claimed the
     * session is given back before its last writes, and the exhausted storage is named in the
     * terminal manifest and in the settled session state.
     */
    @Test
    void aFinalizationThatRunsOutOfStorageNamesItInTheManifestAndTheSessionState() {
        stopRequestAt(1_000, "stop-1", NONCE);
        sessions.onReserve = bytes -> events.add("reserved " + bytes);
        sessions.onRelease = () -> events.add("reserve released");
        media.encodings.put("video.partial.mp4", new Encoding.NotEncoded(Failure.ofStorage(ErrorCodes.STORAGE_FAILED,
                "Encoding (ffmpeg libx264) exit status 229: its output could not be written, the storage is full "
                        + "(No space left on device, ENOSPC)", Details.NONE, new StorageCause(null, "ENOSPC", null))));

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(events).containsSubsequence("session worker_owned", "reserved " + VideoLimits.FINAL_PERSISTENCE_RESERVE_BYTES,
                "recorder launched", "manifest finalizing", "reserve released", "manifest partial", "lock released",
                "session released");
        assertThat(terminal().errors()).anySatisfy(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
            assertThat(error.message()).contains("ENOSPC");
        });
        assertThat(VideoResults.summary(terminal())).contains("STORAGE_FAILED", "No space left on device, ENOSPC");
        assertThat(sessions.session(BUNDLE).state().why().orElse(null)).startsWith("finalization ran out of storage: ENOSPC "
                + "(Encoding clip 1 failed: Encoding (ffmpeg libx264) exit status 229");
        assertThat(sessions.reserved).as("nothing stays reserved").isEmpty();
    }

    @Test
    void aReserveThatCannotBeWrittenDoesNotStopTheRecording() {
        stopRequestAt(1_000, "stop-1", NONCE);
        sessions.reserveFails = true;

        assertThat(run()).isEqualTo(WorkerExit.FINISHED);
        assertThat(terminal().status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(sessions.session(BUNDLE).state().why().orElse(null)).isNull();
    }

    @Test
    void aDamagedSourceIsPartialAndItsInspectionIsKeptInTheReceipt() {
        stopRequestAt(1_000, "stop-1", NONCE);
        media.inspection = frames -> new Inspection.Damaged(frames, Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "ffprobe reported 2 error line(s), the first: [h264] error while decoding MB 12 33"),
                DAMAGED);

        assertThat(run()).isEqualTo(WorkerExit.FINISHED);

        Manifest terminal = terminal();
        assertThat(terminal.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(terminal.artifacts()).extracting(Artifact::path).contains("video.partial.mp4",
                VideoFinalization.SOURCE_NAME).doesNotContain("video.mp4");
        CapturesFile captures = bundle.captures;
        assertThat(captures.videoRecords().get(0).details().asMap()).containsEntry("sourceInspection", DAMAGED);
        assertThat(sessions.session(BUNDLE).state().kind()).isEqualTo(RecoveryState.RELEASED);
    }

    @Test
    void aLockThatVanishedDuringTheRecordingIsReportedWhenTheSessionSettles() {
        stopRequestAt(2_000, "stop-1", NONCE);
        at(1_000, () -> locks.held.clear());

        WorkerExit exit = run();

        assertThat(exit).isEqualTo(WorkerExit.FINISHED);
        assertThat(terminal().status()).isEqualTo(BundleStatus.COMPLETE);
        VideoSession settled = sessions.session(BUNDLE);
        assertThat(settled.state().kind()).isEqualTo(RecoveryState.RELEASED);
        assertThat(settled.state().why().orElse(null)).startsWith("lock release: ").contains("no lock at " + LOCK);
    }

    // ---- heartbeat -----------------------------------------------------------------------------

    @Test
    void theHeartbeatIsBoundToTheNonceAndWorkerAndBeatsEverySecondUntilTheSessionSettles() {
        stopRequestAt(3_000, "stop-1", NONCE);

        run();

        assertThat(heartbeatsBeforeLaunch).as("a live worker is visible before the recorder starts").isEqualTo(1);
        assertThat(sessions.heartbeatsWritten).allSatisfy(beat -> {
            assertThat(beat.nonce()).isEqualTo(NONCE);
            assertThat(beat.worker()).isEqualTo(SELF);
        });
        // The last one is written as the pulse stops after finalization, with its totals.
        assertThat(sessions.heartbeatsWritten).extracting(Heartbeat::at).containsExactly(T0.toString(),
                T0.plusSeconds(1).toString(), T0.plusSeconds(2).toString(), T0.plusSeconds(3).toString(),
                T0.plusMillis(3750).toString());
        Heartbeat last = sessions.heartbeatsWritten.get(sessions.heartbeatsWritten.size() - 1);
        assertThat(last.finalizing()).extracting(FinalizationProgress::phase).isEqualTo("persisting");
        assertThat(last.finalizing().workDone()).isEqualTo(last.finalizing().workTotal());
        assertThat(sessions.heartbeatsWritten.subList(0, 4)).allSatisfy(beat -> assertThat(beat.finalizing()).isNull());
        assertThat(schedulers).singleElement().satisfies(scheduler -> assertThat(scheduler.isShutdown()).isTrue());
    }

    // ---- helpers -------------------------------------------------------------------------------

    private WorkerExit run() {
        WorkerPorts ports = new WorkerPorts(sessions, sessions, sessions, sessions, dir -> {
            assertThat(dir).isEqualTo(BUNDLE);
            return bundle;
        }, locks, media, processes, wall, clock, this::pause, ENVIRONMENT);
        return new VideoWorker(ports, () -> {
            ManualScheduler scheduler = new ManualScheduler(clock, () -> events.add("heartbeat stopped"));
            schedulers.add(scheduler);
            return scheduler;
        }).run(BUNDLE);
    }

    private void pause(long millis) {
        assertThat(millis).isPositive();
        clock.advanceMillis(millis);
        timePassed();
    }

    private void timePassed() {
        schedulers.forEach(ManualScheduler::runDue);
        long elapsed = (clock.nanoTime() - origin) / 1_000_000L;
        for (Scheduled action : actions) {
            if (!action.done && elapsed >= action.atMillis) {
                action.done = true;
                action.action.run();
            }
        }
    }

    private void at(long millis, Runnable action) {
        actions.add(new Scheduled(millis, action));
    }

    private void stopRequestAt(long millis, String requestId, String nonce) {
        at(millis, () -> sessions.writeStopRequest(BUNDLE, new StopRequest(requestId, nonce, wall.now().toString())));
    }

    private Manifest terminal() {
        Manifest last = bundle.published.get(bundle.published.size() - 1);
        assertThat(last.isTerminal()).as("last published manifest %s", last.status()).isTrue();
        assertThat(bundle.published).filteredOn(Manifest::isTerminal).as("one terminal manifest").hasSize(1);
        return last;
    }

    private Manifest published(BundleStatus status) {
        return bundle.published.stream().filter(m -> m.status() == status).findFirst().orElseThrow();
    }

    private void assertNothingTouched() {
        assertThat(events).isEmpty();
        assertThat(recorder.launched).isEmpty();
        assertThat(sessions.saved).isEmpty();
        assertThat(sessions.heartbeatsWritten).isEmpty();
        assertThat(locks.releases).isEmpty();
        assertThat(bundle.published).hasSizeLessThanOrEqualTo(1);
    }

    private static VideoSession awaiting(int seconds) {
        return new VideoSession(VideoSession.SCHEMA_VERSION, SESSION_ID, NONCE, VideoSession.SCRCPY,
                new VideoSession.Target(SERIAL, null), BUNDLE.toString(), BUNDLE.resolve("manifest.json").toString(),
                LOCK.toString(), seconds, SIZE, T0.toString(), T0.plusSeconds(seconds + 5).toString(), TOOLS, new SessionState.AwaitingWorker(T0.toString()));
    }

    private static Manifest starting(int seconds) {
        DeviceInfo device = new DeviceInfo(SERIAL, null, "0.1.0", null, 34, "14", "Google", "Pixel 8",
                DeviceType.PHYSICAL, DeviceTypeProperties.UNREAD, new DisplayInfo(1080, 2400, 420, 0));
        return new Manifest(Manifest.SCHEMA_VERSION, SESSION_ID, "settings", CallerContext.copyOf(Map.of("commandId", "c-1")), device,
                T0.toString(), null, BundleStatus.STARTING, List.of(), List.of(),
                new VideoInfo(seconds, 0, null, SIZE, null, VideoManifests.CODEC, null));
    }
}
