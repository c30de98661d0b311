package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.domain.model.Failure;

/**
 * A device metadata field of the manifest, named as its error's component the way the reference tool
 * names it (reference-compat section 2: {@code apiLevel}, {@code ro.product.model}, {@code deviceType},
 * {@code display.size}, ...). Width and height come from one read and share the component
 * {@code display.size}, with one error.
 */
public enum MetadataField {
    OPERATOR_VERSION("operatorVersion"),
    API_LEVEL("apiLevel"),
    ANDROID_VERSION("ro.build.version.release"),
    MANUFACTURER("ro.product.manufacturer"),
    MODEL("ro.product.model"),
    DEVICE_TYPE("deviceType"),
    DISPLAY_SIZE("display.size"),
    DISPLAY_DENSITY("display.density"),
    DISPLAY_ROTATION("display.rotation");

    /** The stage of every metadata error. */
    public static final String STAGE = "metadata";

    private final String component;

    MetadataField(String component) {
        this.component = component;
    }

    public String component() {
        return component;
    }

    /**
     * The error that accompanies this field's null value: {@code reason} is the specific cause, reported
     * as {@link ErrorVocabulary#metadataCode} says (EVIDENCE_CAPTURE_FAILED unless a timeout or a
     * cancellation) and kept in the message.
     */
    public BundleError error(String reason, String message) {
        String code = ErrorVocabulary.metadataCode(reason);
        return BundleError.reported(code, STAGE, message, component, reason);
    }

    /** This field is null because the read it comes from failed; the read's code is the reason. */
    public BundleError unavailable(String what, Failure readFailure) {
        return error(readFailure.code(), what + " is unavailable: " + readFailure.message());
    }
}
