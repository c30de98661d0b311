package com.androperator.evidence.domain.video.model;

/** One decoded source frame: its best-effort timestamp in seconds and its dimensions. */
public record FrameSample(double timestampSeconds, int width, int height) {
    public FrameSample {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("a decoded frame has positive dimensions");
        }
    }
}
