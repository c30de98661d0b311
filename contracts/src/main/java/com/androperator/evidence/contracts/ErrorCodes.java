package com.androperator.evidence.contracts;

/** The documented error codes. */
public final class ErrorCodes {
    public static final String EXECUTION_VALIDATION_FAILED = "EXECUTION_VALIDATION_FAILED";
    public static final String EVIDENCE_OUTPUT_EXISTS = "EVIDENCE_OUTPUT_EXISTS";
    public static final String EVIDENCE_CAPTURE_FAILED = "EVIDENCE_CAPTURE_FAILED";
    public static final String EVIDENCE_STORAGE_UNWRITABLE = "EVIDENCE_STORAGE_UNWRITABLE";
    public static final String EVIDENCE_RECORDING_ACTIVE = "EVIDENCE_RECORDING_ACTIVE";
    public static final String EVIDENCE_SESSION_NOT_FOUND = "EVIDENCE_SESSION_NOT_FOUND";
    public static final String EVIDENCE_RECOVERY_REQUIRED = "EVIDENCE_RECOVERY_REQUIRED";
    public static final String HOST_DEPENDENCY_MISSING = "HOST_DEPENDENCY_MISSING";
    public static final String COMMAND_TIMEOUT = "COMMAND_TIMEOUT";
    /** The caller cancelled device work (Ctrl-C, SIGTERM, an MCP server shutting down, a Java caller). */
    public static final String COMMAND_CANCELLED = "COMMAND_CANCELLED";
    public static final String DEVICE_NOT_FOUND = "DEVICE_NOT_FOUND";
    public static final String DEVICE_SELECTION_AMBIGUOUS = "DEVICE_SELECTION_AMBIGUOUS";
    public static final String DEVICE_OFFLINE = "DEVICE_OFFLINE";
    public static final String DEVICE_UNAUTHORIZED = "DEVICE_UNAUTHORIZED";
    public static final String DEVICE_NOT_INTERACTIVE = "DEVICE_NOT_INTERACTIVE";
    public static final String ADB_UNAVAILABLE = "ADB_UNAVAILABLE";
    public static final String SCREENSHOT_FAILED = "SCREENSHOT_FAILED";
    public static final String SCREENSHOT_INVALID = "SCREENSHOT_INVALID";
    public static final String DISPLAY_SELECTION_FAILED = "DISPLAY_SELECTION_FAILED";
    public static final String HIERARCHY_INVALID = "HIERARCHY_INVALID";
    public static final String RESULT_TRANSPORT_EXITED = "RESULT_TRANSPORT_EXITED";
    public static final String RESULT_ENVELOPE_MALFORMED = "RESULT_ENVELOPE_MALFORMED";
    public static final String BROADCAST_FAILED = "BROADCAST_FAILED";
    public static final String OPERATOR_NOT_INSTALLED = "OPERATOR_NOT_INSTALLED";
    public static final String OPERATOR_COMMAND_FAILED = "OPERATOR_COMMAND_FAILED";
    public static final String METADATA_UNAVAILABLE = "METADATA_UNAVAILABLE";
    public static final String DEVICE_TYPE_UNKNOWN = "DEVICE_TYPE_UNKNOWN";
    /** MCP: the server's tool-call limit is reached; the call was not started. */
    public static final String SERVER_BUSY = "SERVER_BUSY";
    public static final String STORAGE_FAILED = "STORAGE_FAILED";
    public static final String VIDEO_VERIFICATION_FAILED = "VIDEO_VERIFICATION_FAILED";
    public static final String RECORDER_FAILED = "RECORDER_FAILED";
    public static final String ARTIFACT_TRUNCATED = "ARTIFACT_TRUNCATED";
    // Operator generations (reference-compat.md §3): the variant check and the legacy marker.
    /** The other variant of the selected Operator package (with or without {@code .dev}) is installed instead. */
    public static final String OPERATOR_VARIANT_MISMATCH = "OPERATOR_VARIANT_MISMATCH";
    /** The device's shell could not answer the package query, so whether the Operator is installed is unknown. */
    public static final String DEVICE_SHELL_UNAVAILABLE = "DEVICE_SHELL_UNAVAILABLE";
    /** The Operator logged its hierarchy only under the untagged legacy marker: too old to tie it to a command. */
    public static final String VERSION_INCOMPATIBLE = "VERSION_INCOMPATIBLE";

    private ErrorCodes() {
    }
}
