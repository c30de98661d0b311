package com.androperator.evidence.archfixture.clean.cli;

import com.androperator.evidence.archfixture.clean.api.CompositionRoot;
import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

/** A thin edge: wiring comes from the composition root. */
public final class Command {
    /**
     * An edge builds its own implementation of a port that speaks to its caller (as the CLI's terms
     * do): allowed (adaptersAreConstructedOnlyInTheRoot counts no edge class as an adapter).
     */
    private final Source names = new Names();

    public String run() {
        return CompositionRoot.wire().run().value() + names.read().value();
    }

    private static final class Names implements Source {
        @Override
        public Record read() {
            return new Record("cli");
        }
    }
}
