package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.WallClock;
import java.time.Instant;

/** A wall clock that always reads the same instant. */
public record FixedWallClock(Instant instant) implements WallClock {
    public static final FixedWallClock EPOCH_2026 = new FixedWallClock(Instant.parse("2026-03-01T10:00:00.123456Z"));

    @Override
    public Instant now() {
        return instant;
    }
}
