package com.androperator.evidence.domain.budget;


/**
 * The end of a device-work budget on the monotonic clock, and the caller's {@link Cancellation} of
 * that work. Adapters turn {@link #remainingMillis()} into process timeouts and
 * {@link #remainingNanos()} into alarms that close a blocked socket, stop reading when
 * {@link #expired()}, and register what ends a blocking call with
 * {@code cancellation().onCancel(...)} so that a cancellation ends it at once; after
 * {@link #cancelled()} they start nothing new on the device.
 */
public final class Deadline {
    private final MonotonicClock clock;
    private final long deadlineNanos;
    private final Cancellation cancellation;

    private Deadline(MonotonicClock clock, long deadlineNanos, Cancellation cancellation) {
        this.clock = clock;
        this.deadlineNanos = deadlineNanos;
        this.cancellation = cancellation;
    }

    /** A budget nobody can cancel. */
    public static Deadline after(MonotonicClock clock, long millis) {
        return after(clock, millis, new Cancellation());
    }

    public static Deadline after(MonotonicClock clock, long millis, Cancellation cancellation) {
        if (millis < 0) {
            throw new IllegalArgumentException("a budget cannot be negative");
        }
        java.util.Objects.requireNonNull(cancellation, "cancellation");
        return new Deadline(clock, clock.nanoTime() + millis * 1_000_000L, cancellation);
    }

    /** Milliseconds left, never negative. */
    public long remainingMillis() {
        return remainingNanos() / 1_000_000L;
    }

    /** Nanoseconds left, never negative: for a timer that must come due with the deadline itself, not a millisecond early. */
    public long remainingNanos() {
        long left = deadlineNanos - clock.nanoTime();
        return left <= 0 ? 0 : left;
    }

    public boolean expired() {
        return deadlineNanos - clock.nanoTime() <= 0;
    }

    /** The earlier of this deadline and one {@code millis} from now: a per-call cap inside the budget. */
    public Deadline capped(long millis) {
        long candidate = clock.nanoTime() + millis * 1_000_000L;
        return candidate - deadlineNanos < 0 ? new Deadline(clock, candidate, cancellation) : this;
    }

    /** The caller's cancellation of this work; a capped deadline shares it. */
    public Cancellation cancellation() {
        return cancellation;
    }

    /**
     * Who cancelled this work ("SIGINT", "stdin closed", a Java caller's words), for the records
     * of what it cut short; "the caller" when a source reports a cancellation nobody named.
     */
    public String cancelledBy() {
        return cancellation.cancelledBy().orElse("the caller");
    }

    /** Whether the caller cancelled the work: start nothing new on the device. */
    public boolean cancelled() {
        return cancellation.isCancelled();
    }

    public MonotonicClock clock() {
        return clock;
    }
}
