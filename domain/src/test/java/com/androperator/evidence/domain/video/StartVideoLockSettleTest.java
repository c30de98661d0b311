package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;

/**
 * A start that follows the previous session's stop or status at once: that session's worker has
 * published its terminal manifest but is still releasing the device lock. Start waits briefly for
 * that release instead of refusing with EVIDENCE_RECORDING_ACTIVE; a session that is really still
 * recording is refused at once.
 */
class StartVideoLockSettleTest {
    private static final String SERIAL = "emulator-5554";
    private static final Path OLD_BUNDLE = Path.of("/evidence/old");
    private static final Path LOCK = Path.of("/tmp/androperator-evidence-locks-0/device-x.lock");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final Map<Path, FakeVideoBundle> bundles = new HashMap<>();
    private final Map<Path, VideoSession> sessions = new HashMap<>();
    private int acquisitions;
    private int heldFor;
    private final FakeProcessTable processes = new FakeProcessTable().running(VideoSessionsTest.session().state().claimedBy().orElse(null));

    @AfterEach
    void startNeverJudgesItself() {
        assertThat(processes.selfAsked()).as("start judges the holder's saved worker, never itself").isZero();
    }

    @Test
    void aHolderThatIsOnlyReleasingItsLockIsWaitedFor() {
        oldSession(BundleStatus.COMPLETE);
        heldFor = 3;

        CommandResult result = start().execute(command());

        assertThat(result.code()).as("%s", result).isNotEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        // The worker spawn fails in this rig, so the new session ends as a startup failure of its own.
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(acquisitions).isEqualTo(4);
    }

    @Test
    void aHolderThatIsStillRecordingIsRefusedAtOnce() {
        oldSession(BundleStatus.RECORDING);
        heldFor = Integer.MAX_VALUE;

        CommandResult result = start().execute(command());

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        assertThat(acquisitions).isEqualTo(1);
    }

    @Test
    void aTerminalHolderThatNeverReleasesIsRefusedAfterABoundedWait() {
        oldSession(BundleStatus.COMPLETE);
        heldFor = Integer.MAX_VALUE;

        CommandResult result = start().execute(command());

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        assertThat(acquisitions).isGreaterThan(1);
    }

    @Test
    void aTerminalHolderWhoseWorkerDiedBeforeReleasingIsNotWaitedForAndRequiresRecovery() {
        oldSession(BundleStatus.COMPLETE);
        processes.ended(VideoSessionsTest.session().state().claimedBy().orElse(null));
        heldFor = Integer.MAX_VALUE;

        CommandResult result = start().execute(command());

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.details().asMap()).containsEntry("recoveryRequired", true).containsEntry("lockPath", LOCK.toString())
                .containsEntry("lastStatus", "complete");
        assertThat(acquisitions).as("a worker that is gone releases nothing: no wait").isEqualTo(1);
    }

    private void oldSession(BundleStatus status) {
        Manifest manifest = status == BundleStatus.RECORDING ? VideoSessionsTest.manifest(status)
                : VideoSessionsTest.terminal(status);
        FakeVideoBundle old = new FakeVideoBundle();
        old.published.add(manifest);
        bundles.put(OLD_BUNDLE, old);
        sessions.put(OLD_BUNDLE, VideoSessionsTest.session());
    }

    private static VideoStartCommand command() {
        return new VideoStartCommand("/evidence/new", SERIAL, null, 30, null, null, null);
    }

    private Rendered.Start start() {
        DeviceLocks locks = new DeviceLocks() {
            @Override
            public DirectoryCheck checkDirectory() {
                return new DirectoryCheck.Usable(LOCK.getParent());
            }

            @Override
            public Acquisition acquire(String serial, LockClaim claim) {
                acquisitions++;
                if (acquisitions <= heldFor) {
                    return new Acquisition.Held(LOCK, Optional.of(new LockClaim("session-1", "nonce",
                            OLD_BUNDLE.toString(), SERIAL, "2026-01-01T00:00:00Z")));
                }
                return new Acquisition.Acquired(LOCK);
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
        SessionStore sessionStore = new SessionStore() {
            @Override
            public Saved saveSession(Path bundleDir, VideoSession saved) {
                sessions.put(bundleDir, saved);
                return new Saved.Written(bundleDir.resolve("session.json"));
            }

            @Override
            public SessionRead readSession(Path bundleDir) {
                VideoSession session = sessions.get(bundleDir);
                return session == null ? new SessionRead.Absent() : new SessionRead.Found(session);
            }

            @Override
            public Saved writeHeartbeat(Path bundleDir, Heartbeat heartbeat) {
                return new Saved.Written(bundleDir);
            }

            @Override
            public Optional<Heartbeat> readHeartbeat(Path bundleDir) {
                return Optional.empty();
            }

            @Override
            public Saved writeStopRequest(Path bundleDir, StopRequest request) {
                return new Saved.Written(bundleDir);
            }

            @Override
            public List<StopRequest> stopRequests(Path bundleDir) {
                return List.of();
            }

            @Override
            public Path workerLog(Path bundleDir) {
                return bundleDir.resolve("control/worker.log");
            }

            @Override
            public Saved reserveSpace(Path bundleDir, long bytes) {
                throw new AssertionError("only the worker reserves space");
            }

            @Override
            public boolean releaseSpace(Path bundleDir) {
                throw new AssertionError("only the worker releases space");
            }
        };
        ManagedBundlesRoot root = () -> Checked.rejected(Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED, "unused"));
        WorkerLauncher cannotSpawn = (sessionFile, logFile, environment) -> new WorkerLauncher.Spawn.SpawnFailed(
                Failure.of(ErrorCodes.RECORDER_FAILED, "no worker in this rig"));
        StartPorts ports = new StartPorts(() -> new HostDependencyCheck.Satisfied(new HostTools("/s", "/f", "/p")),
                FakeDevices.attached(SERIAL), new FakeMetadata(clock), locks, store, root, sessionStore, sessionStore, sessionStore, sessionStore,
                dir -> bundles.computeIfAbsent(dir, d -> new FakeVideoBundle()), cannotSpawn,
                clock.wallClockFrom(Instant.parse("2026-01-01T00:00:20Z")), clock, () -> "session-2",
                millis -> clock.advanceMillis(millis), processes);
        return new Rendered.Start(new StartVideo(ports, "0.1.0", null, Map.of(), CliLikeTerms.INSTANCE));
    }
}
