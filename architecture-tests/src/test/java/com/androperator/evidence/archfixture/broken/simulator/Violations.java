package com.androperator.evidence.archfixture.broken.simulator;

/** Breaks simulatorStandsAlone: the simulated phone uses the tool's classes. */
final class ReachesContracts {
    private com.androperator.evidence.archfixture.broken.contracts.Record target;
}
