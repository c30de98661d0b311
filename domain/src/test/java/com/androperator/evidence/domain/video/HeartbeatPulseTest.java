package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worker's nonce-bound heartbeat (spec: "A nonce-bound heartbeat identifies the original
 * worker"; "The worker keeps its heartbeat and ownership through final persistence"), on a manual
 * scheduler and clock.
 */
class HeartbeatPulseTest {
    private static final Path BUNDLE = Path.of("/evidence/bundles/session-1");
    private static final WorkerIdentity SELF = new WorkerIdentity(4242, "2026-03-01T09:59:59.250Z");
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final WallClock wall = clock.wallClockFrom(T0);
    private final FakeSessionStore sessions = new FakeSessionStore();
    private final List<String> stopped = new ArrayList<>();
    private final ManualScheduler scheduler = new ManualScheduler(clock, () -> stopped.add("scheduler shut down"));

    @Test
    void theFirstHeartbeatIsWrittenAtOnceAndNamesTheNonceAndTheWorkerIdentity() {
        HeartbeatPulse pulse = HeartbeatPulse.start(sessions, BUNDLE, "nonce-1", SELF, wall, scheduler);

        assertThat(sessions.readHeartbeat(BUNDLE)).contains(new Heartbeat("nonce-1", 4242, SELF.startInstant(),
                T0.toString()));
        pulse.close();
    }

    @Test
    void itBeatsEverySecondWithTheCurrentTimeUntilClosed() {
        HeartbeatPulse pulse = HeartbeatPulse.start(sessions, BUNDLE, "nonce-1", SELF, wall, scheduler);
        assertThat(scheduler.periodic()).singleElement().satisfies(task -> {
            assertThat(task.periodNanos).isEqualTo(VideoLimits.HEARTBEAT_INTERVAL_MILLIS * 1_000_000L);
            assertThat(task.initialDelayNanos).isEqualTo(VideoLimits.HEARTBEAT_INTERVAL_MILLIS * 1_000_000L);
        });
        assertThat(VideoLimits.HEARTBEAT_INTERVAL_MILLIS).as("a live worker never looks stale")
                .isLessThan(VideoLimits.HEARTBEAT_STALE_MILLIS);

        for (int second = 1; second <= 3; second++) {
            clock.advanceMillis(1_000);
            scheduler.runDue();
        }
        pulse.close();
        clock.advanceMillis(5_000);
        scheduler.runDue();

        assertThat(sessions.heartbeatsWritten).extracting(Heartbeat::at).containsExactly(T0.toString(),
                T0.plusSeconds(1).toString(), T0.plusSeconds(2).toString(), T0.plusSeconds(3).toString());
        assertThat(sessions.heartbeatsWritten).allSatisfy(beat -> {
            assertThat(beat.nonce()).isEqualTo("nonce-1");
            assertThat(beat.worker()).isEqualTo(SELF);
        });
        assertThat(stopped).containsExactly("scheduler shut down");
    }

    @Test
    void whileFinalizingEachHeartbeatCarriesTheProgressAsOfItsTimeAndClosingWritesTheLast() {
        HeartbeatPulse pulse = HeartbeatPulse.start(sessions, BUNDLE, "nonce-1", SELF, wall, scheduler);
        FinalizationMeter meter = new FinalizationMeter(clock, T0, step -> pulse.beatNow());
        pulse.finalizing(meter);
        scheduler.runDue();
        clock.advanceMillis(1_000);
        meter.inspected(90, 1);
        scheduler.runDue();
        // Steps whose beats are still queued when the pulse closes: the last beat, written on close, has them.
        meter.encoded(90);
        meter.verified(90);
        meter.persisting();
        pulse.close();
        pulse.close();

        List<Heartbeat> beats = sessions.heartbeatsWritten;
        assertThat(beats).extracting(Heartbeat::at).containsExactly(T0.toString(), T0.toString(),
                T0.plusSeconds(1).toString(), T0.plusSeconds(1).toString(), T0.plusSeconds(1).toString());
        assertThat(beats.get(0).finalizing()).isNull();
        assertThat(beats.get(1).finalizing()).extracting(FinalizationProgress::phase, FinalizationProgress::elapsedMs)
                .containsExactly("inspecting", 0L);
        assertThat(beats.subList(2, 4)).allSatisfy(beat -> assertThat(beat.finalizing())
                .extracting(FinalizationProgress::phase, FinalizationProgress::elapsedMs, FinalizationProgress::framesDecoded)
                .containsExactly("encoding", 1000L, 90L));
        assertThat(beats.get(4).finalizing()).extracting(FinalizationProgress::phase, FinalizationProgress::workDone)
                .containsExactly("persisting", 270L);
    }

    @Test
    void closingKeepsTheCallersInterruptStatus() {
        HeartbeatPulse pulse = HeartbeatPulse.start(sessions, BUNDLE, "nonce-1", SELF, wall, scheduler);

        Thread.currentThread().interrupt();
        pulse.close();

        assertThat(Thread.interrupted()).as("the interrupt survives close (and is cleared here)").isTrue();
        assertThat(scheduler.isShutdown()).isTrue();
    }

    @Test
    void theHeartbeatThreadNeverKeepsAFinishedWorkerAlive() {
        Thread thread = HeartbeatPulse.heartbeatThread(() -> { });

        assertThat(thread.isDaemon()).isTrue();
        assertThat(thread.getName()).isEqualTo(HeartbeatPulse.THREAD_NAME);
        assertThat(thread.getState()).as("created, not started, by the factory").isEqualTo(Thread.State.NEW);
    }

    @Test
    void theRealSchedulerWritesTheFirstBeatAndStopsOnClose() {
        HeartbeatPulse pulse = HeartbeatPulse.start(sessions, BUNDLE, "nonce-2", SELF, wall);
        pulse.close();

        assertThat(sessions.heartbeatsWritten).first().satisfies(beat -> assertThat(beat.nonce()).isEqualTo("nonce-2"));
    }
}
