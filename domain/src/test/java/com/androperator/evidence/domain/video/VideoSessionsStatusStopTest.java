package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.fakes.SequentialIds;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.video.VideoSessions.ExpectedTarget;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Status and stop by manifest path on port fakes (spec: the Operation table, "Status and stop use
 * the immutable saved target and reject conflicting device or Operator options", "Repeated stop
 * after finalization returns the existing outcome without changing evidence", "Stop still waits at
 * most 15 seconds", "Status reports an unavailable worker as failed while retaining its last
 * persisted manifest and lock", "EVIDENCE_SESSION_NOT_FOUND indicates an unknown or invalid
 * session"). Time moves only with stop's own pauses, on a manual clock; a scripted worker answers
 * between polls.
 */
class VideoSessionsStatusStopTest {
    private static final Path BUNDLE = Path.of("/evidence/bundles/session-1");
    private static final Path MANIFEST = BUNDLE.resolve("manifest.json");
    private static final String LOCK = "/tmp/androperator-evidence-locks-1000/device-1.lock";
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final WorkerIdentity WORKER = new WorkerIdentity(4242, "2026-03-01T09:59:59.500Z");
    private static final String NONCE = "c0ffee00c0ffee00c0ffee00c0ffee00";

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final long origin = clock.nanoTime();
    private final WallClock wall = clock.wallClockFrom(T0);
    private final FakeSessionStore sessions = new FakeSessionStore();
    private final FakeVideoBundle bundle = new FakeVideoBundle(BUNDLE);
    private final SequentialIds ids = new SequentialIds("stop");
    /** The worker: whether its process runs, whether it keeps beating, and what it does at each poll. */
    private final FakeProcessTable processes = new FakeProcessTable().running(WORKER);
    private boolean workerBeating = true;
    private final List<Runnable> workerSteps = new ArrayList<>();
    private int pauses;

    private final Rendered.Sessions subject = new Rendered.Sessions(new VideoSessions(new SessionPorts(sessions, sessions, sessions, dir -> {
        assertThat(dir).isEqualTo(BUNDLE);
        return bundle;
    }, processes, wall, clock, ids, millis -> {
        pauses++;
        clock.advanceMillis(millis);
        if (workerBeating) {
            beat();
        }
        if (!workerSteps.isEmpty()) {
            workerSteps.remove(0).run();
        }
    }), CliLikeTerms.INSTANCE));

    @AfterEach
    void statusAndStopNeverAskAboutThemselves() {
        assertThat(processes.selfAsked()).as("status and stop judge the saved worker, not themselves").isZero();
    }

    @BeforeEach
    void aRecordingSessionWithALiveWorker() {
        sessions.sessions.put(BUNDLE, owned());
        bundle.published.add(manifest(BundleStatus.RECORDING));
        beat();
    }

    // ---- unknown and invalid sessions ------------------------------------------------------------

    /** Each way a manifest path fails to name a video session. */
    enum Unknown {
        NULL_PATH(null, "give the absolute path of its manifest.json") {
        },
        RELATIVE_PATH(Path.of("evidence/bundles/session-1/manifest.json"), "give the absolute path") {
        },
        NOT_A_MANIFEST(BUNDLE.resolve("session.json"), "give the absolute path of its manifest.json") {
        },
        NO_MANIFEST(MANIFEST, "the manifest does not exist") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.bundle.published.clear();
            }
        },
        UNREADABLE_MANIFEST(MANIFEST, "its manifest cannot be read (Could not read") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.bundle.manifestUnreadable = FakeVideoBundle.readError("manifest.json");
            }
        },
        STILL_CAPTURE(MANIFEST, "is a still capture, not a video session") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.bundle.published.add(new Manifest(1, "session-1", null, CallerContext.EMPTY, VideoSessionsTest.device(),
                        T0.toString(), T0.toString(), BundleStatus.COMPLETE, List.of(), List.of(), null));
            }
        },
        NO_SESSION(MANIFEST, "it has no session.json") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.sessions.sessions.clear();
            }
        },
        UNREADABLE_SESSION(MANIFEST, "its session.json cannot be read (session.json: EACCES)") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.sessions.unreadable.put(BUNDLE, Failure.of(ErrorCodes.STORAGE_FAILED, "session.json: EACCES"));
            }
        },
        SESSION_OF_ANOTHER_MANIFEST(MANIFEST, "session.json belongs to /evidence/bundles/other/manifest.json") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                VideoSession owned = owned();
                test.sessions.sessions.put(BUNDLE, new VideoSession(owned.schemaVersion(), owned.sessionId(),
                        owned.nonce(), owned.recorderBackend(), owned.target(), "/evidence/bundles/other",
                        "/evidence/bundles/other/manifest.json", owned.lockPath(), owned.requestedDurationSeconds(),
                        owned.requestedSize(), owned.createdAt(), owned.deadlineAt(), owned.tools(), owned.state()));
            }
        },
        SESSION_OF_ANOTHER_ID(MANIFEST, "is not a valid session: session.json belongs to") {
            @Override
            void prepare(VideoSessionsStatusStopTest test) {
                test.bundle.published.add(new Manifest(1, "another-session", null, CallerContext.EMPTY, VideoSessionsTest.device(),
                        T0.toString(), null, BundleStatus.RECORDING, List.of(), List.of(),
                        new VideoInfo(30, 0, null, new VideoSize(576, 1280), null, "h264", null)));
            }
        };

        final Path path;
        final String says;

        Unknown(Path path, String says) {
            this.path = path;
            this.says = says;
        }

        void prepare(VideoSessionsStatusStopTest test) {
        }
    }

    @ParameterizedTest
    @EnumSource(Unknown.class)
    void anUnknownOrInvalidSessionIsNotFoundByStatusOrStopAndNothingIsWritten(Unknown unknown) {
        unknown.prepare(this);
        int published = bundle.published.size();

        for (CommandResult result : List.of(subject.status(unknown.path, ExpectedTarget.NONE),
                subject.stop(unknown.path, ExpectedTarget.NONE))) {
            assertThat(result.ok()).isFalse();
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            assertThat(result.message()).contains(unknown.says);
            assertThat(result.hint()).contains("absolute manifest.json path");
            assertThat(result.status()).isNull();
        }
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(bundle.published).hasSize(published);
        assertThat(pauses).isZero();
    }

    @Test
    void aManifestPathWithRedundantSegmentsNamesTheSameSession() {
        Path roundabout = Path.of("/evidence/bundles/other/../session-1/./manifest.json");

        CommandResult status = subject.status(roundabout, ExpectedTarget.NONE);

        assertThat(status.ok()).isTrue();
        assertThat(status.manifestPath()).isEqualTo(MANIFEST.toString());
    }

    // ---- the saved target ------------------------------------------------------------------------

    @Test
    void aConflictingDeviceIsRejectedAndStopWritesNothing() {
        ExpectedTarget other = new ExpectedTarget(Optional.of("emulator-5556"), Optional.empty());

        CommandResult stop = subject.stop(MANIFEST, other);

        assertThat(stop.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(stop.message()).isEqualTo("--device emulator-5556 conflicts with the session's saved device "
                + "emulator-5554.");
        assertThat(stop.details().asMap()).containsEntry("option", "--device");
        assertThat(stop.hint()).contains("saved target");
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(subject.status(MANIFEST, other).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
    }

    @Test
    void aConflictingOperatorIsRejectedNamingTheSavedOne() {
        CommandResult status = subject.status(MANIFEST, new ExpectedTarget(Optional.empty(),
                Optional.of("com.androperator.operator")));

        assertThat(status.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(status.message()).isEqualTo("--operator-package com.androperator.operator conflicts with the "
                + "session's saved Operator com.androperator.operator.dev.");
        assertThat(status.details().asMap()).containsEntry("option", "--operator-package");
    }

    @Test
    void repeatingTheSavedTargetIsAccepted() {
        CommandResult status = subject.status(MANIFEST, new ExpectedTarget(Optional.of("emulator-5554"),
                Optional.of("com.androperator.operator.dev")));

        assertThat(status.ok()).isTrue();
        assertThat(status.status()).isEqualTo("recording");
    }

    // ---- status ------------------------------------------------------------------------------------

    @Test
    void statusOfALiveRecordingReportsItWithoutWritingAnything() {
        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status).isEqualTo(new CommandResult(true, "recording", MANIFEST.toString(), "session-1", "session-1",
                null, null, null, null));
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(sessions.saved).isEmpty();
        assertThat(bundle.published).hasSize(1);
    }

    @Test
    void statusOfASessionStillAwaitingItsWorkerIsStarting() {
        sessions.sessions.put(BUNDLE, awaiting(T0.minusSeconds(2)));
        sessions.heartbeats.clear();
        bundle.published.set(0, manifest(BundleStatus.STARTING));

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.ok()).isTrue();
        assertThat(status.status()).isEqualTo("starting");
    }

    @Test
    void aWorkerThatNeverClaimedItsSessionIsUnavailable() {
        sessions.sessions.put(BUNDLE, awaiting(T0.minusSeconds(60)));
        sessions.heartbeats.clear();
        bundle.published.set(0, manifest(BundleStatus.STARTING));

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.status()).isEqualTo("failed");
        assertThat(status.details().asMap()).containsEntry("lastStatus", "starting").containsEntry("recovery", "awaiting_worker")
                .doesNotContainKeys("workerPid", "workerStartInstant");
    }

    @Test
    void anUnavailableWorkerIsReportedFailedWithItsLastManifestAndLockRetainedAndNothingSignalled() {
        processes.ended(WORKER);
        sessions.heartbeats.put(BUNDLE, new Heartbeat(NONCE, WORKER.pid(), WORKER.startInstant(),
                T0.minusSeconds(10).toString()));

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.ok()).isFalse();
        assertThat(status.status()).isEqualTo("failed");
        assertThat(status.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.manifestPath()).isEqualTo(MANIFEST.toString());
        assertThat(status.sessionId()).isEqualTo("session-1");
        assertThat(status.message()).contains("heartbeat is stale", "while the session was still recording",
                "The last persisted manifest and the device lock are kept", "Never remove a lock by age alone",
                "PID 4242", "not running now", "remove the device lock " + LOCK);
        assertThat(status.details().asMap()).containsEntry("recoveryRequired", true)
                .containsEntry("sessionPath", BUNDLE.resolve("session.json").toString()).containsEntry("lockPath", LOCK)
                .containsEntry("lastStatus", "recording").containsEntry("recovery", "worker_owned")
                .containsEntry("workerPid", 4242L).containsEntry("workerStartInstant", WORKER.startInstant())
                .containsEntry("workerRunning", false).containsKeys("steps", "recorderDeadlineAt")
                .doesNotContainKey("recorderPid");
        assertThat(bundle.published).as("the last persisted manifest is kept as it is").hasSize(1);
        assertThat(sessions.saved).as("nothing is taken over or released").isEmpty();
        assertThat(processes.asked()).as("only the saved PID/start identity is looked up").containsOnly(WORKER);

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);
        assertThat(stop).isEqualTo(status);
        assertThat(sessions.stopRequestsOf(BUNDLE)).as("no request for a worker that is gone").isEmpty();
    }

    @Test
    void aHeartbeatUnderAnotherNonceIsReportedAsUnverifiableOwnership() {
        sessions.heartbeats.put(BUNDLE, new Heartbeat("another-nonce", 77, "2026-03-01T09:00:00Z", T0.toString()));

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.message()).startsWith("The session's heartbeat is bound to another nonce");
    }

    @Test
    void statusOfATerminalSessionIsItsOutcomeEvenWhenItsWorkerHasLongGone() {
        processes.ended(WORKER);
        workerBeating = false;
        sessions.heartbeats.clear();
        bundle.published.add(terminal(BundleStatus.COMPLETE));

        assertThat(subject.status(MANIFEST, ExpectedTarget.NONE)).isEqualTo(new CommandResult(true, "complete",
                MANIFEST.toString(), "session-1", "session-1", null, null, null, null));

        bundle.published.add(terminal(BundleStatus.PARTIAL));
        CommandResult partial = subject.status(MANIFEST, ExpectedTarget.NONE);
        assertThat(partial.ok()).isFalse();
        assertThat(partial.status()).isEqualTo("partial");
        assertThat(partial.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(partial.message()).contains("video.mp4 VIDEO_VERIFICATION_FAILED (clip failed)");
    }

    /**
     * The spec's table, status by status: "Status: Exit 0 for a found starting, recording, finalizing,
     * or complete session. Partial, failed ... exit 1." and "Stop: Exit 0 only for complete ...
     * pending, partial, or failed sessions exit 1." The CLI exit status is exactly {@code ok}.
     */
    @ParameterizedTest
    @EnumSource(BundleStatus.class)
    void statusIsOkForEveryFoundHealthyStateAndStopOnlyForComplete(BundleStatus state) {
        boolean terminal = state == BundleStatus.COMPLETE || state == BundleStatus.PARTIAL
                || state == BundleStatus.FAILED;
        bundle.published.set(0, terminal ? terminal(state) : state == BundleStatus.FINALIZING
                ? active(state) : manifest(state));
        if (terminal) {
            settle();
        }

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);
        assertThat(status.status()).isEqualTo(state.wire());
        assertThat(status.ok()).as("status of a %s session", state.wire())
                .isEqualTo(state != BundleStatus.PARTIAL && state != BundleStatus.FAILED);
        assertThat(status.code()).isEqualTo(status.ok() ? null : ErrorCodes.EVIDENCE_CAPTURE_FAILED);

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);
        assertThat(stop.status()).isEqualTo(state.wire());
        assertThat(stop.ok()).as("stop of a %s session", state.wire()).isEqualTo(state == BundleStatus.COMPLETE);
        assertThat(stop.code()).isEqualTo(stop.ok() ? null
                : terminal ? ErrorCodes.EVIDENCE_CAPTURE_FAILED : ErrorCodes.COMMAND_TIMEOUT);
        assertThat(bundle.published).as("status and stop never publish a manifest").hasSize(1);
    }

    /**
     * An unresponsive recorder: the worker publishes its failed manifest and only then saves
     * recovery_required. Status waits for that settled state while the worker lives, so it reports
     * EVIDENCE_RECOVERY_REQUIRED instead of a plain failure, and it writes nothing.
     */
    @Test
    void statusOfAFailedSessionWhoseLiveWorkerIsStillSettlingWaitsForItsRecoveryState() {
        bundle.published.set(0, terminal(BundleStatus.FAILED));
        workerSteps.add(() -> { });
        workerSteps.add(() -> {
            sessions.saveSession(BUNDLE, owned().settled(
                    RecoveryState.RECOVERY_REQUIRED, "the recorder did not exit after SIGINT", wall.now().toString()));
            workerBeating = false;
        });
        int savedBefore = sessions.saved.size();

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.ok()).isFalse();
        assertThat(status.status()).isEqualTo("failed");
        assertThat(status.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.details().asMap()).containsEntry("lastStatus", "failed").containsEntry("recovery", "recovery_required");
        assertThat(pauses).isEqualTo(2);
        assertThat(sessions.saved).as("only the worker saved anything").hasSize(savedBefore + 1);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(bundle.published).hasSize(1);
    }

    @Test
    void statusOfATerminalSessionWhoseWorkerNeverSettlesAnswersAtItsShortDeadline() {
        bundle.published.set(0, terminal(BundleStatus.COMPLETE));

        CommandResult status = subject.status(MANIFEST, ExpectedTarget.NONE);

        assertThat(status.ok()).isTrue();
        assertThat(status.status()).isEqualTo("complete");
        assertThat(elapsedMillis()).as("bounded by the lock-settle wait, far below stop's 15 s")
                .isLessThanOrEqualTo(VideoLimits.LOCK_SETTLE_MILLIS + 100);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
    }

    // ---- stop --------------------------------------------------------------------------------------

    @Test
    void stopWritesOneNonceBoundRequestAndReturnsTheOutcomeTheWorkerPublishes() {
        workerSteps.add(() -> { });
        workerSteps.add(() -> bundle.finalizeManifest(active(BundleStatus.FINALIZING)));
        workerSteps.add(() -> bundle.finalizeManifest(terminal(BundleStatus.COMPLETE)));
        workerSteps.add(this::settle);

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop).isEqualTo(new CommandResult(true, "complete", MANIFEST.toString(), "session-1", "session-1",
                null, null, null, null));
        assertThat(sessions.stopRequestsOf(BUNDLE)).containsExactly(new StopRequest("stop-0001", NONCE, T0.toString()));
        assertThat(bundle.published).as("only the worker publishes manifests").extracting(Manifest::status)
                .containsExactly(BundleStatus.RECORDING, BundleStatus.FINALIZING, BundleStatus.COMPLETE);
        assertThat(pauses).as("it returned once the worker settled, not at its deadline").isEqualTo(4);
    }

    @Test
    void stopWaitsFifteenSecondsAtMostThenReportsPendingAndTheWorkerFinishesLater() {
        workerSteps.add(() -> bundle.finalizeManifest(active(BundleStatus.FINALIZING)));

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(elapsedMillis()).isEqualTo(VideoLimits.STOP_WAIT_MILLIS);
        assertThat(stop.ok()).isFalse();
        assertThat(stop.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(stop.status()).isEqualTo("finalizing");
        assertThat(stop.manifestPath()).isEqualTo(MANIFEST.toString());
        assertThat(stop.sessionId()).isEqualTo("session-1");
        assertThat(stop.message()).contains("still finalizing after 15 s", "Poll `evidence video status`");
        assertThat(stop.details().asMap()).containsEntry("deadlineOwner", "evidence_video_stop");

        // The worker finalizes after stop gave up; status and a repeated stop then report it.
        bundle.finalizeManifest(terminal(BundleStatus.COMPLETE));
        settle();
        assertThat(subject.status(MANIFEST, ExpectedTarget.NONE).status()).isEqualTo("complete");
        CommandResult again = subject.stop(MANIFEST, ExpectedTarget.NONE);
        assertThat(again.ok()).isTrue();
        assertThat(again.status()).isEqualTo("complete");
        assertThat(sessions.stopRequestsOf(BUNDLE)).as("a terminal session needs no new request").hasSize(1);
    }

    @Test
    void aRepeatedStopAfterFinalizationReturnsTheSameOutcomeAndChangesNoEvidence() {
        bundle.finalizeManifest(terminal(BundleStatus.FAILED));
        settle();
        int published = bundle.published.size();

        CommandResult first = subject.stop(MANIFEST, ExpectedTarget.NONE);
        CommandResult second = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(second).isEqualTo(first);
        assertThat(first.status()).isEqualTo("failed");
        assertThat(first.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
        assertThat(bundle.published).hasSize(published);
        assertThat(sessions.saved).hasSize(1);
        assertThat(pauses).as("a settled session is answered at once").isZero();
    }

    @Test
    void stopOnATerminalSessionWaitsForTheWorkerToSettleButNeverPastItsDeadline() {
        bundle.finalizeManifest(terminal(BundleStatus.COMPLETE));

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.ok()).isTrue();
        assertThat(stop.status()).as("the published evidence is final even if the worker never settles")
                .isEqualTo("complete");
        assertThat(elapsedMillis()).isEqualTo(VideoLimits.STOP_WAIT_MILLIS);
        assertThat(sessions.stopRequestsOf(BUNDLE)).isEmpty();
    }

    @Test
    void stopOnATerminalSessionWhoseWorkerIsGoneAnswersAtOnce() {
        bundle.finalizeManifest(terminal(BundleStatus.COMPLETE));
        processes.ended(WORKER);
        workerBeating = false;
        sessions.heartbeats.clear();

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.status()).isEqualTo("complete");
        assertThat(pauses).isZero();
    }

    @Test
    void stopThatSeesTheWorkerDieReportsRecoveryRequiredBeforeItsDeadline() {
        workerSteps.add(() -> { });
        workerSteps.add(() -> {
            processes.ended(WORKER);
            workerBeating = false;
        });

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(stop.status()).isEqualTo("failed");
        assertThat(stop.details().asMap()).containsEntry("lastStatus", "recording");
        assertThat(elapsedMillis()).as("the heartbeat went stale, 3 s after its last beat")
                .isLessThan(VideoLimits.STOP_WAIT_MILLIS);
        assertThat(sessions.stopRequestsOf(BUNDLE)).hasSize(1);
    }

    @Test
    void stopOnASessionAwaitingItsWorkerRequestsTheStopAndWaitsForIt() {
        sessions.sessions.put(BUNDLE, awaiting(T0));
        sessions.heartbeats.clear();
        workerBeating = false;
        bundle.published.set(0, manifest(BundleStatus.STARTING));

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(stop.status()).isEqualTo("starting");
        assertThat(sessions.stopRequestsOf(BUNDLE)).singleElement()
                .satisfies(request -> assertThat(request.nonce()).isEqualTo(NONCE));
    }

    @Test
    void aStopRequestThatCannotBeWrittenIsRefusedWithItsStorageError() {
        sessions.stopRequestsFail = true;

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.ok()).isFalse();
        assertThat(stop.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(stop.details().asMap()).containsEntry("causeCode", "EROFS");
        assertThat(pauses).isZero();
    }

    @Test
    void aSessionMarkedRecoveryRequiredDuringStopEndsTheWait() {
        workerSteps.add(() -> sessions.sessions.put(BUNDLE, owned().settled(
                RecoveryState.RECOVERY_REQUIRED, "the recorder did not exit after SIGINT", T0.toString())));

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(stop.message()).contains("the recorder did not exit after SIGINT");
        assertThat(stop.details().asMap()).containsEntry("recovery", "recovery_required")
                .containsEntry("recoveryReason", "the recorder did not exit after SIGINT")
                .containsEntry("workerPid", 4242L);
        assertThat(pauses).isEqualTo(1);
    }

    @Test
    void aTerminalSessionThatSettlesAsRecoveryRequiredIsReportedSo() {
        bundle.finalizeManifest(terminal(BundleStatus.FAILED));
        workerSteps.add(() -> sessions.sessions.put(BUNDLE, owned().settled(
                RecoveryState.RECOVERY_REQUIRED, null, T0.toString())));

        CommandResult stop = subject.stop(MANIFEST, ExpectedTarget.NONE);

        assertThat(stop.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(stop.details().asMap()).containsEntry("lastStatus", "failed").doesNotContainKey("recoveryReason");
        assertThat(stop.message()).startsWith("Ownership of this session cannot be verified. ").doesNotContain("null");
    }

    // ---- helpers -----------------------------------------------------------------------------------

    private long elapsedMillis() {
        return (clock.nanoTime() - origin) / 1_000_000L;
    }

    private void beat() {
        sessions.writeHeartbeat(BUNDLE, new Heartbeat(NONCE, WORKER.pid(), WORKER.startInstant(), wall.now().toString()));
    }

    /** What the worker saves last: the lock is released and nothing in the bundle changes any more. */
    private void settle() {
        sessions.saveSession(BUNDLE, owned().settled(RecoveryState.RELEASED, null,
                wall.now().toString()));
        workerBeating = false;
    }

    private static VideoSession owned() {
        return awaiting(T0.minusSeconds(5)).claimedBy(WORKER, T0.minusSeconds(4).toString());
    }

    private static VideoSession awaiting(Instant created) {
        return new VideoSession(VideoSession.SCHEMA_VERSION, "session-1", NONCE, VideoSession.SCRCPY,
                new VideoSession.Target("emulator-5554", "com.androperator.operator.dev"), BUNDLE.toString(),
                MANIFEST.toString(), LOCK, 30, new VideoSize(576, 1280), created.toString(),
                created.plusSeconds(35).toString(), new VideoSession.Tools("/s", "/f", "/p", null), new SessionState.AwaitingWorker(created.toString()));
    }

    private static Manifest manifest(BundleStatus status) {
        return new Manifest(1, "session-1", null, CallerContext.EMPTY, VideoSessionsTest.device(), T0.toString(), null, status,
                List.of(), List.of(), new VideoInfo(30, 0, null, new VideoSize(576, 1280), null, "h264", null));
    }

    private static Manifest active(BundleStatus status) {
        return VideoManifests.active(manifest(BundleStatus.RECORDING), status, StopReason.REQUESTED, 2_000L);
    }

    private static Manifest terminal(BundleStatus status) {
        List<BundleError> errors = status == BundleStatus.COMPLETE ? List.of()
                : List.of(new BundleError(ErrorCodes.VIDEO_VERIFICATION_FAILED, "finalization", "clip failed", "video.mp4"));
        return new Manifest(1, "session-1", null, CallerContext.EMPTY, VideoSessionsTest.device(), T0.toString(),
                T0.plusSeconds(3).toString(), status, List.of(), errors,
                new VideoInfo(30, 2_000L, 1_900L, new VideoSize(576, 1280), new VideoSize(576, 1280), "h264",
                        StopReason.REQUESTED));
    }
}
