package com.androperator.evidence.archfixture.clean.mcp;

import com.androperator.evidence.archfixture.clean.api.Root;

/** A thin edge: wiring comes from the composition root. */
public final class Tool {
    public String run() {
        return Root.wire().run().value();
    }
}
