package com.androperator.evidence.archfixture.broken.domain;

import com.androperator.evidence.archfixture.broken.contracts.Record;
import com.androperator.evidence.archfixture.broken.domain.port.Source;

public final class UseCase {
    private Source source;

    public Record run() {
        return source.read();
    }
}
