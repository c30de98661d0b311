package com.androperator.evidence.archfixture.clean.mcp;

import com.androperator.evidence.archfixture.clean.api.CompositionRoot;

/** A thin edge: wiring comes from the composition root. */
public final class Tool {
    public String run() {
        return CompositionRoot.wire().run().value();
    }
}
