package com.androperator.evidence.archfixture.clean.cli;

import com.androperator.evidence.archfixture.clean.api.CompositionRoot;

/** A thin edge: wiring comes from the composition root. */
public final class Command {
    public String run() {
        return CompositionRoot.wire().run().value();
    }
}
