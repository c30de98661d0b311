package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeDevices;
import com.androperator.evidence.domain.fakes.FakeMetadata;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostTools;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.VideoSession;

/**
 * What start accepts as the recorder's startup confirmation, with a scripted worker that publishes
 * the manifests a real one does. Spec: "Start: Exit 0, ok: true, status: recording after startup
 * confirmation. Startup failures or timeout exit 1." A recorder that exits before it opens its
 * capture file is still finalized by the worker (its output and receipt), so its session passes
 * through finalizing with stopReason startup_failure: that is a startup failure, not a start.
 */
class StartVideoAcknowledgementTest {
    private final FakeProcessTable processes = new FakeProcessTable();

    @AfterEach
    void startNeverJudgesItself() {
        assertThat(processes.selfAsked()).as("start judges the holder's saved worker, never itself").isZero();
    }
    private static final String SERIAL = "emulator-5554";
    private static final Path BUNDLE = Path.of("/evidence/new");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final Map<Path, FakeVideoBundle> bundles = new HashMap<>();
    private final Map<Path, VideoSession> sessions = new HashMap<>();
    /** The worker's manifests after the starting one, one per poll of start. */
    private final List<UnaryOperator<Manifest>> worker = new ArrayList<>();
    private int polls;
    private FakeMetadata metadata = new FakeMetadata(clock);

    @Test
    void theDeviceIsReadAsForAStillCaptureABlankOperatorVersionIsAnErrorAndAThrowingReadIsNotACrash() {
        metadata = new FakeMetadata(clock).withOperatorVersion(com.androperator.evidence.domain.model.Observation.of(" "))
                .throwingOn("wm density", new IllegalStateException("adapter bug"));
        worker.add(base -> VideoManifests.active(base, BundleStatus.RECORDING, null, 0));

        CommandResult result = start().execute(new VideoStartCommand(BUNDLE.toString(), SERIAL,
                "com.androperator.operator.dev", 30, null, null, null));

        assertThat(result.status()).as("%s", result).isEqualTo("recording");
        Manifest starting = bundles.get(BUNDLE).published.get(0);
        assertThat(starting.device().operatorVersion()).isNull();
        assertThat(starting.device().display().density()).isNull();
        assertThat(starting.errors()).extracting(BundleError::component).containsExactly("operatorVersion",
                "display.density");
        assertThat(starting.errors().get(0).message())
                .contains("The Operator version of com.androperator.operator.dev is blank");
        assertThat(starting.errors().get(1).message())
                .contains("reading wm density failed: IllegalStateException: adapter bug");
    }

    @Test
    void aRecorderThatExitsBeforeOpeningItsFileIsAStartupFailureNotARecording() {
        BundleError exited = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The recorder exited with status 1 before it opened its capture file; see encoder.stderr.txt.",
                VideoStage.RECORDER);
        worker.add(base -> VideoManifests.active(base, BundleStatus.FINALIZING, StopReason.STARTUP_FAILURE, 12L));
        worker.add(base -> VideoManifests.startupFailed(base, "2026-01-01T00:00:21Z", List.of(exited)));

        CommandResult result = start().execute(command());

