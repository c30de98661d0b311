package com.androperator.evidence.archfixture.broken.api;

import com.androperator.evidence.archfixture.broken.contracts.Record;
import com.androperator.evidence.archfixture.broken.domain.port.Source;

/** A port implemented outside the adapters: the root alone may build it. */
final class LocalSource implements Source {
    @Override
    public Record read() {
        return null;
    }
}
