package com.androperator.evidence.archfixture.broken.contracts;

import com.androperator.evidence.archfixture.broken.domain.UseCase;

/** Breaks contractsStandAlone: a contract record that reaches into the domain. */
record ReachesDomain(UseCase owner) {
}
