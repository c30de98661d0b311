package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.port.CallerTerms;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A still-capture request as the caller gave it; {@link CaptureEvidence} validates every field
 * before anything is created. {@code deviceSerial}, {@code label} and {@code timeoutMs} may be
 * null (no explicit device, no label, the default 30000 ms). {@code context} is what the caller
 * passed: null means {@code {}}, anything but a JSON object (a {@code Map}) is invalid. {@code terms}
 * are the calling edge's names for these fields, in which every refusal is worded.
 */
public record CaptureRequest(BundleLocation location, @Nullable String deviceSerial,
                             @Nullable String operatorPackage, @Nullable String label, @Nullable Object context,
                             @Nullable Long timeoutMs, CallerTerms terms) {
    public CaptureRequest {
        Objects.requireNonNull(terms, "terms");
    }
}
