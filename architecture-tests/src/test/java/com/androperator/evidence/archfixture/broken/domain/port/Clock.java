package com.androperator.evidence.archfixture.broken.domain.port;

import com.androperator.evidence.archfixture.broken.domain.budget.Deadline;

/** The port half of domainPackagesAreFreeOfCycles' violation: a port naming a value that names it. */
public interface Clock {
    long nanoTimeWithin(Deadline deadline);
}
