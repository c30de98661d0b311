package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;

/** Budgets on the system clock, as the adapters meet them in production. */
final class SystemDeadlines {
    private SystemDeadlines() {
    }

    static Deadline millis(long millis) {
        return Deadline.after(MonotonicClock.SYSTEM, millis);
    }
}
