package com.androperator.evidence.archfixture.broken.domain;

import com.androperator.evidence.archfixture.broken.adapters.adb.Adapter;

/** Breaks domainIsPure and coreDoesNotSeeEdges: the domain reaches an adapter and a library. */
public final class UseCase {
    public String run() {
        return new Adapter().read() + org.junit.jupiter.api.Assertions.class.getName();
    }
}
