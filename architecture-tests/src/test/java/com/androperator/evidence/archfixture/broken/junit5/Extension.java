package com.androperator.evidence.archfixture.broken.junit5;

import com.androperator.evidence.archfixture.broken.api.CompositionRoot;

public final class Extension {
    public String run() {
        return CompositionRoot.wire().read().value();
    }
}
