package com.androperator.evidence.archfixture.clean.domain;

import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

public final class UseCase {
    private final Source source;

    public UseCase(Source source) {
        this.source = source;
    }

    public Record run() {
        return source.read();
    }
}
