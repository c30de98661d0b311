package com.androperator.evidence.archfixture.clean.cli;

import com.androperator.evidence.archfixture.clean.api.Root;

public final class Command {
    public String run() {
        return Root.wire().run().value();
    }
}
