package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.Failure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** VIDEO_VERIFICATION_FAILED values that keep the subprocess's command and diagnostics. */
final class MediaFailures {
    private static final int KEPT_DIAGNOSTIC_CHARS = 4_000;

    private MediaFailures() {
    }

    static Failure of(String what, List<String> command, ProcessRun run) {
        String tail = run.diagnosticTail();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("command", command);
        details.put("termination", run.termination().name().toLowerCase(java.util.Locale.ROOT));
        details.put("exitStatus", run.termination() == ProcessRun.Termination.EXITED ? run.exitStatus() : null);
        details.put("stderr", clip(run.stderrText()));
        return new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                what + " " + run.describe() + (tail.isEmpty() ? "" : ": " + tail), details);
    }

    static Failure of(String message, List<String> command) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("command", command);
        return new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED, message, details);
    }

    private static String clip(String text) {
        return text.length() <= KEPT_DIAGNOSTIC_CHARS ? text : text.substring(0, KEPT_DIAGNOSTIC_CHARS) + "...";
    }
}
