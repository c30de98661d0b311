package com.androperator.evidence.adapters.adb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses the screen to capture from {@code dumpsys display} (device-protocol.md §3). Newer
 * Android lists one {@code DisplayViewport{...}} per physical screen with {@code isActive=}; the
 * screen in use is the one viewport that is valid, active and on logical display 0, and its
 * {@code uniqueId='local:<digits>'} is the physical id for {@code screencap -d}. A dump in which no
 * viewport has {@code isActive=} is an older Android, where plain {@code screencap -p} is right.
 */
final class DisplayViewports {
    private static final String ENTRY_START = "DisplayViewport{";
    private static final Pattern VALID = field("valid", "(true|false)");
    private static final Pattern ACTIVE = field("isActive", "(true|false)");
    private static final Pattern DISPLAY_ID = field("displayId", "(-?[0-9]+)");
    private static final Pattern ORIENTATION = field("orientation", "([0-9]+)");
    private static final Pattern TYPE = field("type", "([A-Za-z_]+)");
    private static final Pattern UNIQUE_ID = field("uniqueId", "(?:'([^']*)'|([^,}\\s]*))");
    private static final Pattern LOCAL_ID = Pattern.compile("local:([0-9]+)");
    /** Display 0's power state in the dump's {@code Display States:} section (Android 10 on). */
    private static final Pattern DISPLAY_ZERO_STATE = Pattern.compile("(?m)^\\s*Display Id=0\\s*\\n\\s*Display State=([A-Za-z_]+)");
    /** The older dumps' one state of every display. */
    private static final Pattern GLOBAL_STATE = Pattern.compile("mGlobalDisplayState=([A-Za-z_]+)");
    private static final String NEVER_WAKES = "this tool never wakes or unlocks a phone: wake and unlock it"
            + " (for example `adb shell input keyevent KEYCODE_WAKEUP`, then unlock), then capture again";

    private DisplayViewports() {
    }

    /** One parsed {@code DisplayViewport{...}}; absent fields are null. */
    record Viewport(String type, Boolean valid, Boolean active, Integer displayId, String uniqueId,
                    Integer orientation) {
        String summary() {
            return "{type=" + type + ", valid=" + valid + ", isActive=" + active + ", displayId=" + displayId
                    + ", uniqueId=" + uniqueId + "}";
        }
    }

    /** What to capture. */
    sealed interface Choice {
        /** Older Android: no viewport reports activity, so capture the default display. */
        record DefaultDisplay(int viewportsSeen) implements Choice {
        }

        /** The active physical screen of display 0. */
        record PhysicalDisplay(String physicalId, Integer orientation, int viewportsSeen) implements Choice {
        }

        /** No single active physical screen: {@code message} lists what was found. */
        record Refused(String message) implements Choice {
        }
    }

    static Choice choose(String dump) {
        List<Viewport> viewports = parse(dump);
        if (viewports.stream().noneMatch(v -> v.active() != null)) {
            return new Choice.DefaultDisplay(viewports.size());
        }
        // The same viewport can be printed more than once in one dump; a screen counts once.
        Map<String, Viewport> candidates = new LinkedHashMap<>();
        for (Viewport viewport : viewports) {
            if (Boolean.TRUE.equals(viewport.valid()) && Boolean.TRUE.equals(viewport.active())
                    && Integer.valueOf(0).equals(viewport.displayId())) {
                candidates.putIfAbsent(String.valueOf(viewport.uniqueId()), viewport);
            }
        }
        if (candidates.size() != 1) {
            return new Choice.Refused((candidates.isEmpty()
                    ? "no display viewport is valid, active and on display 0" + screenOff(dump, viewports)
                    : candidates.size() + " display viewports are valid, active and on display 0")
                    + "; found " + viewports.size() + ": " + summaries(viewports));
        }
        Viewport chosen = candidates.values().iterator().next();
        Matcher local = LOCAL_ID.matcher(chosen.uniqueId() == null ? "" : chosen.uniqueId());
        if (!local.matches() || !ShellQuote.isValidPhysicalDisplayId(local.group(1))) {
            return new Choice.Refused("the active viewport of display 0 has uniqueId " + chosen.uniqueId()
                    + ", not local:<unsigned 64-bit id>; found " + viewports.size() + ": " + summaries(viewports));
        }
        return new Choice.PhysicalDisplay(local.group(1), chosen.orientation(), viewports.size());
    }

