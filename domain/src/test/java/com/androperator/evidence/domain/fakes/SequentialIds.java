package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.IdSource;

/** Evidence ids {@code <prefix>-0001}, {@code <prefix>-0002}, ... */
public final class SequentialIds implements IdSource {
    private final String prefix;
    private int issued;

    public SequentialIds(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public String newEvidenceId() {
        issued++;
        return String.format("%s-%04d", prefix, issued);
    }

    public int issued() {
        return issued;
    }
}
