package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.domain.port.Failure;

/** A device metadata field of the manifest, named as its error's component (e.g. {@code device.apiLevel}). */
public enum MetadataField {
    OPERATOR_VERSION("device.operatorVersion"),
    API_LEVEL("device.apiLevel"),
    ANDROID_VERSION("device.androidVersion"),
    MANUFACTURER("device.manufacturer"),
    MODEL("device.model"),
    DEVICE_TYPE("device.deviceType"),
    DISPLAY_WIDTH("device.display.width"),
    DISPLAY_HEIGHT("device.display.height"),
    DISPLAY_DENSITY("device.display.density"),
    DISPLAY_ROTATION("device.display.rotation");

    /** The stage of every metadata error. */
    public static final String STAGE = "metadata";

    private final String component;

    MetadataField(String component) {
        this.component = component;
    }

    public String component() {
        return component;
    }

    /** The error that accompanies this field's null value. */
    public BundleError error(String code, String message) {
        return new BundleError(code, STAGE, message, component);
    }

    /** This field is null because the read it comes from failed; the read's code is kept. */
    public BundleError unavailable(String what, Failure readFailure) {
        return error(readFailure.code(), what + " is unavailable: " + readFailure.message());
    }
}
