package com.androperator.evidence.kit.judge;

/**
 * Every error code, stage and component the kit expects, and the exit statuses: the one place to
 * change when the contract's vocabulary changes. Where the spec names a code it rules; where it is
 * silent, the reference tool's vocabulary (shared/design/reference-compat.md section 2) does, and the
 * Operator's own codes pass through unchanged (device-protocol.md section 4). A null stage or component
 * is not judged.
 */
public enum ExpectedCodes {
    CAPTURE_NOT_COMPLETE("EVIDENCE_CAPTURE_FAILED", null, null,
            "spec: Partial/failed results have ok: false and code: \"EVIDENCE_CAPTURE_FAILED\""),
    OUTPUT_EXISTS("EVIDENCE_OUTPUT_EXISTS", null, null, "spec: EVIDENCE_OUTPUT_EXISTS rejects collisions"),
    INVALID_REQUEST("EXECUTION_VALIDATION_FAILED", null, null,
            "spec (empty ANDROPERATOR_EVIDENCE_DIR) and the reference for every invalid option or argument"),
    SCREENSHOT_DEADLINE("COMMAND_TIMEOUT", "capture", "screenshot",
            "spec: budget expiry is COMMAND_TIMEOUT; stage/component: reference-compat 2"),
    HIERARCHY_DEADLINE("COMMAND_TIMEOUT", "capture", "hierarchy",
            "spec: budget expiry and less than 1000 ms left are COMMAND_TIMEOUT; stage/component: reference-compat 2"),
    OPERATOR_FAILED(null, "capture", "hierarchy",
            "device-protocol 4: Operator error codes pass through unchanged (the code is the envelope's errorCode)"),
    TRANSPORT_EXITED("RESULT_TRANSPORT_EXITED", "capture", "hierarchy",
            "spec and device-protocol 4: the logcat reader ending first"),
    ENVELOPE_MALFORMED("RESULT_ENVELOPE_MALFORMED", "capture", "hierarchy",
            "reference-compat 2: malformed envelope or chunks"),
    SNAPSHOT_WITHOUT_XML("SNAPSHOT_EXTRACTION_FAILED", "capture", "hierarchy",
            "reference-compat 2: envelope success without XML"),
    OPERATOR_NOT_INSTALLED("OPERATOR_NOT_INSTALLED", "capture", "hierarchy",
            "device-protocol 4 and reference-compat 2"),
    OPERATOR_VARIANT_MISMATCH("OPERATOR_VARIANT_MISMATCH", "capture", "hierarchy",
            "reference-compat 2 and 3: the other variant (with or without .dev) installed instead"),
    VERSION_INCOMPATIBLE("VERSION_INCOMPATIBLE", "capture", "hierarchy",
            "reference-compat 2 and 3: the legacy untagged hierarchy marker only"),
    NOT_INTERACTIVE("DEVICE_NOT_INTERACTIVE", "capture", "hierarchy",
            "device-protocol 4: readiness false (screen off, locked, user locked)"),
    SCREENSHOT_UNUSABLE("EVIDENCE_CAPTURE_FAILED", "capture", "screenshot",
            "reference-compat 2: screenshot invalid, empty, over 64 MiB, screencap failed, display selection"),
    METADATA_DEVICE_TYPE("EVIDENCE_CAPTURE_FAILED", "metadata", "deviceType",
            "spec: unknown classification remains a metadata failure; code/component: reference-compat 2"),
    METADATA_DISPLAY_SIZE("EVIDENCE_CAPTURE_FAILED", "metadata", "display.size", "reference-compat 2"),
    METADATA_DISPLAY_DENSITY("EVIDENCE_CAPTURE_FAILED", "metadata", "display.density", "reference-compat 2"),
    METADATA_DISPLAY_ROTATION("EVIDENCE_CAPTURE_FAILED", "metadata", "display.rotation", "reference-compat 2"),
    NO_DEVICES("NO_DEVICES", null, null, "reference-compat 2: nothing in device state"),
    MULTIPLE_DEVICES("MULTIPLE_DEVICES_DEVICE_ID_REQUIRED", null, null,
            "reference-compat 2: several devices, none chosen"),
    DEVICE_NOT_FOUND("DEVICE_NOT_FOUND", null, null, "reference-compat 2: the chosen serial is not attached"),
    HOST_DEPENDENCY_MISSING("HOST_DEPENDENCY_MISSING", null, null, "spec: Video start returns HOST_DEPENDENCY_MISSING"),
    RECORDING_ACTIVE("EVIDENCE_RECORDING_ACTIVE", null, null,
            "spec: EVIDENCE_RECORDING_ACTIVE refuses a second session on the same device"),
    SESSION_NOT_FOUND("EVIDENCE_SESSION_NOT_FOUND", null, null,
            "spec: EVIDENCE_SESSION_NOT_FOUND indicates an unknown or invalid session (a path is not a sessionId)"),
    VIDEO_NOT_COMPLETE("EVIDENCE_CAPTURE_FAILED", null, null,
            "reference-compat 1: EVIDENCE_CAPTURE_FAILED for partial/failed video"),
    MCP_ARGUMENT_REFUSED("EXECUTION_VALIDATION_FAILED", null, null,
            "spec: MCP rejects outputDir, raw paths, and unknown parameters; code as every invalid request");

    /** The exit status of a complete capture, a found live or complete video session, a complete stop. */
    public static final int EXIT_SUCCESS = 0;
    /** Partial, failed, refused (spec's exit table; every documented refusal). */
    public static final int EXIT_NOT_COMPLETE = 1;
    /** A command line the tool cannot parse (an unknown option, a missing value). */
    public static final int EXIT_USAGE = 2;

    private final String code;
    private final String stage;
    private final String component;
    private final String source;

    ExpectedCodes(String code, String stage, String component, String source) {
        this.code = code;
        this.stage = stage;
        this.component = component;
        this.source = source;
    }

    /** The expected code; null for {@link #OPERATOR_FAILED}, whose code is the Operator's own. */
    public String code() {
        return code;
    }

    public String stage() {
        return stage;
    }

    public String component() {
        return component;
    }

    /** Where the expectation comes from. */
    public String source() {
        return source;
    }

    /** {code, stage, component} as a finding shows it. */
    public String describe(String actualCode) {
        return "{code " + (code == null ? actualCode : code) + (stage == null ? "" : ", stage " + stage)
                + (component == null ? "" : ", component " + component) + "}";
    }
}
