package com.androperator.evidence.simulator.lab;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The tests' one poll-until: checks a condition until it holds or a deadline passes. The poll
 * interval only paces the loop (50 ms); the condition alone decides, so a test never sleeps in the
 * hope that something happened.
 */
public final class Await {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private Await() {
    }

    /**
     * Returns once {@code condition} holds.
     *
     * @param what what is awaited, e.g. "the worker releases the lock"; the failure names it
     * @throws AssertionError when it does not hold within {@code timeout}
     */
    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        until(() -> what, timeout, condition);
    }

    /** {@link #until(String, Duration, BooleanSupplier)} naming what was awaited once it timed out. */
    public static void until(Supplier<String> what, Duration timeout, BooleanSupplier condition) {
        if (!holdsWithin(timeout, condition)) {
            throw new AssertionError("timed out after " + timeout + " awaiting: " + what.get());
        }
    }

    /**
     * Whether {@code condition} held within {@code timeout}, for callers that decide themselves what
     * a timeout means (clean-up that must not fail the test, or an assertion with more context).
     * An interrupt ends the wait early as not held, with the interrupt flag kept.
     */
    public static boolean holdsWithin(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0 || Thread.currentThread().isInterrupted()) {
                return false;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        return true;
    }
}
