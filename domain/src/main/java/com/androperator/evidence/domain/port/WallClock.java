package com.androperator.evidence.domain.port;

import java.time.Instant;

/** The host's UTC wall clock, for startedAt/finishedAt stamps only (never for durations). */
@FunctionalInterface
public interface WallClock {
    Instant now();

    WallClock SYSTEM = Instant::now;
}
