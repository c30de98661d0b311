package com.androperator.evidence.archfixture.broken.cli;

import com.androperator.evidence.archfixture.broken.api.Root;

public final class Command {
    public String run() {
        return Root.wire().read().value();
    }
}
