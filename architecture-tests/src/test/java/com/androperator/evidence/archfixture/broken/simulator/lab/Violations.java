package com.androperator.evidence.archfixture.broken.simulator.lab;

/** Breaks simulatorStandsAlone: the tests' lab uses the tool's classes. */
final class ReachesContracts {
    private com.androperator.evidence.archfixture.broken.contracts.Record target;
}
