package com.androperator.evidence.domain.budget;

import com.androperator.evidence.domain.port.MonotonicClock;

/**
 * The end of a device-work budget on the monotonic clock. Adapters turn {@link #remainingMillis()}
 * into socket and process timeouts, and stop reading when {@link #expired()}.
 */
public final class Deadline {
    private final MonotonicClock clock;
    private final long deadlineNanos;

    private Deadline(MonotonicClock clock, long deadlineNanos) {
        this.clock = clock;
        this.deadlineNanos = deadlineNanos;
    }

    public static Deadline after(MonotonicClock clock, long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a budget cannot be negative");
        }
        return new Deadline(clock, clock.nanoTime() + millis * 1_000_000L);
    }

    /** Milliseconds left, never negative. */
    public long remainingMillis() {
        long left = deadlineNanos - clock.nanoTime();
        return left <= 0 ? 0 : left / 1_000_000L;
    }

    public boolean expired() {
        return deadlineNanos - clock.nanoTime() <= 0;
    }

    /** The earlier of this deadline and one {@code millis} from now: a per-call cap inside the budget. */
    public Deadline capped(long millis) {
        long candidate = clock.nanoTime() + millis * 1_000_000L;
        return candidate - deadlineNanos < 0 ? new Deadline(clock, candidate) : this;
    }

    public MonotonicClock clock() {
        return clock;
    }
}
