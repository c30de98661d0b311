package com.androperator.evidence.archfixture.clean.junit5;

import com.androperator.evidence.archfixture.clean.api.CompositionRoot;

/** A thin edge: wiring comes from the composition root. */
public final class Extension {
    public String run() {
        return CompositionRoot.wire().run().value();
    }
}
