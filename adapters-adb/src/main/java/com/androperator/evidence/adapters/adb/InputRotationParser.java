package com.androperator.evidence.adapters.adb;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the primary display's rotation from {@code dumpsys input}: the first input viewport line
 * of display 0 ({@code Viewport INTERNAL: displayId=0, ..., orientation=1, ...}, or without
 * {@code INTERNAL} before Android 10), else the touch device's own orientation line, spelled
 * {@code SurfaceOrientation: 1} (8.1, 9), {@code InputDeviceOrientation: 1} (13) or
 * {@code InputDeviceOrientation: Rotation90} (15 on). A vendor's text glued to the viewport line
 * ({@code isActive=[1]deviceName=...}) and viewports of no display ({@code displayId=-1}, a TV
 * emulator's touch screen) do not stand in the way.
 */
final class InputRotationParser {
    private static final Pattern VIEWPORT = Pattern.compile(
            "(?m)^[^\\n]*\\bViewport\\b[^\\n]*?(?<![A-Za-z])displayId=0(?![0-9])[^\\n]*?(?<![A-Za-z])orientation=([0-3])(?![0-9])[^\\n]*$");
    private static final Pattern INACTIVE = Pattern.compile("isActive=\\[?(?:false|0)\\]?(?![0-9])");
    private static final Pattern DEVICE_ORIENTATION = Pattern.compile(
            "(?<![A-Za-z])(?:Surface|InputDevice)Orientation:\\s*(?:([0-3])|Rotation(0|90|180|270))(?![0-9])");

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
        return deviceOrientation(text);
    }

    private static Optional<Integer> deviceOrientation(String text) {
        Matcher orientation = DEVICE_ORIENTATION.matcher(text);
        if (!orientation.find()) {
            return Optional.empty();
        }
        return Optional.of(orientation.group(1) != null ? Integer.parseInt(orientation.group(1))
                : Integer.parseInt(orientation.group(2)) / 90);
    }
}
