package com.androperator.evidence.archfixture.broken.junit5;

import com.androperator.evidence.archfixture.broken.api.Root;

public final class Extension {
    public String run() {
        return Root.wire().read().value();
    }
}
