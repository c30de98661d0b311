package com.androperator.evidence.archfixture.clean.simulator;

/** The phone's screen: the simulator depends on the simulator. */
final class Screen {
    byte[] png() {
        return new byte[] {1};
    }
}
