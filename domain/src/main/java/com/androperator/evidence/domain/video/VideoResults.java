package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The response objects of video start, status and stop: sessionId, manifestPath, status and ok,
 * plus a failure code when applicable. {@code ok} is true exactly when the CLI exits 0.
 */
public final class VideoResults {
    private VideoResults() {
    }

    /** A session in progress (starting, recording, finalizing): found and healthy. */
    public static CommandResult active(Manifest manifest, Path manifestPath, String sessionId) {
        return active(manifest, manifestPath, sessionId, null);
    }

    /** The same; a finalizing session's {@code progress} (when its worker reported it) goes to details.progress. */
    public static CommandResult active(Manifest manifest, Path manifestPath, String sessionId,
                                       @Nullable FinalizationProgress progress) {
        return new CommandResult(true, manifest.status().wire(), manifestPath.toString(), manifest.evidenceId(),
                sessionId, null, null, progress == null ? null : progressDetails(progress), null);
    }

    /** A terminal session: ok only when complete; partial and failed say why. */
    public static CommandResult terminal(Manifest manifest, Path manifestPath, String sessionId) {
        boolean complete = manifest.status() == BundleStatus.COMPLETE;
        return new CommandResult(complete, manifest.status().wire(), manifestPath.toString(), manifest.evidenceId(),
                sessionId, complete ? null : ErrorCodes.EVIDENCE_CAPTURE_FAILED, complete ? null : summary(manifest),
                null, null);
    }

    /** Stop waited 15 s and finalization (or the recorder's exit) is still running; {@code progress} may be null. */
    public static CommandResult pending(Manifest manifest, Path manifestPath, String sessionId,
                                        @Nullable FinalizationProgress progress, CallerTerms terms) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("deadlineOwner", "evidence_video_stop");
        if (progress != null) {
            details.putAll(progressDetails(progress));
        }
        return new CommandResult(false, manifest.status().wire(), manifestPath.toString(), manifest.evidenceId(),
                sessionId, ErrorCodes.COMMAND_TIMEOUT, "The recording is still " + manifest.status().wire()
                        + " after " + VideoLimits.STOP_WAIT_MILLIS / 1000 + " s; finalization continues in the worker"
                        + (progress == null ? "" : " (" + progress.line() + ")") + ". "
                        + "Poll " + terms.statusStep() + " or repeat stop for this session.", details, null);
    }

    private static Map<String, Object> progressDetails(FinalizationProgress progress) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("progress", progress.details());
        return details;
    }

    /** Start did not see the recorder open its file in time; a stop was requested and status stays available. */
    public static CommandResult startTimeout(Manifest manifest, Path manifestPath, String sessionId) {
        return new CommandResult(false, manifest.status().wire(), manifestPath.toString(), manifest.evidenceId(),
                sessionId, ErrorCodes.COMMAND_TIMEOUT, "The recorder did not confirm its capture file within "
                        + VideoLimits.START_ACKNOWLEDGEMENT_MILLIS / 1000 + " s; a stop was requested. Use status for this "
                        + "session.", Map.of("deadlineOwner", "evidence_video_start"), null);
    }

    /**
     * The worker is gone without a terminal manifest, or its ownership cannot be verified.
     * {@code instruction} says what to check and which file to remove (see {@link RecoveryGuide});
     * {@code details} carries the facts and the steps.
     */
    public static CommandResult recoveryRequired(Manifest manifest, Path manifestPath, String sessionId, String why,
                                                 String instruction, Map<String, Object> details) {
        return new CommandResult(false, BundleStatus.FAILED.wire(), manifestPath.toString(), manifest.evidenceId(),
                sessionId, ErrorCodes.EVIDENCE_RECOVERY_REQUIRED, why + " The last persisted manifest and the device lock "
                        + "are kept; nothing is taken over automatically. " + instruction + " Never remove a lock by age "
                        + "alone or signal a PID without checking its identity.", details, null);
    }

    public static CommandResult sessionNotFound(String what) {
        return CommandResult.refused(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND, what,
                null, "Pass the absolute manifest.json path that start returned (CLI, Node), or the sessionId of a "
                        + "managed bundle under the configured evidence root (MCP).");
    }

    public static CommandResult refused(Failure failure, @Nullable String hint) {
        return CommandResult.refused(failure.code(), failure.message(),
                failure.details().isEmpty() ? null : new LinkedHashMap<>(failure.details()), hint);
    }

    static String summary(Manifest manifest) {
        StringBuilder text = new StringBuilder("Video evidence ").append(manifest.status().wire()).append(": ");
        for (int i = 0; i < manifest.errors().size(); i++) {
            BundleError error = manifest.errors().get(i);
            if (i > 0) {
                text.append("; ");
            }
            text.append(error.component() == null ? error.stage() : error.component())
                    .append(' ').append(error.code()).append(" (").append(error.message()).append(')');
        }
        return text.toString();
    }
}