        assertThat(result.ok()).as("%s", result).isFalse();
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.message()).contains("before it opened its capture file");
        assertThat(result.manifestPath()).isEqualTo(BUNDLE.resolve("manifest.json").toString());
        assertThat(result.sessionId()).isEqualTo("session-2");
    }

    @Test
    void finalizingAfterAShortRecordingStillConfirmsTheStart() {
        for (StopReason reason : List.of(StopReason.DURATION_CAP, StopReason.REQUESTED, StopReason.FAILURE)) {
            worker.clear();
            bundles.clear();
            worker.add(base -> VideoManifests.active(base, BundleStatus.FINALIZING, reason, 900L));

            CommandResult result = start().execute(command());

            assertThat(result.ok()).as("%s: %s", reason, result).isTrue();
            assertThat(result.status()).isEqualTo("finalizing");
        }
    }

    @Test
    void recordingConfirmsTheStart() {
        worker.add(base -> VideoManifests.active(base, BundleStatus.RECORDING, null, 0));

        CommandResult result = start().execute(command());

        assertThat(result.ok()).as("%s", result).isTrue();
        assertThat(result.status()).isEqualTo("recording");
    }

    @Test
    void onlyStartupFailureFinalizingIsNotAConfirmation() {
        Manifest starting = VideoSessionsTest.manifest(BundleStatus.STARTING);
        assertThat(StartAcknowledgement.confirmsRecording(starting)).isFalse();
        assertThat(StartAcknowledgement.confirmsRecording(VideoManifests.active(starting, BundleStatus.RECORDING, null, 0)))
                .isTrue();
        assertThat(StartAcknowledgement.confirmsRecording(VideoManifests.active(starting, BundleStatus.FINALIZING,
                StopReason.STARTUP_FAILURE, 5L))).isFalse();
        assertThat(StartAcknowledgement.confirmsRecording(VideoManifests.active(starting, BundleStatus.FINALIZING,
                StopReason.DURATION_CAP, 5L))).isTrue();
        assertThat(StartAcknowledgement.confirmsRecording(VideoManifests.startupFailed(starting, "2026-01-01T00:00:21Z",
                List.of(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP, "exited", VideoStage.RECORDER)))))
                .isFalse();
    }

    private static VideoStartCommand command() {
        return new VideoStartCommand(BUNDLE.toString(), SERIAL, null, 30, null, null, null);
    }

    /** Each pause of start's acknowledgement loop lets the scripted worker publish its next manifest. */
    private void workerStep() {
        FakeVideoBundle bundle = bundles.get(BUNDLE);
        if (bundle == null || polls >= worker.size()) {
            return;
        }
        bundle.finalizeManifest(worker.get(polls++).apply(bundle.published.get(0)));
    }

    private Rendered.Start start() {
        polls = 0;
        DeviceLocks locks = new DeviceLocks() {
            @Override
            public DirectoryCheck checkDirectory() {
                return new DirectoryCheck.Usable(Path.of("/tmp/locks"));
            }

            @Override
            public Acquisition acquire(String serial, LockClaim claim) {
                return new Acquisition.Acquired(Path.of("/tmp/locks/device-x.lock"));
            }

            @Override
            public Optional<LockClaim> holder(Path lockPath) {
                return Optional.empty();
            }

            @Override
            public Release release(Path lockPath, String nonce) {
                return new Release.Released();
            }
        };
        BundleStore store = new BundleStore() {
            @Override
            public Availability check(Path directory) {
                return new Availability.Available();
            }

            @Override
            public Reservation reserve(Path directory) {
                return new Reservation.Reserved(null);
            }
        };
        VideoSessionsTest.FakeSessions sessionStore = new VideoSessionsTest.FakeSessions();
        ManagedBundlesRoot root = () -> Checked.rejected(Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED, "unused"));
        WorkerLauncher alive = (sessionFile, logFile, environment) -> new WorkerLauncher.Spawn.Spawned(
                new WorkerLauncher.WorkerProcess() {
                    @Override
                    public long pid() {
                        return 4242;
                    }

                    @Override
                    public boolean isAlive() {
                        return true;
                    }
                });
        StartPorts ports = new StartPorts(() -> new HostDependencyCheck.Satisfied(new HostTools("/s", "/f", "/p")),
                FakeDevices.attached(SERIAL), metadata, locks, store, root, sessionStore, sessionStore, sessionStore, sessionStore,
                dir -> bundles.computeIfAbsent(dir, d -> new FakeVideoBundle()), alive,
                clock.wallClockFrom(Instant.parse("2026-01-01T00:00:20Z")), clock, () -> "session-2",
                millis -> {
                    clock.advanceMillis(millis);
                    workerStep();
                }, processes);
        return new Rendered.Start(new StartVideo(ports, "0.1.0", null, Map.of(), CliLikeTerms.INSTANCE));
    }
}
