package com.androperator.evidence.contracts;

/** Host UTC start and finish of one step, and its duration from the monotonic clock. */
public record Timing(String startedAt, String finishedAt, long durationMs) {
    public Timing {
        Checks.utcTimestamp(startedAt, "timing.startedAt");
        Checks.utcTimestamp(finishedAt, "timing.finishedAt");
        Checks.check(durationMs >= 0, "timing.durationMs must not be negative");
    }
}
