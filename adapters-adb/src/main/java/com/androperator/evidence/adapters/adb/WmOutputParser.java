package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code wm size} ({@code Physical size: WxH}, optionally {@code Override size: WxH}) and
 * {@code wm density} ({@code Physical density: N}, optionally {@code Override density: N}). Both
 * values are returned; which one wins is the domain's policy.
 */
final class WmOutputParser {
    private static final Pattern PHYSICAL_SIZE = sizeLine("Physical");
    private static final Pattern OVERRIDE_SIZE = sizeLine("Override");
    private static final Pattern PHYSICAL_DENSITY = densityLine("Physical");
    private static final Pattern OVERRIDE_DENSITY = densityLine("Override");

    private WmOutputParser() {
    }

    /** Empty when there is no positive physical size. */
    static Optional<WmSize> size(String output) {
        Optional<Size> physical = size(PHYSICAL_SIZE, output);
        return physical.map(p -> new WmSize(p, size(OVERRIDE_SIZE, output).orElse(null)));
    }

    /** Empty when there is no positive physical density. */
    static Optional<WmDensity> density(String output) {
        Optional<Integer> physical = density(PHYSICAL_DENSITY, output);
        return physical.map(p -> new WmDensity(p, density(OVERRIDE_DENSITY, output).orElse(null)));
    }

    private static Optional<Size> size(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        if (!matcher.find()) {
            return Optional.empty();
        }
        Optional<Integer> width = positive(matcher.group(1));
        Optional<Integer> height = positive(matcher.group(2));
        return width.isPresent() && height.isPresent()
                ? Optional.of(new Size(width.get(), height.get())) : Optional.empty();
    }

    private static Optional<Integer> density(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        return matcher.find() ? positive(matcher.group(1)) : Optional.empty();
    }

    private static Optional<Integer> positive(String digits) {
        if (digits.length() > 9) {
            return Optional.empty();
        }
        int value = Integer.parseInt(digits);
        return value > 0 ? Optional.of(value) : Optional.empty();
    }

    private static Pattern sizeLine(String kind) {
        return Pattern.compile("(?m)^\\s*" + kind + " size:\\s*([0-9]+)\\s*x\\s*([0-9]+)\\s*$");
    }

    private static Pattern densityLine(String kind) {
        return Pattern.compile("(?m)^\\s*" + kind + " density:\\s*([0-9]+)\\s*$");
    }
}
