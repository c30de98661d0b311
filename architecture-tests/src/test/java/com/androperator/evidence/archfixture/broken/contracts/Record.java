package com.androperator.evidence.archfixture.broken.contracts;

import com.androperator.evidence.archfixture.broken.domain.UseCase;

/** Breaks contractsStandAlone and coreDoesNotSeeEdges' inward rule by reaching into the domain. */
public record Record(String value, UseCase owner) {
}
