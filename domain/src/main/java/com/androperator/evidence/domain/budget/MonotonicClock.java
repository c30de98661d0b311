package com.androperator.evidence.domain.budget;

/** A monotonic clock for budgets and durations; never goes backwards, unrelated to wall time. */
@FunctionalInterface
public interface MonotonicClock {
    long nanoTime();

    MonotonicClock SYSTEM = System::nanoTime;
}
