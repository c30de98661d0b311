package com.androperator.evidence.simulator.profile;

import java.util.Objects;

/**
 * What {@code wm size} and {@code wm density} report.
 *
 * @param overrideSize null when no override is set (then no {@code Override size:} line)
 * @param overrideDensity null when no override is set
 */
public record WindowManagerSpec(ScreenSize physicalSize, ScreenSize overrideSize,
        int physicalDensity, Integer overrideDensity) {

    public WindowManagerSpec {
        Objects.requireNonNull(physicalSize, "wm.physicalSize");
        checkDensity(physicalDensity, "wm.physicalDensity");
        if (overrideDensity != null) {
            checkDensity(overrideDensity, "wm.overrideDensity");
        }
    }

    private static void checkDensity(int density, String key) {
        if (density < 72 || density > 2000) {
            throw new InvalidProfileException(key + " must be 72..2000, got " + density);
        }
    }

    public WindowManagerSpec withOverrideSize(ScreenSize size) {
        return new WindowManagerSpec(physicalSize, size, physicalDensity, overrideDensity);
    }

    public WindowManagerSpec withOverrideDensity(Integer density) {
        return new WindowManagerSpec(physicalSize, overrideSize, physicalDensity, density);
    }
}
