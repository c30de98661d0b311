package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerJson;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A video start as the caller gave it, the one request record of every edge (CLI, MCP, Java);
 * {@link StartVideo} validates every field before anything is created. Build it with
 * {@link #builder()}: the fields are named, so no two strings can trade places.
 *
 * @param outputDir       an absolute new bundle directory as given, or null for a managed bundle under
 *                        {@code <evidence root>/bundles/<sessionId>} (MCP and Java callers)
 * @param deviceSerial    the device serial; the edge applies the standard selection (the explicit serial,
 *                        else ANDROID_SERIAL) before the use case, which requires one
 * @param operatorPackage optional (video records through scrcpy and never talks to the Operator):
 *                        validated when given and recorded as device.operatorPackage, null otherwise
 * @param durationSeconds required, 1..180
 * @param size            "WIDTHxHEIGHT" (positive even, within 1% of the display's aspect ratio) or null
 *                        for the default longest edge of 1280
 * @param label           optional, at most 2048 UTF-16 code units
 * @param context         the caller's context as given, not yet checked (a JSON object is valid);
 *                        {@link CallerJson#OMITTED} (or null) means {@code {}}
 */
public record VideoStartCommand(@Nullable String outputDir, @Nullable String deviceSerial,
                                @Nullable String operatorPackage, @Nullable Integer durationSeconds,
                                @Nullable String size, @Nullable String label, CallerJson context) {
    public VideoStartCommand {
        context = Objects.requireNonNullElse(context, CallerJson.OMITTED);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The same request with another device serial (the standard selection's choice). */
    public VideoStartCommand withDeviceSerial(@Nullable String serial) {
        return new VideoStartCommand(outputDir, serial, operatorPackage, durationSeconds, size, label, context);
    }

    /** Named construction; every field starts unset (null). */
    public static final class Builder {
        private @Nullable String outputDir;
        private @Nullable String deviceSerial;
        private @Nullable String operatorPackage;
        private @Nullable Integer durationSeconds;
        private @Nullable String size;
        private @Nullable String label;
        private CallerJson context = CallerJson.OMITTED;

        private Builder() {
        }

        public Builder outputDir(@Nullable String outputDir) {
            this.outputDir = outputDir;
            return this;
        }

        public Builder deviceSerial(@Nullable String deviceSerial) {
            this.deviceSerial = deviceSerial;
            return this;
        }

        public Builder operatorPackage(@Nullable String operatorPackage) {
            this.operatorPackage = operatorPackage;
            return this;
        }

        public Builder durationSeconds(@Nullable Integer durationSeconds) {
            this.durationSeconds = durationSeconds;
            return this;
        }

        public Builder size(@Nullable String size) {
            this.size = size;
            return this;
        }

        public Builder label(@Nullable String label) {
            this.label = label;
            return this;
        }

        /** The caller's parsed JSON as given (a Map when it is an object), or null when left out. */
        public Builder context(@Nullable Object context) {
            this.context = CallerJson.of(context);
            return this;
        }

        public VideoStartCommand build() {
            return new VideoStartCommand(outputDir, deviceSerial, operatorPackage, durationSeconds, size, label, context);
        }
    }
}
