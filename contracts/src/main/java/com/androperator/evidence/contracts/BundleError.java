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

    /**
     * An error reported under {@code code} whose specific {@code reason} may be another code: the
     * reference tool's readers find that reason at the end of the message, as in
     * "{@code ... (SCREENSHOT_INVALID)}". This is the one place that wording is made; a reason that
     * is null or the code itself adds nothing.
     */
    public static BundleError reported(String code, String stage, String message, @Nullable String component,
                                       @Nullable String reason) {
        return new BundleError(code, stage, reason == null || reason.equals(code) ? message
                : message + " (" + reason + ")", component);
    }
}
