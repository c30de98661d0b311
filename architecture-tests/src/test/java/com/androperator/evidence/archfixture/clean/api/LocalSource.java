package com.androperator.evidence.archfixture.clean.api;

import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

/** A port implemented in api whose static factory builds itself: allowed (same top-level class). */
final class LocalSource implements Source {
    private LocalSource() {
    }

    static LocalSource create() {
        return new LocalSource();
    }

    @Override
    public Record read() {
        return new Record("api");
    }
}
