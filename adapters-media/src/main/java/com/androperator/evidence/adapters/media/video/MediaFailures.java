package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** VIDEO_VERIFICATION_FAILED (or, for exhausted storage, STORAGE_FAILED) values that keep the subprocess's command and diagnostics. */
final class MediaFailures {
    private static final int KEPT_DIAGNOSTIC_CHARS = 4_000;

    private MediaFailures() {
    }

    /**
     * ffmpeg reports a failed write with the OS's own words (strerror). Those of exhausted storage
     * (CauseCodes.STORAGE_EXHAUSTED, from the one errno table) make the failure STORAGE_FAILED with
     * that errno as causeCode, so that a full disk is named as such and not as a media fault.
     */
    static Failure of(String what, List<String> command, ProcessRun run) {
        String tail = run.diagnosticTail();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("command", command);
        details.put("termination", run.termination().name().toLowerCase(java.util.Locale.ROOT));
        details.put("exitStatus", run.termination() == ProcessRun.Termination.EXITED ? run.exitStatus() : null);
        details.put("stderr", clip(run.stderrText()));
        Optional<CauseCodes.Cause> exhausted = CauseCodes.exhaustionInText(run.stderrText());
        if (exhausted.isPresent()) {
            return Failure.ofStorage(ErrorCodes.STORAGE_FAILED, what + " " + run.describe() + ": its output could not be "
                    + "written, the storage is full (" + exhausted.get().strerror() + ", " + exhausted.get().code() + ")"
                    + (tail.isEmpty() ? "" : ": " + tail), Details.fromJson(details),
                    new StorageCause(null, exhausted.get().code(), exhausted.get().strerror()));
        }
        return new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                what + " " + run.describe() + (tail.isEmpty() ? "" : ": " + tail), Details.fromJson(details));
    }

    static Failure of(String message, List<String> command) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("command", command);
        return new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED, message, Details.fromJson(details));
    }

    private static String clip(String text) {
        return text.length() <= KEPT_DIAGNOSTIC_CHARS ? text : text.substring(0, KEPT_DIAGNOSTIC_CHARS) + "...";
    }
}
