package com.androperator.evidence.junit5;

import java.util.function.Function;

/**
 * One thing the extension can be told, and every name it goes by: the {@link
 * CaptureEvidenceOnFailure.Config} attribute (none for the adb server), the JUnit configuration
 * parameter, the environment variable, and the option the capture API names in its messages.
 */
enum Setting {
    DEVICE("device", "androperator.evidence.device", "ANDROID_SERIAL", "--device",
            CaptureEvidenceOnFailure.Config::device),
    OPERATOR_PACKAGE("operatorPackage", "androperator.evidence.operatorPackage", "ANDROPERATOR_OPERATOR_PACKAGE",
            "--operator-package", CaptureEvidenceOnFailure.Config::operatorPackage),
    EVIDENCE_ROOT("evidenceRoot", "androperator.evidence.root", "ANDROPERATOR_EVIDENCE_DIR",
            "ANDROPERATOR_EVIDENCE_DIR", CaptureEvidenceOnFailure.Config::evidenceRoot),
    TIMEOUT_MS("timeoutMs", "androperator.evidence.timeoutMs", "ANDROPERATOR_EVIDENCE_TIMEOUT_MS", "--timeout",
            config -> config.timeoutMs() == 0 ? "" : Long.toString(config.timeoutMs())),
    ADB_SERVER_SOCKET("adbServerSocket", "androperator.adb.serverSocket", "ADB_SERVER_SOCKET", "ADB_SERVER_SOCKET",
            null),
    ADB_SERVER_PORT("adbServerPort", "androperator.adb.serverPort", "ANDROID_ADB_SERVER_PORT",
            "ANDROID_ADB_SERVER_PORT", null);

    private final String attribute;
    private final String parameter;
    private final String variable;
    private final String apiName;
    /** The attribute's value, "" when it is left at its default (not set); null for settings with no attribute. */
    private final Function<CaptureEvidenceOnFailure.Config, String> fromAnnotation;

    Setting(String attribute, String parameter, String variable, String apiName,
            Function<CaptureEvidenceOnFailure.Config, String> fromAnnotation) {
        this.attribute = attribute;
        this.parameter = parameter;
        this.variable = variable;
        this.apiName = apiName;
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

    /** How the capture API's messages name this setting: a CLI option or an environment variable. */
    String apiName() {
        return apiName;
    }

    boolean annotated() {
        return fromAnnotation != null;
    }

    String fromAnnotation(CaptureEvidenceOnFailure.Config config) {
        return fromAnnotation.apply(config);
    }
}
