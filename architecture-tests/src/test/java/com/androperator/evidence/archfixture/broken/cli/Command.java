package com.androperator.evidence.archfixture.broken.cli;

import com.androperator.evidence.archfixture.broken.api.CompositionRoot;

public final class Command {
    public String run() {
        return CompositionRoot.wire().read().value();
    }
}
