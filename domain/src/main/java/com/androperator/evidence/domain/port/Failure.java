package com.androperator.evidence.domain.port;

import java.util.Map;

/**
 * A device-side or host-side failure as a value: a documented code, a message that says what
 * happened, and diagnostics kept for the bundle (never null; empty when there are none).
 */
public record Failure(String code, String message, Map<String, Object> details) {
    public Failure {
        if (code == null || code.isBlank() || message == null || message.isBlank()) {
            throw new IllegalArgumentException("a failure has a code and a message");
        }
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
    }

    public static Failure of(String code, String message) {
        return new Failure(code, message, Map.of());
    }
}
