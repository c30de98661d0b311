package com.androperator.evidence.simulator.device;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * One logcat line as {@code logcat -v time} prints it, without the newline:
 * {@code MM-DD HH:MM:SS.mmm L/TAG( PID): message}.
 *
 * @param text the whole printed line
 * @param level V, D, I, W, E, F; or '-' for a buffer marker such as "beginning of main"
 * @param tag empty for a marker
 */
public record LogLine(String text, char level, String tag) {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    public LogLine {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(tag, "tag");
        if (text.contains("\n")) {
            throw new IllegalArgumentException("a log line has no newline: " + text);
        }
    }

    public static LogLine of(Instant time, char level, String tag, int pid, String message) {
        return new LogLine(String.format("%s %c/%-8s(%5d): %s", TIME.format(time), level, tag, pid,
                message), level, tag);
    }

    public static LogLine marker(String buffer) {
        return new LogLine("--------- beginning of " + buffer, '-', "");
    }

    public boolean isMarker() {
        return level == '-';
    }
}
