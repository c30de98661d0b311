package com.androperator.evidence.contracts;

/** A video frame size in pixels. */
public record VideoSize(int width, int height) {
    public VideoSize {
        Checks.check(width > 0 && height > 0, "video size must be positive");
    }

    @Override
    public String toString() {
        return width + "x" + height;
    }
}
