package com.androperator.evidence.archfixture.broken.adapters.adb;

import com.androperator.evidence.archfixture.broken.contracts.Record;
import com.androperator.evidence.archfixture.broken.domain.port.Source;

public final class AdbAdapter implements Source {
    @Override
    public Record read() {
        return new Record("adb");
    }
}
