package com.androperator.evidence.junit5;

import com.androperator.evidence.domain.video.VideoLimits;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The video settings of one test, chosen by the same precedence as every other setting
 * ({@link EvidenceSettings}): {@code video} (off, on-failure, always; default off) and
 * {@code videoDurationSeconds} (1..180, the spec's cap; default 180). The duration is read only when
 * video is on, so a bad duration beside {@code video=off} costs nothing.
 */
final class VideoSettings {
    static final int DEFAULT_DURATION_SECONDS = VideoLimits.MAX_DURATION_SECONDS;

    /** When a test's recording is kept. */
    enum Mode {
        OFF("off"),
        ON_FAILURE("on-failure"),
        ALWAYS("always");

        private final String wire;

        Mode(String wire) {
            this.wire = wire;
        }

        String wire() {
            return wire;
        }

        static Optional<Mode> parse(String text) {
            String wanted = text.strip().toLowerCase(Locale.ROOT);
            for (Mode mode : values()) {
                if (mode.wire.equals(wanted)) {
                    return Optional.of(mode);
                }
            }
            return Optional.empty();
        }
    }

    /** What the video settings ask of one test. */
    sealed interface Choice {
    }

    /** No recording (the default). */
    record Off() implements Choice {
    }

    /** Record the test method, keeping the bundle as {@code mode} says. */
    record Record(Mode mode, int durationSeconds) implements Choice {
        Record {
            if (mode == Mode.OFF) {
                throw new IllegalArgumentException("a recording is on-failure or always");
            }
            if (durationSeconds < VideoLimits.MIN_DURATION_SECONDS || durationSeconds > VideoLimits.MAX_DURATION_SECONDS) {
                throw new IllegalArgumentException("durationSeconds is 1..180, got " + durationSeconds);
            }
        }
    }

    /** A video setting is wrong: the message names where it was set and what to give instead. */
    record Invalid(String message) implements Choice {
    }

    private VideoSettings() {
    }

    static Choice resolve(ExtensionContext context, Map<Setting, String> programmatic, Map<String, String> environment) {
        Optional<EvidenceSettings.Chosen> video = EvidenceSettings.chosen(Setting.VIDEO, context, programmatic,
                environment);
        if (video.isEmpty()) {
            return new Off();
        }
        Optional<Mode> mode = Mode.parse(video.get().value());
        if (mode.isEmpty()) {
            return new Invalid(video.get().source() + " must be off, on-failure or always, got '"
                    + video.get().value() + "': fix it or leave it unset for off");
        }
        if (mode.get() == Mode.OFF) {
            return new Off();
        }
        return EvidenceSettings.chosen(Setting.VIDEO_DURATION_SECONDS, context, programmatic, environment)
                .map(duration -> duration(mode.get(), duration))
                .orElseGet(() -> new Record(mode.get(), DEFAULT_DURATION_SECONDS));
    }

    private static Choice duration(Mode mode, EvidenceSettings.Chosen duration) {
        String text = duration.value().strip();
        if (text.matches("[0-9]{1,3}")) {
            int seconds = Integer.parseInt(text);
            if (seconds >= VideoLimits.MIN_DURATION_SECONDS && seconds <= VideoLimits.MAX_DURATION_SECONDS) {
                return new Record(mode, seconds);
            }
        }
        return new Invalid(duration.source() + " must be an integer number of seconds from "
                + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS + ", got '"
                + duration.value() + "': fix it or leave it unset for " + DEFAULT_DURATION_SECONDS);
    }
}
