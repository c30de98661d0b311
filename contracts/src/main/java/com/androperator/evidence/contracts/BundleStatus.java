package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A bundle's status. Still bundles end complete, partial or failed; video bundles pass through starting, recording and finalizing first. */
public enum BundleStatus implements WireEnum {
    STARTING("starting"),
    RECORDING("recording"),
    FINALIZING("finalizing"),
    COMPLETE("complete"),
    PARTIAL("partial"),
    FAILED("failed");

    private final String wire;

    BundleStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static BundleStatus of(String wire) {
        return WireEnum.fromWire(BundleStatus.class, wire);
    }
}
