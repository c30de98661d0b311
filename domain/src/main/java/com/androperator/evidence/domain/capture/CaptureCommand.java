package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.port.CallerTerms;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A still capture as its caller asked for it, the one thing an edge hands to {@link CaptureEvidence}:
 * the use case applies the standard selections, validates every field once and locates the managed
 * bundles root. Every edge builds it the same way, {@link #of} over the {@link RequestValues} it read
 * from its caller. Any value may be left out: the device, package, label and timeout fall to
 * ANDROID_SERIAL or the one attached device, ANDROPERATOR_OPERATOR_PACKAGE or the default, no
 * label, 30000 ms; the context to {@code {}} (anything but a JSON object, a {@code Map}, is
 * invalid). {@code terms} are the calling edge's names for these fields, in which every refusal is
 * worded.
 */
public record CaptureCommand(BundleLocation location, RequestValues values, CallerTerms terms) {
    public CaptureCommand {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(terms, "terms");
    }

    /** The one command builder of every edge: an explicit bundle when {@code values} hold an output directory. */
    public static CaptureCommand of(RequestValues values, CallerTerms terms) {
        return new CaptureCommand(BundleLocation.of(values.text(RequestField.OUTPUT_DIR)), values, terms);
    }

    /** The same command from each value by position, for domain tests. */
    public CaptureCommand(BundleLocation location, @Nullable String deviceSerial, @Nullable String operatorPackage,
                          @Nullable String label, @Nullable Object context, @Nullable Long timeoutMs, CallerTerms terms) {
        this(location, RequestValues.none().with(RequestField.DEVICE, deviceSerial)
                .with(RequestField.OPERATOR_PACKAGE, operatorPackage).with(RequestField.LABEL, label)
                .with(RequestField.CONTEXT, context).with(RequestField.TIMEOUT, timeoutMs), terms);
    }

    public @Nullable String deviceSerial() {
        return values.text(RequestField.DEVICE);
    }

    public @Nullable String operatorPackage() {
        return values.text(RequestField.OPERATOR_PACKAGE);
    }

    public @Nullable String label() {
        return values.text(RequestField.LABEL);
    }

    /** The caller's context as given, for the request's rules to check ({@link CallerJson}). */
    public CallerJson context() {
        return CallerJson.of(values.json(RequestField.CONTEXT));
    }

    public @Nullable Long timeoutMs() {
        return values.integer(RequestField.TIMEOUT);
    }
}
