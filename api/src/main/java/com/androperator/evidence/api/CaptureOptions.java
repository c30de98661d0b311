package com.androperator.evidence.api;

import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.port.CallerTerms;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What to capture, as the caller gives it; the use case validates every field before anything is
 * created (see the spec's "CLI capture" option contracts).
 *
 * @param outputDir       an absolute new bundle directory exactly as given, or null for a managed
 *                        bundle under the evidence root (kept as text so that blank values and
 *                        {@code ..} segments reach validation unchanged)
 * @param deviceSerial    explicit device, or null: then ANDROID_SERIAL from the dependencies' environment,
 *                        else the one attached device
 * @param operatorPackage the installed Operator app's package, used exactly as given (no automatic variant
 *                        switch), or null: then ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator
 *                        (the domain's {@code StandardSelection})
 * @param label           optional, at most 2048 UTF-16 code units; empty is valid
 * @param context         the caller's opaque JSON object, copied into the manifest as given; null means {@code {}}
 * @param timeoutMs       device-work budget, 1000..120000; null means 30000
 */
public record CaptureOptions(@Nullable String outputDir, @Nullable String deviceSerial,
                             @Nullable String operatorPackage, @Nullable String label,
                             @Nullable Map<String, Object> context, @Nullable Long timeoutMs) {

    public CaptureOptions {
        // JSON objects may hold null members, which Map.copyOf refuses.
        context = context == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(context));
    }

    /** The use case's command for these options, refusals worded in {@code terms}. */
    public CaptureCommand command(CallerTerms terms) {
        return CaptureCommand.of(RequestValues.none().with(RequestField.OUTPUT_DIR, outputDir)
                .with(RequestField.DEVICE, deviceSerial).with(RequestField.OPERATOR_PACKAGE, operatorPackage)
                .with(RequestField.LABEL, label).with(RequestField.CONTEXT, context)
                .with(RequestField.TIMEOUT, timeoutMs), terms);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Fluent construction for Java callers; every field is optional. */
    public static final class Builder {
        private @Nullable String outputDir;
        private @Nullable String deviceSerial;
        private @Nullable String operatorPackage;
        private @Nullable String label;
        private @Nullable Map<String, Object> context;
        private @Nullable Long timeoutMs;

        private Builder() {
        }

        public Builder outputDir(@Nullable String outputDir) {
            this.outputDir = outputDir;
            return this;
        }

        public Builder outputDir(@Nullable Path outputDir) {
            this.outputDir = outputDir == null ? null : outputDir.toString();
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

        public Builder label(@Nullable String label) {
            this.label = label;
            return this;
        }

        public Builder context(@Nullable Map<String, Object> context) {
            this.context = context;
            return this;
        }

        public Builder timeoutMs(@Nullable Long timeoutMs) {
            this.timeoutMs = timeoutMs;
            return this;
        }

        public Builder timeoutMs(long timeoutMs) {
            this.timeoutMs = timeoutMs;
            return this;
        }

        public CaptureOptions build() {
            return new CaptureOptions(outputDir, deviceSerial, operatorPackage, label, context, timeoutMs);
        }
    }
}
