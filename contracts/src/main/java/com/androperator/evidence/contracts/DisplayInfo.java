package com.androperator.evidence.contracts;

import org.jspecify.annotations.Nullable;

/**
 * Display geometry sampled through adb (wm overrides win), not synchronized with the screenshot.
 * Each field is null when it could not be read; the bundle then carries an error for it.
 */
public record DisplayInfo(@Nullable Integer width, @Nullable Integer height, @Nullable Integer density,
        @Nullable Integer rotation) {
    public static final DisplayInfo UNKNOWN = new DisplayInfo(null, null, null, null);

    public DisplayInfo {
        Checks.check(width == null || width > 0, "display.width must be positive");
        Checks.check(height == null || height > 0, "display.height must be positive");
        Checks.check(density == null || density > 0, "display.density must be positive");
        Checks.check(rotation == null || (rotation >= 0 && rotation <= 3), "display.rotation must be 0..3");
    }
}
