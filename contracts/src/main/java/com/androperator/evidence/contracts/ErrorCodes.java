package com.androperator.evidence.contracts;

/**
 * The documented error codes: the one table. Codes of results, refusals and bundle errors are the
 * reference tool's vocabulary (shared/design/reference-compat.md section 2), so a user moving
 * between the two tools meets the same code for the same failure. The constants marked
 * <em>reason</em> are never such a code: they name the specific cause, kept in the message and as
 * {@code details.reason} ({@link #REASON}) of the captures.json record; the domain's
 * {@code ErrorVocabulary} maps each reason to its code.
 */
public final class ErrorCodes {
    /** The captures.json details key that keeps the specific reason behind a reference code. */
    public static final String REASON = "reason";

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
    /** Device selection, before capture: nothing is in state {@code device} and no serial was chosen. */
    public static final String NO_DEVICES = "NO_DEVICES";
    /** Device selection: several devices are in state {@code device} and none was chosen. */
    public static final String MULTIPLE_DEVICES_DEVICE_ID_REQUIRED = "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED";
    /** Device selection: the chosen serial is not attached. */
    public static final String DEVICE_NOT_FOUND = "DEVICE_NOT_FOUND";
    /** Device selection: the chosen serial is attached but offline (or in another state than device). */
    public static final String DEVICE_OFFLINE = "DEVICE_OFFLINE";
    /** Device selection: the chosen serial is attached but not authorized for this host. */
    public static final String DEVICE_UNAUTHORIZED = "DEVICE_UNAUTHORIZED";
    /** No adb server answers and adb is not on PATH to start one. */
    public static final String ADB_NOT_FOUND = "ADB_NOT_FOUND";
    /** An adb server that is there cannot be used (it refused, failed to start, a bad ADB_SERVER_SOCKET). */
    public static final String ADB_UNAVAILABLE = "ADB_UNAVAILABLE";
    /** The Operator's readiness check: screen off, keyguard locked or user locked (also passed through). */
    public static final String DEVICE_NOT_INTERACTIVE = "DEVICE_NOT_INTERACTIVE";
    /** The Operator's accessibility service is down; the Operator's own code, passed through. */
    public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";
    /** The Operator gave no terminal envelope within the command's own timeout (not the capture's budget). */
    public static final String RESULT_ENVELOPE_TIMEOUT = "RESULT_ENVELOPE_TIMEOUT";
    public static final String RESULT_TRANSPORT_EXITED = "RESULT_TRANSPORT_EXITED";
    public static final String RESULT_ENVELOPE_MALFORMED = "RESULT_ENVELOPE_MALFORMED";
    /** An envelope that succeeded but yields no hierarchy XML (no step, no data.text, XML that does not verify). */
    public static final String SNAPSHOT_EXTRACTION_FAILED = "SNAPSHOT_EXTRACTION_FAILED";
    public static final String OPERATOR_NOT_INSTALLED = "OPERATOR_NOT_INSTALLED";
    /** A device shell command the capture needs (package query, broadcast) could not run or be understood. */
    public static final String DEVICE_SHELL_UNAVAILABLE = "DEVICE_SHELL_UNAVAILABLE";
    /** The Operator failed without a code of its own, or its gateway broke. */
    public static final String OPERATOR_COMMAND_FAILED = "OPERATOR_COMMAND_FAILED";

    // Reasons: the specific cause behind a reference code (details.reason, messages); never a code.
    /** Reason (EVIDENCE_CAPTURE_FAILED, screenshot): screencap failed, was cut, or went over 64 MiB. */
    public static final String SCREENSHOT_FAILED = "SCREENSHOT_FAILED";
    /** Reason (EVIDENCE_CAPTURE_FAILED, screenshot): the bytes are empty or not a complete, valid PNG. */
    public static final String SCREENSHOT_INVALID = "SCREENSHOT_INVALID";
    /** Reason (EVIDENCE_CAPTURE_FAILED, screenshot): the display to capture could not be chosen. */
    public static final String DISPLAY_SELECTION_FAILED = "DISPLAY_SELECTION_FAILED";
    /** Reason (SNAPSHOT_EXTRACTION_FAILED): the hierarchy text is empty or not well-formed XML rooted at hierarchy. */
    public static final String HIERARCHY_INVALID = "HIERARCHY_INVALID";
    /** Reason (SNAPSHOT_EXTRACTION_FAILED): a success envelope without a successful snapshot step. */
    public static final String SNAPSHOT_STEP_MISSING = "SNAPSHOT_STEP_MISSING";
    /** Reason (DEVICE_SHELL_UNAVAILABLE): {@code am broadcast} did not complete, or the package query was not understood. */
    public static final String BROADCAST_FAILED = "BROADCAST_FAILED";
    /** Reason (EVIDENCE_CAPTURE_FAILED, metadata): a metadata value could not be read or understood. */
    public static final String METADATA_UNAVAILABLE = "METADATA_UNAVAILABLE";
    /** Reason (EVIDENCE_CAPTURE_FAILED, metadata): the emulator flags do not classify the device. */
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
    /** The Operator logged its hierarchy only under the untagged legacy marker: too old to tie it to a command. */
    public static final String VERSION_INCOMPATIBLE = "VERSION_INCOMPATIBLE";

    private ErrorCodes() {
    }
}
