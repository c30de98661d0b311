package com.androperator.evidence.domain.capture;

/**
 * A still-capture request as the caller gave it; {@link CaptureEvidence} validates every field
 * before anything is created. {@code deviceSerial}, {@code label} and {@code timeoutMs} may be
 * null (no explicit device, no label, the default 30000 ms). {@code context} is what the caller
 * passed: null means {@code {}}, anything but a JSON object (a {@code Map}) is invalid.
 */
public record CaptureRequest(BundleLocation location, String deviceSerial, String operatorPackage,
                             String label, Object context, Long timeoutMs) {
}
