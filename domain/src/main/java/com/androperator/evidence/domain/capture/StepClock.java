package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.time.Instant;

/**
 * Reads both clocks at once: host UTC wall time for startedAt/finishedAt stamps, the monotonic
 * clock for durations (wall time may jump, durations must not).
 */
final class StepClock {
    private final WallClock wall;
    private final MonotonicClock monotonic;

    StepClock(WallClock wall, MonotonicClock monotonic) {
        this.wall = wall;
        this.monotonic = monotonic;
    }

    /** One reading of both clocks. */
    record Mark(Instant wall, long nanos) {
        /** ISO-8601 UTC with millisecond precision, e.g. 2026-03-01T10:15:30.123Z. */
        String stamp() {
            return MillisStamp.of(wall);
        }
    }

    Mark mark() {
        return new Mark(wall.now(), monotonic.nanoTime());
    }

    Timing between(Mark from, Mark to) {
        return new Timing(from.stamp(), to.stamp(), Math.max(0, (to.nanos() - from.nanos()) / 1_000_000L));
    }
}
