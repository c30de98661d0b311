package com.androperator.evidence.contracts;

/**
 * The words of a diagnostic object ({@code details} in captures.json, in manifests' errors and in
 * command results): one constant per documented key, in one place. The domain names a key only
 * through this enum and writes values only through {@link Details.Builder}, so a key is spelt once
 * and no key is read back. Add a constant here (alphabetical by constant) to add a key.
 */
public enum DetailKey {
    ARTIFACT("artifact"),
    BUNDLE_DIR("bundleDir"),
    BYTES("bytes"),
    BYTES_RECEIVED("bytesReceived"),
    CANCELLED_BY("cancelledBy"),
    CAPABILITY("capability"),
    CAUSE("cause"),
    CAUSE_CODE("causeCode"),
    CAUSE_DETAILS("causeDetails"),
    CLIPS("clips"),
    CLIPS_DONE("clipsDone"),
    CODE("code"),
    COMMAND("command"),
    COMPONENT("component"),
    DEADLINE_OWNER("deadlineOwner"),
    DEPENDENCIES("dependencies"),
    DEPENDENCY("dependency"),
    DETAILS("details"),
    DEVICE_ID("deviceId"),
    DEVICE_LOCKED("deviceLocked"),
    DISPATCHED("dispatched"),
    DISPLAY_ID("displayId"),
    DISPLAY_STATE("displayState"),
    DOCS_URL("docsUrl"),
    DURATION_MS("durationMs"),
    EFFECTS("effects"),
    ELAPSED_MS("elapsedMs"),
    ENVELOPE("envelope"),
    ERROR("error"),
    ERRORS("errors"),
    ESTIMATED_REMAINING_MS("estimatedRemainingMs"),
    EXISTING("existing"),
    EXIT_STATUS("exitStatus"),
    FILE("file"),
    FILES("files"),
    FRAMES_DECODED("framesDecoded"),
    FRAMES_ENCODED("framesEncoded"),
    FRAMES_TOTAL("framesTotal"),
    HIERARCHY_SOURCE("hierarchySource"),
    INDEX("index"),
    KIND("kind"),
    LAST_STATUS("lastStatus"),
    LEGACY_DISPLAY_DUMP("legacyDisplayDump"),
    LOCK_PATH("lockPath"),
    LOGGED_HIERARCHY("loggedHierarchy"),
    MANIFEST_PATH("manifestPath"),
    MANIFEST_PERSISTED("manifestPersisted"),
    MESSAGE("message"),
    OK("ok"),
    OPTION("option"),
    OUTPUT_BYTES("outputBytes"),
    OUTPUT_TRUNCATED("outputTruncated"),
    PATH("path"),
    PHASE("phase"),
    PHYSICAL_DISPLAY_ID("physicalDisplayId"),
    PROGRESS("progress"),
    READER("reader"),
    READINESS_RESULT("readinessResult"),
    READS("reads"),
    REASON("reason"),
    RECORDER_DEADLINE_AT("recorderDeadlineAt"),
    RECORDER_PID("recorderPid"),
    RECORDER_RUNNING("recorderRunning"),
    RECORDER_START_INSTANT("recorderStartInstant"),
    RECOVERY("recovery"),
    RECOVERY_REASON("recoveryReason"),
    RECOVERY_REQUIRED("recoveryRequired"),
    REMAINING_MS("remainingMs"),
    REQUESTED_STOP_REASON("requestedStopReason"),
    REQUIREMENT("requirement"),
    SCREEN_ON("screenOn"),
    SERIAL("serial"),
    SESSION_CLOSE_FAILURE("sessionCloseFailure"),
    SESSION_ID("sessionId"),
    SESSION_PATH("sessionPath"),
    SHA256("sha256"),
    SINGLE_COLOUR("singleColour"),
    SOURCE_INSPECTION("sourceInspection"),
    SPACE_RESERVED_BYTES("spaceReservedBytes"),
    STARTED_AT("startedAt"),
    STATUS("status"),
    STEPS("steps"),
    STOP_REASON("stopReason"),
    TERMINAL_SOURCE("terminalSource"),
    TRANSPORT("transport"),
    TRANSPORT_CODE("transportCode"),
    UNRESPONSIVE_AFTER_SIGINT("unresponsiveAfterSigint"),
    USER_UNLOCKED("userUnlocked"),
    WORKER_PID("workerPid"),
    WORKER_RUNNING("workerRunning"),
    WORKER_START_INSTANT("workerStartInstant");

    private final String json;

    DetailKey(String json) {
        this.json = json;
    }

    /** The key as it is written in JSON. */
    public String json() {
        return json;
    }
}
