package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The renderer of video outcomes: each {@link SessionOutcome} becomes the response object of video
 * start, status and stop (sessionId, manifestPath, status and ok, plus a failure code when
 * applicable). {@code ok} is true exactly when the CLI exits 0. The edges call {@link #render};
 * the use cases answer in outcomes.
 */
public final class VideoResults {
    private VideoResults() {
    }

    /** {@code terms} words what a pending stop tells the caller to do next. */
    public static CommandResult render(SessionOutcome outcome, CallerTerms terms) {
        if (outcome instanceof SessionOutcome.Refused refused) {
            return refused(refused.failure(), refused.hint());
        }
        if (outcome instanceof SessionOutcome.Active active) {
            return active(active.session(), active.progress());
        }
        if (outcome instanceof SessionOutcome.Ended ended) {
            return terminal(ended.session());
        }
        if (outcome instanceof SessionOutcome.RecoveryRequired recovery) {
            return recoveryRequired(recovery);
        }
        if (outcome instanceof SessionOutcome.StartTimedOut timedOut) {
            return startTimeout(timedOut.session());
        }
        SessionOutcome.StopPending pending = (SessionOutcome.StopPending) outcome;
        return pending(pending.session(), pending.progress(), terms);
    }

    /** EVIDENCE_SESSION_NOT_FOUND: {@code what} says which session and why. */
    public static SessionOutcome.Refused sessionNotFound(String what) {
        return new SessionOutcome.Refused(Failure.of(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND, what),
                "Pass the absolute manifest.json path that start returned (CLI, Node), or the sessionId of a "
                        + "managed bundle under the configured evidence root (MCP).");
    }

    /** A session in progress; a finalizing session's {@code progress} (when its worker reported it) goes to details.progress. */
    private static CommandResult active(SessionOutcome.Session session, @Nullable FinalizationProgress progress) {
        Manifest manifest = session.manifest();
        return new CommandResult(true, manifest.status().wire(), session.manifestPath().toString(),
                manifest.evidenceId(), session.sessionId(), null, null,
                progress == null ? null : progressDetails(progress), null);
    }

    /** A terminal session: ok only when complete; partial and failed say why. */
    private static CommandResult terminal(SessionOutcome.Session session) {
        Manifest manifest = session.manifest();
        boolean complete = manifest.status() == BundleStatus.COMPLETE;
        return new CommandResult(complete, manifest.status().wire(), session.manifestPath().toString(),
                manifest.evidenceId(), session.sessionId(), complete ? null : ErrorCodes.EVIDENCE_CAPTURE_FAILED,
                complete ? null : summary(manifest), null, null);
    }

    /** Stop waited 15 s and finalization (or the recorder's exit) is still running; {@code progress} may be null. */
    private static CommandResult pending(SessionOutcome.Session session, @Nullable FinalizationProgress progress,
                                         CallerTerms terms) {
        Manifest manifest = session.manifest();
        Details.Builder details = Details.builder().text(DetailKey.DEADLINE_OWNER, "evidence_video_stop");
        if (progress != null) {
            details.all(progressDetails(progress));
        }
        return new CommandResult(false, manifest.status().wire(), session.manifestPath().toString(),
                manifest.evidenceId(), session.sessionId(), ErrorCodes.COMMAND_TIMEOUT, "The recording is still "
                        + manifest.status().wire() + " after " + VideoLimits.STOP_WAIT_MILLIS / 1000
                        + " s; finalization continues in the worker"
                        + (progress == null ? "" : " (" + progress.line() + ")") + ". "
                        + "Poll " + terms.statusStep() + " or repeat stop for this session.", details.build(), null);
    }

    private static Details progressDetails(FinalizationProgress progress) {
        return Details.builder().nested(DetailKey.PROGRESS, progress.details()).build();
    }

    /** Start did not see the recorder open its file in time; a stop was requested and status stays available. */
    private static CommandResult startTimeout(SessionOutcome.Session session) {
        Manifest manifest = session.manifest();
        return new CommandResult(false, manifest.status().wire(), session.manifestPath().toString(),
                manifest.evidenceId(), session.sessionId(), ErrorCodes.COMMAND_TIMEOUT,
                "The recorder did not confirm its capture file within "
                        + VideoLimits.START_ACKNOWLEDGEMENT_MILLIS / 1000 + " s; a stop was requested. Use status for this "
                        + "session.", Details.builder().text(DetailKey.DEADLINE_OWNER, "evidence_video_start").build(), null);
    }

    /** Failed, EVIDENCE_RECOVERY_REQUIRED: the last persisted manifest and the device lock are kept. */
    private static CommandResult recoveryRequired(SessionOutcome.RecoveryRequired recovery) {
        SessionOutcome.Session session = recovery.session();
        return new CommandResult(false, BundleStatus.FAILED.wire(), session.manifestPath().toString(),
                session.manifest().evidenceId(), session.sessionId(), ErrorCodes.EVIDENCE_RECOVERY_REQUIRED,
                recovery.why() + " The last persisted manifest and the device lock are kept; nothing is taken over "
                        + "automatically. " + RecoveryGuide.instruction(recovery.facts()) + " Never remove a lock by age "
                        + "alone or signal a PID without checking its identity.", RecoveryGuide.details(recovery.facts()),
                null);
    }

    private static CommandResult refused(Failure failure, @Nullable String hint) {
        return CommandResult.refusal(failure.code(), failure.message(), failure.details(), hint);
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
