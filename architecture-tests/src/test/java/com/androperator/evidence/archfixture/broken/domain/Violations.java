package com.androperator.evidence.archfixture.broken.domain;

/** Breaks domainIsPure: the domain uses a library. */
final class ReachesLibrary {
    private org.junit.jupiter.api.Assertions target;
}
