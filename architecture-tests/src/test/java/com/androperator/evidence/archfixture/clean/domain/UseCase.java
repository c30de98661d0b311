package com.androperator.evidence.archfixture.clean.domain;

import com.androperator.evidence.archfixture.clean.contracts.Record;
import com.androperator.evidence.archfixture.clean.domain.port.Source;

/** Domain code on java.*, contracts and its own ports only. */
public final class UseCase {
    private final Source source;

    public UseCase(Source source) {
        this.source = source;
    }

    public Record run() {
        return source.read();
    }
}
