package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What an artifact holds: exactly the reference tool's kinds. A retained recording source is a
 * {@code video} (capture.partial.mkv, video/x-matroska, partial).
 */
public enum ArtifactKind implements WireEnum {
    SCREENSHOT("screenshot"),
    HIERARCHY("hierarchy"),
    CAPTURE_ENVELOPES("capture_envelopes"),
    VIDEO("video"),
    ENCODER_STDERR("encoder_stderr");

    private final String wire;

    ArtifactKind(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ArtifactKind of(String wire) {
        return WireEnum.fromWire(ArtifactKind.class, wire);
    }
}
