package com.androperator.evidence.archfixture.clean.simulator.lab;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The tests' lab: the simulator's own classes and JUnit's extension API. */
final class Lab implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        // A fixture: nothing to start.
    }
}
