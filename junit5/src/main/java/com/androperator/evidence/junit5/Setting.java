package com.androperator.evidence.junit5;

import com.androperator.evidence.domain.model.RequestField;
import java.util.function.Function;

/**
 * One thing the extension can be told, and every name it goes by: the {@link
 * CaptureEvidenceOnFailure.Config} attribute (none for the adb server), the JUnit configuration
 * parameter, the environment variable, and what the capture API calls it: the request field it
 * sets, or the environment variable the API reads itself.
 */
enum Setting {
    DEVICE("device", "androperator.evidence.device", "ANDROID_SERIAL", RequestField.DEVICE, null,
            CaptureEvidenceOnFailure.Config::device),
    OPERATOR_PACKAGE("operatorPackage", "androperator.evidence.operatorPackage", "ANDROPERATOR_OPERATOR_PACKAGE",
            RequestField.OPERATOR_PACKAGE, null, CaptureEvidenceOnFailure.Config::operatorPackage),
    EVIDENCE_ROOT("evidenceRoot", "androperator.evidence.root", "ANDROPERATOR_EVIDENCE_DIR",
            null, "ANDROPERATOR_EVIDENCE_DIR", CaptureEvidenceOnFailure.Config::evidenceRoot),
    TIMEOUT_MS("timeoutMs", "androperator.evidence.timeoutMs", "ANDROPERATOR_EVIDENCE_TIMEOUT_MS", RequestField.TIMEOUT,
            null,
            config -> config.timeoutMs() == 0 ? "" : Long.toString(config.timeoutMs())),
    ADB_SERVER_SOCKET("adbServerSocket", "androperator.adb.serverSocket", "ADB_SERVER_SOCKET", null, "ADB_SERVER_SOCKET",
            null),
    ADB_SERVER_PORT("adbServerPort", "androperator.adb.serverPort", "ANDROID_ADB_SERVER_PORT",
            null, "ANDROID_ADB_SERVER_PORT", null),
    /** Read by the extension itself ({@link VideoSettings}), never handed to the API as a field or a variable. */
    VIDEO("video", "androperator.evidence.video", "ANDROPERATOR_EVIDENCE_VIDEO", null, null,
            CaptureEvidenceOnFailure.Config::video),
    VIDEO_DURATION_SECONDS("videoDurationSeconds", "androperator.evidence.videoDurationSeconds",
            "ANDROPERATOR_EVIDENCE_VIDEO_DURATION_SECONDS", null, null,
            config -> config.videoDurationSeconds() == 0 ? "" : Integer.toString(config.videoDurationSeconds()));

    private final String attribute;
    private final String parameter;
    private final String variable;
    private final RequestField field;
    private final String apiVariable;
    /** The attribute's value, "" when it is left at its default (not set); null for settings with no attribute. */
    private final Function<CaptureEvidenceOnFailure.Config, String> fromAnnotation;

    Setting(String attribute, String parameter, String variable, RequestField field, String apiVariable,
            Function<CaptureEvidenceOnFailure.Config, String> fromAnnotation) {
        this.attribute = attribute;
        this.parameter = parameter;
        this.variable = variable;
        this.field = field;
        this.apiVariable = apiVariable;
        this.fromAnnotation = fromAnnotation;
    }

    /** The Config attribute's name, also the builder method's. */
    String attribute() {
        return attribute;
    }

    /** The JUnit configuration parameter (also read from a JVM system property by JUnit itself). */
    String parameter() {
        return parameter;
    }

    String variable() {
        return variable;
    }

    /** The request field this setting gives the capture API, or null when the API reads it from the environment. */
    RequestField field() {
        return field;
    }

    /**
     * The environment variable the capture API reads and names itself, or null for a request field
     * and for the video settings, which the extension reads itself.
     */
    String apiVariable() {
        return apiVariable;
    }

    boolean annotated() {
        return fromAnnotation != null;
    }

    String fromAnnotation(CaptureEvidenceOnFailure.Config config) {
        return fromAnnotation.apply(config);
    }
}
