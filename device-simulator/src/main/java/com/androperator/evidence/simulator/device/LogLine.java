package com.androperator.evidence.simulator.device;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * One logcat line as {@code logcat -v time} prints it, without the newline:
 * {@code MM-DD HH:MM:SS.mmm L/TAG( PID): message}. Kept as the bytes logcat prints, since a message
 * may hold bytes that are not UTF-8 (a broken app's output reaches the host unchanged).
 *
 * @param bytes the whole printed line
 * @param level V, D, I, W, E, F; or '-' for a buffer marker such as "beginning of main"
 * @param tag empty for a marker
 */
public record LogLine(byte[] bytes, char level, String tag) {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    public LogLine {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(tag, "tag");
        for (byte b : bytes) {
            if (b == '\n') {
                throw new IllegalArgumentException("a log line has no newline: " + new String(bytes, StandardCharsets.UTF_8));
            }
        }
    }

    public static LogLine of(Instant time, char level, String tag, int pid, String message) {
        return of(time, level, tag, pid, message.getBytes(StandardCharsets.UTF_8));
    }

    /** A line whose message is these bytes, exactly. */
    public static LogLine of(Instant time, char level, String tag, int pid, byte[] message) {
        byte[] prefix = String.format("%s %c/%-8s(%5d): ", TIME.format(time), level, tag, pid)
                .getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream line = new ByteArrayOutputStream(prefix.length + message.length);
        line.writeBytes(prefix);
        line.writeBytes(message);
        return new LogLine(line.toByteArray(), level, tag);
    }

    public static LogLine marker(String buffer) {
        return new LogLine(("--------- beginning of " + buffer).getBytes(StandardCharsets.UTF_8), '-', "");
    }

    /** The line as text (bytes that are not UTF-8 read U+FFFD): for tests and messages. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public boolean isMarker() {
        return level == '-';
    }
}
