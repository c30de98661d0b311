package com.androperator.evidence.archfixture.clean.adapters.adb;

import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

public final class Adapter implements Source {
    /** An adapter builds its own parts: allowed (adaptersAreConstructedOnlyInTheRoot, both in adapters). */
    private final Wire wire = new Wire();

    @Override
    public Record read() {
        return new Record(wire.name());
    }
}

final class Wire {
    String name() {
        return "adb";
    }
}
