package com.androperator.evidence.simulator.profile;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How the simulated Operator answers a command. */
public enum OperatorBehavior {
    /** Emits a success envelope. */
    SUCCESS("success"),
    /** Emits a failed envelope with the profile's errorCode and error message. */
    FAILED("failed"),
    /** Never answers. */
    SILENT("silent"),
    /** Logs a few lines (half of the chunks of a chunked result), then every logcat reader ends. */
    TRANSPORT_EXIT("transportExit"),
    /** Sends the success envelope as chunks, one of which carries altered data. */
    CORRUPT_CHUNK("corruptChunk"),
    /** Answers snapshot_ui with a success envelope whose step data has no {@code text} (no XML). */
    SUCCESS_WITHOUT_TEXT("successWithoutText"),
    /**
     * Logs a result whose envelope is not JSON (the line is cut in the middle); a long one is still
     * chunked with matching byte length and sha256, so only the envelope itself is malformed.
     */
    MALFORMED_ENVELOPE("malformedEnvelope");

    private final String wireName;

    OperatorBehavior(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in profile.json. */
    public String wireName() {
        return wireName;
    }

    public static OperatorBehavior fromWireName(String name) {
        for (OperatorBehavior behavior : values()) {
            if (behavior.wireName.equals(name)) {
                return behavior;
            }
        }
        throw new InvalidProfileException("operator behavior must be one of "
                + Arrays.stream(values()).map(OperatorBehavior::wireName)
                        .collect(Collectors.joining(", ")) + ", got " + name);
    }
}
