package com.androperator.evidence.domain.model;

import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A device-side or host-side failure as a value: a documented code, a message that says what
 * happened, diagnostics kept for the bundle (never null; empty when there are none), and, for a
 * refused request, the request field to fix (null when the failure is not about one).
 */
public record Failure(String code, String message, Map<String, Object> details, @Nullable RequestField field) {
    public Failure {
        if (code == null || code.isBlank() || message == null || message.isBlank()) {
            throw new IllegalArgumentException("a failure has a code and a message");
        }
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
    }

    /** A failure that is not about one request field. */
    public Failure(String code, String message, Map<String, Object> details) {
        this(code, message, details, null);
    }

    public static Failure of(String code, String message) {
        return new Failure(code, message, Map.of());
    }

    /** The request field this failure asks the caller to fix, if it is about one. */
    public Optional<RequestField> requestField() {
        return Optional.ofNullable(field);
    }
}
