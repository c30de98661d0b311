package com.androperator.evidence.mcp;

import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The session's defaults for calls that leave a field out: first the launch line's explicit target
 * ({@code androperator-mcp --device S --operator-package P}), then whatever the {@code configure} tool
 * sets. A tool call's own deviceId/operatorPackage/timeoutMs win; the defaults only fill what a call
 * leaves out, and what they leave out falls to the standard selections (ANDROID_SERIAL,
 * ANDROPERATOR_OPERATOR_PACKAGE, the default package, 30000 ms). Read once per call as one snapshot,
 * so a concurrent {@code configure} never mixes two targets in one call.
 */
final class SessionTarget {
    /** One consistent set of defaults; any part may be null (no default). */
    record Defaults(String deviceId, String operatorPackage, Long timeoutMs) {
        String device(String given) {
            return given != null ? given : deviceId;
        }

        String operator(String given) {
            return given != null ? given : operatorPackage;
        }

        /** The defaults as request values, for a call's own values to fall back on. */
        RequestValues values() {
            return RequestValues.none().with(RequestField.DEVICE, deviceId)
                    .with(RequestField.OPERATOR_PACKAGE, operatorPackage).with(RequestField.TIMEOUT, timeoutMs);
        }
    }

    private final AtomicReference<Defaults> defaults;

    SessionTarget(String deviceId, String operatorPackage) {
        defaults = new AtomicReference<>(new Defaults(deviceId, operatorPackage, null));
    }

    /** The defaults in effect now. */
    Defaults current() {
        return defaults.get();
    }

    /** Replaces the defaults at once (the configure tool has validated them). */
    void configure(Defaults configured) {
        defaults.set(configured);
    }

    String device(String given) {
        return current().device(given);
    }

    String operator(String given) {
        return current().operator(given);
    }
}
