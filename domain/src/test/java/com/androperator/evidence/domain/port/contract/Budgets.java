package com.androperator.evidence.domain.port.contract;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;

/**
 * The device-work budgets a contract hands its port: on the clock the implementation measures (the
 * fakes' manual clock, the adapters' system clock).
 */
public interface Budgets {

    /** A budget of {@code millis}, ended at once by {@code cancellation}. */
    Deadline budget(long millis, Cancellation cancellation);

    /** A budget of {@code millis} that nobody cancels. */
    default Deadline budget(long millis) {
        return budget(millis, new Cancellation());
    }
}
