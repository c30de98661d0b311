package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.WorkerLiveness.Verdict;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How status and stop judge a session's worker without signalling anything (spec: "A nonce-bound
 * heartbeat identifies the original worker"; "Status reports an unavailable worker as failed";
 * "never ... signal a PID without checking its identity"): alive while its nonce-bound heartbeat is
 * fresh or its saved PID/start identity still runs; a heartbeat under another nonce cannot be
 * verified.
 */
class WorkerLivenessTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:30Z");
    private static final WorkerIdentity WORKER = new WorkerIdentity(4242, "2026-03-01T10:00:00.125Z");

    private final FakeProcessTable processes = new FakeProcessTable();

    @AfterEach
    void livenessNeverAsksAboutThisProcess() {
        assertThat(processes.selfAsked()).as("liveness is judged for the saved worker, never as this process").isZero();
    }

    @Test
    void aFreshHeartbeatOfTheSavedWorkerMeansAliveEvenWhenItsProcessCannotBeSeen() {
        Verdict verdict = WorkerLiveness.assess(claimed(), beat("nonce", WORKER, NOW.minusMillis(500)), processes, NOW);

        assertThat(verdict).isEqualTo(Verdict.ALIVE);
    }

    @Test
    void aHeartbeatIsFreshUpToThreeSecondsOldAndStaleAfter() {
        assertThat(WorkerLiveness.assess(claimed(), beat("nonce", WORKER, NOW.minusMillis(VideoLimits.HEARTBEAT_STALE_MILLIS)),
                processes, NOW)).isEqualTo(Verdict.ALIVE);
        assertThat(WorkerLiveness.assess(claimed(), beat("nonce", WORKER,
                NOW.minusMillis(VideoLimits.HEARTBEAT_STALE_MILLIS + 1)), processes, NOW)).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(processes.asked()).as("a stale heartbeat sends liveness to the saved identity").containsOnly(WORKER);
    }

    @Test
    void aStaleHeartbeatIsOutweighedByTheSavedIdentityStillRunning() {
        processes.running(WORKER);

        Verdict verdict = WorkerLiveness.assess(claimed(), beat("nonce", WORKER, NOW.minusSeconds(60)), processes, NOW);

        assertThat(verdict).isEqualTo(Verdict.ALIVE);
        assertThat(processes.asked()).containsExactly(WORKER);
    }

    @Test
    void aFreshHeartbeatFromAnotherProcessUnderTheSameNonceDoesNotProveTheSavedWorker() {
        WorkerIdentity reused = new WorkerIdentity(WORKER.pid(), "2026-03-01T10:00:20Z");

        Verdict verdict = WorkerLiveness.assess(claimed(), beat("nonce", reused, NOW), processes, NOW);

        assertThat(verdict).isEqualTo(Verdict.UNAVAILABLE);
    }

    @Test
    void aHeartbeatUnderAnotherNonceMeansOwnershipCannotBeVerifiedWhateverElseIsTrue() {
        processes.running(WORKER);

        assertThat(WorkerLiveness.assess(claimed(), beat("other-nonce", WORKER, NOW), processes, NOW))
                .isEqualTo(Verdict.OWNERSHIP_UNVERIFIED);
        assertThat(WorkerLiveness.assess(unclaimed(NOW.toString()), beat("other-nonce", WORKER, NOW), processes, NOW))
                .isEqualTo(Verdict.OWNERSHIP_UNVERIFIED);
    }

    @Test
    void noHeartbeatAndNoRunningIdentityMeansUnavailable() {
        assertThat(WorkerLiveness.assess(claimed(), Optional.empty(), processes, NOW)).isEqualTo(Verdict.UNAVAILABLE);
        processes.running(WORKER);
        assertThat(WorkerLiveness.assess(claimed(), Optional.empty(), processes, NOW)).isEqualTo(Verdict.ALIVE);
    }

    @Test
    void anUnreadableHeartbeatTimeIsNotFresh() {
        Optional<Heartbeat> garbled = Optional.of(new Heartbeat("nonce", WORKER.pid(), WORKER.startInstant(), "yesterday"));

        assertThat(WorkerLiveness.assess(claimed(), garbled, processes, NOW)).isEqualTo(Verdict.UNAVAILABLE);
    }

    @Test
    void anUnclaimedSessionAwaitsItsWorkerForThirtySecondsAfterStart() {
        long grace = VideoLimits.WORKER_CLAIM_GRACE_MILLIS;

        assertThat(WorkerLiveness.assess(unclaimed(NOW.toString()), Optional.empty(), processes, NOW))
                .isEqualTo(Verdict.AWAITING_CLAIM);
        assertThat(WorkerLiveness.assess(unclaimed(NOW.minusMillis(grace - 1).toString()), Optional.empty(), processes,
                NOW)).isEqualTo(Verdict.AWAITING_CLAIM);
        assertThat(WorkerLiveness.assess(unclaimed(NOW.minusMillis(grace).toString()), Optional.empty(), processes, NOW))
                .isEqualTo(Verdict.UNAVAILABLE);
        assertThat(WorkerLiveness.assess(unclaimed("not a time"), Optional.empty(), processes, NOW))
                .isEqualTo(Verdict.UNAVAILABLE);
        assertThat(processes.asked()).as("there is no saved worker identity to ask about").isEmpty();
    }

    @Test
    void anUnclaimedSessionThatStartGaveUpOnIsNotAwaitingAnything() {
        VideoSession gaveUp = unclaimed(NOW.toString()).settled(
                RecoveryState.SPAWN_FAILED, "could not spawn", NOW.toString());

        assertThat(WorkerLiveness.assess(gaveUp, Optional.empty(), processes, NOW)).isEqualTo(Verdict.UNAVAILABLE);
    }

    /**
     * Property: for a claimed session with a heartbeat under its own nonce, the verdict is ALIVE
     * exactly when the heartbeat is the saved worker's and at most 3 s old, or the saved identity
     * runs; UNAVAILABLE otherwise.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aliveExactlyWhenTheHeartbeatIsFreshOrTheSavedIdentityRuns(long seed) {
        Random random = new Random(seed);
        long ageMillis = random.nextInt(4) == 0 ? VideoLimits.HEARTBEAT_STALE_MILLIS + random.nextInt(3) - 1
                : random.nextInt(12_000) - 1_000;
        boolean sameWorker = random.nextInt(4) != 0;
        boolean running = random.nextBoolean();
        if (running) {
            processes.running(WORKER);
        }
        WorkerIdentity writer = sameWorker ? WORKER : new WorkerIdentity(4242 + 1 + random.nextInt(100), WORKER.startInstant());

        Verdict verdict = WorkerLiveness.assess(claimed(), beat("nonce", writer, NOW.minusMillis(ageMillis)), processes, NOW);

        boolean fresh = sameWorker && ageMillis <= VideoLimits.HEARTBEAT_STALE_MILLIS;
        assertThat(verdict).as("age %d ms, same worker %s, running %s", ageMillis, sameWorker, running)
                .isEqualTo(fresh || running ? Verdict.ALIVE : Verdict.UNAVAILABLE);
        assertThat(processes.asked()).as("only the saved identity is ever looked up").allMatch(WORKER::equals);
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    private static Optional<Heartbeat> beat(String nonce, WorkerIdentity worker, Instant at) {
        return Optional.of(new Heartbeat(nonce, worker.pid(), worker.startInstant(), at.toString()));
    }

    private static VideoSession claimed() {
        return unclaimed(NOW.minusSeconds(25).toString()).claimedBy(WORKER, NOW.minusSeconds(25).toString());
    }

    private static VideoSession unclaimed(String createdAt) {
        return new VideoSession(VideoSession.SCHEMA_VERSION, "session-1", "nonce", VideoSession.SCRCPY,
                new VideoSession.Target("emulator-5554", null), "/evidence/b", "/evidence/b/manifest.json",
                "/tmp/locks/device.lock", 30, new VideoSize(576, 1280), createdAt, NOW.plusSeconds(35).toString(),
                new VideoSession.Tools("/s", "/f", "/p", null), new SessionState.AwaitingWorker(createdAt));
    }
}
