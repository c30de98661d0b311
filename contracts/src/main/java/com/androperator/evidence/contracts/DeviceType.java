package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Device classification by the emulator-flag heuristic; not hardware attestation. */
public enum DeviceType implements WireEnum {
    EMULATOR("emulator"),
    PHYSICAL("physical"),
    UNKNOWN("unknown");

    private final String wire;

    DeviceType(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static DeviceType of(String wire) {
        return WireEnum.fromWire(DeviceType.class, wire);
    }
}
