package com.androperator.evidence.adapters.adb;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the primary display's rotation from {@code dumpsys input}: the first input viewport line
 * of display 0 ({@code Viewport INTERNAL: displayId=0, ..., orientation=1, ...}), else the older
 * {@code SurfaceOrientation: N}.
 */
final class InputRotationParser {
    private static final Pattern VIEWPORT = Pattern.compile(
            "(?m)^[^\\n]*\\bViewport\\b[^\\n]*?(?<![A-Za-z])displayId=0(?![0-9])[^\\n]*?(?<![A-Za-z])orientation=([0-3])(?![0-9])[^\\n]*$");
    private static final Pattern INACTIVE = Pattern.compile("isActive=\\[?(?:false|0)\\]?(?![0-9])");
    private static final Pattern SURFACE_ORIENTATION = Pattern.compile("SurfaceOrientation:\\s*([0-3])(?![0-9])");

    private InputRotationParser() {
    }

    static Optional<Integer> rotation(String dump) {
        String text = dump.replace("\r\n", "\n");
        Matcher viewport = VIEWPORT.matcher(text);
        Integer firstInactive = null;
        while (viewport.find()) {
            int orientation = Integer.parseInt(viewport.group(1));
            // A foldable also lists its folded-away screen's viewport for display 0, marked
            // inactive; it says nothing about the screen in use, so it only serves as a last resort.
            if (!INACTIVE.matcher(viewport.group()).find()) {
                return Optional.of(orientation);
            }
            if (firstInactive == null) {
                firstInactive = orientation;
            }
        }
        if (firstInactive != null) {
            return Optional.of(firstInactive);
        }
        Matcher surface = SURFACE_ORIENTATION.matcher(text);
        return surface.find() ? Optional.of(Integer.parseInt(surface.group(1))) : Optional.empty();
    }
}
