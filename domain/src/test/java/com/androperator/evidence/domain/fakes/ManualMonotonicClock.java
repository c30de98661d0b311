package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.time.Instant;

/**
 * A monotonic clock that moves only when a test or a fake says so (a fake "takes" 2000 ms by
 * advancing it), so budget scenarios are exact and need no sleeps.
 */
public final class ManualMonotonicClock implements MonotonicClock {
    /** Volatile: an overlapped capture reads it from its metadata thread. */
    private volatile long nanos = 1_000_000_000L;

    @Override
    public long nanoTime() {
        return nanos;
    }

    public void advanceMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a monotonic clock never goes back");
        }
        nanos += millis * 1_000_000L;
    }

    /**
     * Spends {@code millis} of work against {@code deadline}: all of it when it fits, otherwise
     * exactly up to expiry. Returns whether the work finished before the deadline.
     */
    public boolean spend(long millis, Deadline deadline) {
        if (millis == 0) {
            return !deadline.expired();
        }
        long remaining = deadline.remainingMillis();
        if (millis < remaining) {
            advanceMillis(millis);
            return true;
        }
        advanceMillis(remaining);
        while (!deadline.expired()) {
            advanceMillis(1);
        }
        return false;
    }

    /** A wall clock that starts at {@code start} and moves with this clock. */
    public WallClock wallClockFrom(Instant start) {
        long origin = nanos;
        return () -> start.plusNanos(nanos - origin);
    }
}
