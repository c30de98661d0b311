package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** One artifact's status: complete (verified), partial (file retained, not verified) or failed (no usable file). */
public enum ArtifactStatus implements WireEnum {
    COMPLETE("complete"),
    PARTIAL("partial"),
    FAILED("failed");

    private final String wire;

    ArtifactStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ArtifactStatus of(String wire) {
        return WireEnum.fromWire(ArtifactStatus.class, wire);
    }
}
