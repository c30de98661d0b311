package com.androperator.evidence.archfixture.clean.junit5;

import com.androperator.evidence.archfixture.clean.api.Root;

/** A thin edge: wiring comes from the composition root. */
public final class Extension {
    public String run() {
        return Root.wire().run().value();
    }
}
