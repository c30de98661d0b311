package com.androperator.evidence.archfixture.clean.domain.port;

import com.androperator.evidence.archfixture.clean.contracts.Record;

public interface Source {
    Record read();
}
