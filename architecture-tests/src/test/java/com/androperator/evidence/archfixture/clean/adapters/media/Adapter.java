package com.androperator.evidence.archfixture.clean.adapters.media;

import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

public final class Adapter implements Source {
    @Override
    public Record read() {
        return new Record("media");
    }
}
