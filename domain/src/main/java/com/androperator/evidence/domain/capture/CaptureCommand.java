package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.port.CallerTerms;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A still capture as its caller asked for it, the one thing an edge hands to {@link CaptureEvidence}:
 * the use case applies the standard selections, validates every field once and locates the managed
 * bundles root. {@code deviceSerial}, {@code operatorPackage}, {@code label} and {@code timeoutMs}
 * may be null (ANDROID_SERIAL or the one attached device, ANDROPERATOR_OPERATOR_PACKAGE or the
 * default, no label, 30000 ms). {@code context} is what the caller passed: null means {@code {}},
 * anything but a JSON object (a {@code Map}) is invalid. {@code terms} are the calling edge's names
 * for these fields, in which every refusal is worded.
 */
public record CaptureCommand(BundleLocation location, @Nullable String deviceSerial, @Nullable String operatorPackage,
                             @Nullable String label, @Nullable Object context, @Nullable Long timeoutMs, CallerTerms terms) {
    public CaptureCommand {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(terms, "terms");
    }
}
