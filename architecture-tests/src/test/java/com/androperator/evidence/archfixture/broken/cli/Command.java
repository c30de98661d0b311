package com.androperator.evidence.archfixture.broken.cli;

import com.androperator.evidence.archfixture.broken.adapters.adb.Adapter;

/** Breaks edgesUseTheCompositionRoot: the CLI wires an adapter itself. */
public final class Command {
    public String run() {
        return new Adapter().read();
    }
}
