package com.androperator.evidence.contracts;

import org.jspecify.annotations.Nullable;

/**
 * One error recorded in a bundle: {code, stage, message, component}. {@code component} is null
 * when the error is not about one artifact or metadata field.
 */
public record BundleError(String code, String stage, String message, @Nullable String component) {
    public BundleError {
        Checks.nonBlank(code, "error.code");
        Checks.nonBlank(stage, "error.stage");
        Checks.nonBlank(message, "error.message");
    }
}
