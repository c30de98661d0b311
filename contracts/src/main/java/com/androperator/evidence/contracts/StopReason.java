package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Why a recording stopped. */
public enum StopReason implements WireEnum {
    REQUESTED("requested"),
    DURATION_CAP("duration_cap"),
    STARTUP_FAILURE("startup_failure"),
    FAILURE("failure");

    private final String wire;

    StopReason(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static StopReason of(String wire) {
        return WireEnum.fromWire(StopReason.class, wire);
    }
}
