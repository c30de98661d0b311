package com.androperator.evidence.archfixture.broken.mcp;

import com.androperator.evidence.archfixture.broken.api.CompositionRoot;

public final class Tool {
    public String run() {
        return CompositionRoot.wire().read().value();
    }
}
