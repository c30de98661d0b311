package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Status and stop on port fakes: a fake clock that the pauses advance, so no test waits. */
class VideoSessionsTest {
    private static final Path BUNDLE = Path.of("/evidence/bundles/session-1");
    private static final Path MANIFEST = BUNDLE.resolve("manifest.json");
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:10Z");
    private static final WorkerIdentity WORKER = new WorkerIdentity(4242, "2026-01-01T00:00:00.500Z");

    private final AtomicLong nanos = new AtomicLong();
    private final FakeSessions sessions = new FakeSessions();
    private final FakeBundle bundle = new FakeBundle();
    private final FakeProcessTable processes = new FakeProcessTable(WORKER);
    private final Rendered.Sessions subject = new Rendered.Sessions(new VideoSessions(new SessionPorts(sessions, sessions, sessions, dir -> bundle,
            processes, () -> NOW.plusNanos(nanos.get()), nanos::get, () -> "request-" + nanos.get(),
            millis -> nanos.addAndGet(millis * 1_000_000L)), CliLikeTerms.INSTANCE));

    @Test
    void stopWaitsAtMostFifteenSecondsThenReportsPendingWithTheSessionStillFinalizing() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.FINALIZING);
        sessions.heartbeats.put(BUNDLE, new Heartbeat("nonce", WORKER.pid(), WORKER.startInstant(), NOW.toString()));

        CommandResult result = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(result.status()).isEqualTo("finalizing");
        assertThat(result.sessionId()).isEqualTo("session-1");
        assertThat(nanos.get()).isBetween(15_000_000_000L, 15_200_000_000L);
        assertThat(sessions.stopRequestsOf(BUNDLE)).singleElement().satisfies(r -> assertThat(r.nonce()).isEqualTo("nonce"));
        assertThat(bundle.published).as("only the worker publishes manifests").isEmpty();
    }

    @Test
    void stopReturnsTheTerminalOutcomeAsSoonAsTheWorkerPublishesIt() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.RECORDING);
        bundle.afterReads = 3;
        bundle.later = terminal(BundleStatus.COMPLETE);

        List<BundleStatus> heard = new ArrayList<>();

        StopOutcome outcome = subject.useCase().stop(MANIFEST, VideoSessions.ExpectedTarget.NONE,
                (status, progress) -> heard.add(status));
        CommandResult result = Rendered.of(outcome);

        assertThat(result.ok()).isTrue();
        assertThat(result.status()).isEqualTo("complete");
        assertThat(result.manifestPath()).isEqualTo(MANIFEST.toString());
        assertThat(outcome).isInstanceOf(SessionOutcome.Ended.class);
        assertThat(heard).as("the listener hears each poll's status, the terminal one last")
                .startsWith(BundleStatus.RECORDING).endsWith(BundleStatus.COMPLETE);
    }

    @Test
    void stopAfterTheTerminalManifestWaitsForTheWorkerToReleaseTheLockAndSettle() {
        // The worker publishes the terminal manifest, then releases the lock, then saves "released":
        // a stop that returns complete must mean the device can be recorded again.
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.FINALIZING);
        bundle.afterReads = 2;
        bundle.later = terminal(BundleStatus.COMPLETE);
        sessions.settleAfterReads = 5;

        CommandResult result = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        assertThat(result.status()).isEqualTo("complete");
        assertThat(result.ok()).isTrue();
        assertThat(sessions.sessions.get(BUNDLE).state().kind()).isEqualTo(RecoveryState.RELEASED);
        assertThat(nanos.get()).as("it waited for the release, not for its deadline").isLessThan(2_000_000_000L);
    }

    @Test
    void aRepeatedStopOnATerminalSessionWritesNothing() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = terminal(BundleStatus.PARTIAL);

        CommandResult first = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);
        CommandResult second = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        assertThat(second).isEqualTo(first);
        assertThat(first.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(bundle.published).isEmpty();
    }

    @Test
    void aStaleHeartbeatAndAVanishedWorkerIdentityMeanRecoveryRequired() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.RECORDING);
        sessions.heartbeats.put(BUNDLE, new Heartbeat("nonce", WORKER.pid(), WORKER.startInstant(),
                NOW.minusSeconds(60).toString()));

        assertThat(subject.status(MANIFEST, VideoSessions.ExpectedTarget.NONE).ok()).as("identity still runs").isTrue();
        processes.ended(WORKER);
        CommandResult status = subject.status(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        assertThat(status.status()).isEqualTo("failed");
        assertThat(status.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.details().asMap()).containsEntry("lastStatus", "recording").containsEntry("workerPid", 4242L);
        assertThat(subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE).code())
                .isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
    }

    @Test
    void aFreshHeartbeatKeepsTheSessionAliveAndAForeignNonceCannotBeVerified() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.RECORDING);
        processes.ended(WORKER);
        sessions.heartbeats.put(BUNDLE, new Heartbeat("nonce", WORKER.pid(), WORKER.startInstant(),
                NOW.minusSeconds(1).toString()));
        assertThat(subject.status(MANIFEST, VideoSessions.ExpectedTarget.NONE).status()).isEqualTo("recording");
        assertThat(subject.useCase().status(MANIFEST, VideoSessions.ExpectedTarget.NONE))
                .isInstanceOfSatisfying(SessionOutcome.Active.class, active -> {
                    assertThat(active.session().sessionId()).isEqualTo(session().sessionId());
                    assertThat(active.progress()).isNull();
                });

        sessions.heartbeats.put(BUNDLE, new Heartbeat("someone-else", 1, "x", NOW.toString()));
        assertThat(subject.status(MANIFEST, VideoSessions.ExpectedTarget.NONE).code())
                .isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(subject.useCase().status(MANIFEST, VideoSessions.ExpectedTarget.NONE))
                .isInstanceOfSatisfying(SessionOutcome.RecoveryRequired.class, recovery -> {
                    assertThat(recovery.why())
                            .isEqualTo("The session's heartbeat is bound to another nonce, so ownership cannot be verified.");
                    assertThat(recovery.facts().worker()).isEqualTo(new RecoveryFacts.ProcessCheck(WORKER, false));
                    assertThat(recovery.facts().recorder()).isNull();
                    assertThat(recovery.facts().lastStatus()).isEqualTo("recording");
                });
    }

    @Test
    void conflictingTargetsAndUnknownSessionsAreRefused() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.RECORDING);

        assertThat(subject.status(MANIFEST, new VideoSessions.ExpectedTarget(Optional.of("other"), Optional.empty())).code())
                .isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(subject.status(MANIFEST, new VideoSessions.ExpectedTarget(Optional.of("emulator-5554"),
                Optional.of("com.androperator.operator.dev"))).ok()).isTrue();
        assertThat(subject.status(Path.of("relative/manifest.json"), VideoSessions.ExpectedTarget.NONE).code())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        sessions.sessions.remove(BUNDLE);
        assertThat(subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE).code())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
    }

    @Test
    void aSessionMarkedRecoveryRequiredReportsFailedAndRecoveryEvenWithATerminalManifestAndWritesNothing() {
        // "An unresponsive recorder retains the lock for recovery": the worker saved recovery_required,
        // published what it knew and left; status and stop must not present that as an ordinary failure.
        sessions.sessions.put(BUNDLE, session().settled(RecoveryState.RECOVERY_REQUIRED,
                "the recorder (PID 777) did not exit after SIGINT", NOW.toString()));
        bundle.manifest = terminal(BundleStatus.FAILED);

        CommandResult status = subject.status(MANIFEST, VideoSessions.ExpectedTarget.NONE);
        CommandResult stop = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        for (CommandResult result : List.of(status, stop)) {
            assertThat(result.ok()).isFalse();
            assertThat(result.status()).isEqualTo("failed");
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
            assertThat(result.message()).contains("PID 777");
            assertThat(result.details().asMap()).containsEntry("lockPath", "/tmp/locks/device-x.lock")
                    .containsEntry("recovery", "recovery_required").containsKey("sessionPath");
        }
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(bundle.published).isEmpty();
    }

    @Test
    void stopThatSeesTheWorkerGiveUpOnAnUnresponsiveRecorderReportsRecoveryRequired() {
        sessions.sessions.put(BUNDLE, session());
        bundle.manifest = manifest(BundleStatus.RECORDING);
        sessions.heartbeats.put(BUNDLE, new Heartbeat("nonce", WORKER.pid(), WORKER.startInstant(), NOW.toString()));
        bundle.afterReads = 3;
        bundle.later = terminal(BundleStatus.FAILED);
        // The worker marks the session before it publishes its terminal manifest.
        VideoSession marked = session().settled(RecoveryState.RECOVERY_REQUIRED,
                "the recorder did not exit after SIGINT", NOW.toString());
        sessions.onStopRequest = request -> sessions.sessions.put(BUNDLE, marked);

        CommandResult result = subject.stop(MANIFEST, VideoSessions.ExpectedTarget.NONE);

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.status()).isEqualTo("failed");
        assertThat(sessions.stopRequestsOf(BUNDLE)).hasSize(1);
    }

    @Test
    void anOperatorOptionConflictsWithASessionStartedWithoutOne() {
        sessions.sessions.put(BUNDLE, new VideoSession(VideoSession.SCHEMA_VERSION, "session-1", "nonce", VideoSession.SCRCPY,
                new VideoSession.Target("emulator-5554", null), BUNDLE.toString(), MANIFEST.toString(),
                "/tmp/locks/device-x.lock", 30, new VideoSize(576, 1280), NOW.toString(), NOW.plusSeconds(35).toString(),
                new VideoSession.Tools("/s", "/f", "/p", null), new SessionState.WorkerOwned(WORKER, null, NOW.toString())));
        bundle.manifest = manifest(BundleStatus.RECORDING);

        CommandResult conflicting = subject.status(MANIFEST, new VideoSessions.ExpectedTarget(Optional.empty(),
                Optional.of("com.androperator.operator.dev")));

        assertThat(conflicting.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(conflicting.message()).contains("started without an Operator package");
        assertThat(conflicting.details().asMap()).containsEntry("option", "--operator-package");
        assertThat(subject.status(MANIFEST, new VideoSessions.ExpectedTarget(Optional.of("emulator-5554"),
                Optional.empty())).ok()).isTrue();
    }

    static VideoSession session() {
        return new VideoSession(VideoSession.SCHEMA_VERSION, "session-1", "nonce", VideoSession.SCRCPY,
                new VideoSession.Target("emulator-5554", "com.androperator.operator.dev"), BUNDLE.toString(),
                MANIFEST.toString(), "/tmp/locks/device-x.lock", 30, new VideoSize(576, 1280), NOW.toString(),
                NOW.plusSeconds(35).toString(), new VideoSession.Tools("/s", "/f", "/p", null), new SessionState.WorkerOwned(WORKER, null, NOW.toString()));
    }

    static Manifest manifest(BundleStatus status) {
        return new Manifest(1, "session-1", null, CallerContext.EMPTY, device(), NOW.toString(), null, status, List.of(), List.of(),
                new VideoInfo(30, 0, null, new VideoSize(576, 1280), null, "h264", null));
    }

    static Manifest terminal(BundleStatus status) {
        List<BundleError> errors = status == BundleStatus.COMPLETE ? List.of()
                : List.of(new BundleError(ErrorCodes.VIDEO_VERIFICATION_FAILED, "finalization", "clip failed", "video.mp4"));
        return new Manifest(1, "session-1", null, CallerContext.EMPTY, device(), NOW.toString(), NOW.toString(), status, List.of(),
                errors, new VideoInfo(30, 1000L, null, new VideoSize(576, 1280), null, "h264", StopReason.REQUESTED));
    }

    static DeviceInfo device() {
        return new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0.1.0", "0.12.1", 34, "14", "Google",
                "Pixel", DeviceType.PHYSICAL, DeviceTypeProperties.UNREAD, new DisplayInfo(1080, 2400, 420, 0));
    }

    /** The session store fake, whose worker settles the session ("released") after a number of reads. */
    static final class FakeSessions extends FakeSessionStore {
        /** After this many reads the worker has released the lock and saved "released" (-1: never). */
        int settleAfterReads = -1;

        @Override
        public SessionRead readSession(Path bundleDir) {
            if (settleAfterReads > 0 && --settleAfterReads == 0) {
                sessions.computeIfPresent(bundleDir, (dir, session) -> session.settled(
                        RecoveryState.RELEASED, null, NOW.toString()));
            }
            return super.readSession(bundleDir);
        }
    }

    /**
     * A bundle whose manifest may change to {@code later} after a number of reads, as a worker would;
     * its writes are the video bundle fake's (VideoSessionsFakeBundleContractTest).
     */
    static final class FakeBundle extends FakeVideoBundle {
        Manifest manifest;
        Manifest later;
        int afterReads = -1;

        FakeBundle() {
            super(BUNDLE);
        }

        @Override
        public ManifestRead readManifest() {
            if (afterReads > 0 && --afterReads == 0) {
                manifest = later;
            }
            return manifest == null ? new ManifestRead.Absent() : new ManifestRead.Found(manifest);
        }

        @Override
        public StoreResult finalizeManifest(Manifest next) {
            StoreResult result = super.finalizeManifest(next);
            if (result instanceof StoreResult.Stored) {
                manifest = next;
            }
            return result;
        }
    }
}