    /**
     * Why display 0 has no active viewport when its screen is off: the state the dump gives
     * (Display State=OFF) and what to do. Empty when a valid viewport of display 0 is not there
     * to be inactive, or the dump says the display is on.
     */
    private static String screenOff(String dump, List<Viewport> viewports) {
        boolean inactiveOnZero = viewports.stream().anyMatch(v -> Boolean.TRUE.equals(v.valid())
                && Boolean.FALSE.equals(v.active()) && Integer.valueOf(0).equals(v.displayId()));
        Optional<String> state = powerState(dump).map(PowerState::shown);
        if (!inactiveOnZero || state.filter(s -> s.endsWith("=ON")).isPresent()) {
            return "";
        }
        return ": the screen is off (" + state.map(s -> s + ", ").orElse("") + "its viewport isActive=false); "
                + NEVER_WAKES;
    }

    /** Display 0's power state as the dump words it: {@code field} is the field that said it. */
    record PowerState(String field, String value) {
        String shown() {
            return field + "=" + value;
        }
    }

    /** Display 0's power state (Display State=, else the older mGlobalDisplayState=), if the dump gives it. */
    static Optional<PowerState> powerState(String dump) {
        return find(DISPLAY_ZERO_STATE, dump).map(value -> new PowerState("Display State", value))
                .or(() -> find(GLOBAL_STATE, dump).map(value -> new PowerState("mGlobalDisplayState", value)));
    }

    static List<Viewport> parse(String dump) {
        List<Viewport> viewports = new ArrayList<>();
        int from = 0;
        while (true) {
            int start = dump.indexOf(ENTRY_START, from);
            if (start < 0) {
                return viewports;
            }
            int bodyStart = start + ENTRY_START.length();
            int end = closingBrace(dump, bodyStart);
            String body = dump.substring(bodyStart, end);
            viewports.add(new Viewport(
                    find(TYPE, body).orElse(null),
                    find(VALID, body).map(Boolean::parseBoolean).orElse(null),
                    find(ACTIVE, body).map(Boolean::parseBoolean).orElse(null),
                    find(DISPLAY_ID, body).flatMap(DisplayViewports::smallInt).orElse(null),
                    uniqueId(body),
                    find(ORIENTATION, body).flatMap(DisplayViewports::smallInt).orElse(null)));
            from = end;
        }
    }

    private static String summaries(List<Viewport> viewports) {
        List<String> parts = new ArrayList<>();
        for (Viewport viewport : viewports) {
            parts.add(viewport.summary());
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    /** The matching brace (values such as {@code Rect(0, 0 - 1080, 2400)} contain none), or the line end. */
    private static int closingBrace(String dump, int from) {
        int depth = 1;
        for (int i = from; i < dump.length(); i++) {
            char c = dump.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            } else if (c == '\n') {
                return i;
            }
        }
        return dump.length();
    }

    private static Optional<String> find(Pattern pattern, String body) {
        Matcher matcher = pattern.matcher(body);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    private static String uniqueId(String body) {
        Matcher matcher = UNIQUE_ID.matcher(body);
        if (!matcher.find()) {
            return null;
        }
        return matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
    }

    private static Optional<Integer> smallInt(String digits) {
        return digits.length() <= 9 ? Optional.of(Integer.parseInt(digits)) : Optional.empty();
    }

    /** {@code name=value} as a whole field: not the tail of a longer name such as {@code isValid}. */
    private static Pattern field(String name, String value) {
        return Pattern.compile("(?<![A-Za-z0-9_])" + name + "=" + value);
    }
}
