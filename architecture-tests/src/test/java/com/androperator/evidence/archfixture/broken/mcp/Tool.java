package com.androperator.evidence.archfixture.broken.mcp;

import com.androperator.evidence.archfixture.broken.api.Root;

public final class Tool {
    public String run() {
        return Root.wire().read().value();
    }
}
