package com.androperator.evidence.archfixture.broken.adapters.media;

import com.androperator.evidence.archfixture.broken.cli.Command;

/** Breaks mediaAdapterIsolated: an adapter reaches the CLI edge. */
public final class Adapter3 {
    public String read() {
        return Command.class.getSimpleName();
    }
}
