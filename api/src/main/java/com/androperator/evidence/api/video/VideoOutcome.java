package com.androperator.evidence.api.video;

import com.androperator.evidence.contracts.CommandResult;

/**
 * What a video operation returned: the response object and its CLI exit status. Start exits 0
 * only when recording was confirmed; status exits 0 for a found starting, recording, finalizing or
 * complete session; stop exits 0 only for complete. In every case that is exactly {@code ok}.
 * MCP sets isError when {@code ok} is false.
 */
public record VideoOutcome(Operation operation, CommandResult result) {

    public enum Operation {
        START,
        STATUS,
        STOP
    }

    public int exitCode() {
        return result.ok() ? 0 : 1;
    }

    public boolean isError() {
        return !result.ok();
    }
}
