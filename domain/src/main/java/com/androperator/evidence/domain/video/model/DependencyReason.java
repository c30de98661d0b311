package com.androperator.evidence.domain.video.model;

/**
 * Why a host dependency fails: missing (lookup failed, ENOENT or exit 127), unavailable (another
 * execution failure or a timeout), unsupported (scrcpy flags absent, FFmpeg older than 6.1, or
 * the capability probe failed).
 */
public enum DependencyReason {
    MISSING("missing"),
    UNAVAILABLE("unavailable"),
    UNSUPPORTED("unsupported");

    private final String wire;

    DependencyReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
