package com.androperator.evidence.simulator.recorded;

import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.WindowManagerSpec;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in screen as a recorded {@code dumpsys display} or {@code dumpsys input} describes it:
 * what the simulator needs to answer the commands the recording lacks the way the same phone
 * would ({@code wm size} prints the screen's natural size, {@code wm density} its density).
 *
 * @param density null when the recording does not say (an input dump never does)
 * @param override what {@code wm size} and {@code wm density} print after the physical values: the
 *        forced size and density that display 0's {@code mOverrideDisplayInfo} shows, none for an input dump
 */
record RecordedDisplay(String physicalId, ScreenSize size, Integer density, int orientation, boolean active,
                       RecordedOverride override) {
    /** {@code DisplayDeviceInfo{"Built-in Screen": uniqueId="local:0", 1080 x 2160, ..., density 480, ...}}. */
    private static final Pattern DEVICE_INFO = Pattern.compile(
            "DisplayDeviceInfo\\{\"[^\"\\n]*\": uniqueId=\"local:([0-9]{1,20})\", ([0-9]{1,5}) x ([0-9]{1,5}),"
                    + "[^\\n]*?, density ([0-9]{1,4}),");
    /** The display viewport of display 0 in {@code dumpsys display}, any Android version. */
    private static final Pattern DISPLAY_VIEWPORT = Pattern.compile("DisplayViewport\\{[^}\\n]*?(?<![A-Za-z])displayId=0,[^}\\n]*\\}");
    /** The input viewport line of display 0 in {@code dumpsys input} (Android 10 on names its screen). */
    private static final Pattern INPUT_VIEWPORT = Pattern.compile(
            "(?m)^[^\\n]*\\bViewport\\b[^\\n]*?(?<![A-Za-z])displayId=0,[^\\n]*uniqueId=local:([0-9]{1,20}),[^\\n]*$");
    private static final Pattern ORIENTATION = Pattern.compile("(?<![A-Za-z])orientation=([0-3])(?![0-9])");
    private static final Pattern INACTIVE = Pattern.compile("isActive=(?:false|\\[0\\])");
    private static final Pattern DEVICE_SIZE = Pattern.compile("deviceSize=\\[([0-9]{1,5}), ([0-9]{1,5})\\]");

    /** From {@code dumpsys display}: its built-in screen's device info and display 0's viewport. */
    static Optional<RecordedDisplay> fromDisplayDump(String dump) {
        Matcher info = DEVICE_INFO.matcher(dump);
        if (!info.find()) {
            return Optional.empty();
        }
        Matcher viewport = DISPLAY_VIEWPORT.matcher(dump);
        String line = viewport.find() ? viewport.group() : "";
        ScreenSize size = new ScreenSize(Integer.parseInt(info.group(2)), Integer.parseInt(info.group(3)));
        int density = Integer.parseInt(info.group(4));
        int orientation = orientation(line);
        return Optional.of(new RecordedDisplay(info.group(1), size, density, orientation, !INACTIVE.matcher(line).find(),
                RecordedOverride.fromDisplayDump(dump, size, density, orientation)));
    }

    /** From {@code dumpsys input}: display 0's first viewport that names its screen and size. */
    static Optional<RecordedDisplay> fromInputDump(String dump) {
        Matcher viewport = INPUT_VIEWPORT.matcher(dump);
        while (viewport.find()) {
            Matcher size = DEVICE_SIZE.matcher(viewport.group());
            if (size.find()) {
                return Optional.of(new RecordedDisplay(viewport.group(1),
                        new ScreenSize(Integer.parseInt(size.group(1)), Integer.parseInt(size.group(2))), null,
                        orientation(viewport.group()), !INACTIVE.matcher(viewport.group()).find(), RecordedOverride.NONE));
            }
        }
        return Optional.empty();
    }

    /** What {@code wm} reports for this screen; {@code fallbackDensity} when the recording tells none. */
    WindowManagerSpec wm(int fallbackDensity) {
        return new WindowManagerSpec(size, override.size(), density == null ? fallbackDensity : density, override.density());
    }

    /** The simulator's display for this screen, showing {@code screenshot}. */
    DisplaySpec spec(ProfileFile screenshot) {
        return new DisplaySpec(0, physicalId, active, true, size.width(), size.height(), orientation,
                DisplaySpec.defaultPort(physicalId), screenshot);
    }

    private static int orientation(String viewport) {
        Matcher matcher = ORIENTATION.matcher(viewport);
        return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
    }
}
