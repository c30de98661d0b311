package com.androperator.evidence.archfixture.broken.domain.budget;

import com.androperator.evidence.archfixture.broken.domain.port.Clock;

/**
 * Breaks domainPackagesAreFreeOfCycles with port.Clock: a value that needs a port which names the
 * value (as budget.Deadline once needed port.MonotonicClock while the ports took a Deadline).
 */
public final class Deadline {
    private final Clock clock;

    public Deadline(Clock clock) {
        this.clock = clock;
    }

    public long remainingNanos() {
        return clock.nanoTimeWithin(this);
    }
}
