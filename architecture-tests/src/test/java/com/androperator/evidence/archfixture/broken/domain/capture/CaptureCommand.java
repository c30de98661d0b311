package com.androperator.evidence.archfixture.broken.domain.capture;

/** A use case's command, built through {@link #of} by every edge. */
public record CaptureCommand(String values) {
    public static CaptureCommand of(String values) {
        return new CaptureCommand(values);
    }
}
