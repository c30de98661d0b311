package com.androperator.evidence.simulator.recorded;

import com.androperator.evidence.simulator.profile.ScreenSize;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size or density forced on display 0 ({@code wm size WxH}, {@code wm density N}, or a vendor's
 * display-size setting that does the same). A {@code dumpsys display} shows it only as display 0's
 * {@code mOverrideDisplayInfo} differing from its built-in screen: {@code real W x H} in the current
 * rotation and {@code density N}.
 *
 * @param size null when no size is forced
 * @param density null when no density is forced
 */
record RecordedOverride(ScreenSize size, Integer density) {
    static final RecordedOverride NONE = new RecordedOverride(null, null);

    /** The first logical display's override info (display 0 is listed first), on one line. */
    private static final Pattern OVERRIDE_INFO = Pattern.compile("mOverrideDisplayInfo=DisplayInfo\\{[^\\n]*");
    private static final Pattern REAL = Pattern.compile("\\breal ([0-9]{1,5}) x ([0-9]{1,5})");
    private static final Pattern DENSITY = Pattern.compile("\\bdensity ([0-9]{1,4}) \\(");

    /** From {@code dumpsys display}, given the built-in screen's own size and density and its rotation. */
    static RecordedOverride fromDisplayDump(String dump, ScreenSize screen, int screenDensity, int orientation) {
        Matcher info = OVERRIDE_INFO.matcher(dump);
        if (!info.find()) {
            return NONE;
        }
        Matcher real = REAL.matcher(info.group());
        Matcher density = DENSITY.matcher(info.group());
        ScreenSize forced = real.find() ? upright(Integer.parseInt(real.group(1)), Integer.parseInt(real.group(2)),
                orientation) : screen;
        Integer forcedDensity = density.find() ? Integer.valueOf(density.group(1)) : null;
        return new RecordedOverride(forced.equals(screen) ? null : forced,
                forcedDensity == null || forcedDensity == screenDensity ? null : forcedDensity);
    }

    /** {@code wm size} prints the natural orientation; the override info is in the current rotation. */
    private static ScreenSize upright(int width, int height, int orientation) {
        return orientation % 2 == 0 ? new ScreenSize(width, height) : new ScreenSize(height, width);
    }
}
