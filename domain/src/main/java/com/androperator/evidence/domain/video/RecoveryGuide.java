package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What an EVIDENCE_RECOVERY_REQUIRED answer tells a person doing manual recovery, worded from
 * {@link RecoveryFacts}: the facts (the lock file, session.json, the worker's and the recorder's
 * PID and start instant, and whether a process with that identity ran when they were read) and the
 * exact steps. It only words: nothing is signalled, removed or taken over, and no stored PID
 * authorizes anything.
 */
final class RecoveryGuide {
    private RecoveryGuide() {
    }

    /** The details of a recovery-required answer (the result's details, or a refusal's). */
    static Details details(RecoveryFacts facts) {
        Details.Builder details = Details.builder().flag(DetailKey.RECOVERY_REQUIRED, true)
                .text(DetailKey.LOCK_PATH, facts.lockPath().toString());
        Path bundleDir = facts.bundleDir();
        if (bundleDir != null) {
            details.text(DetailKey.SESSION_PATH, bundleDir.resolve(VideoSession.FILE_NAME).toString());
        }
        details.textIfPresent(DetailKey.LAST_STATUS, facts.lastStatus());
        VideoSession session = facts.session();
        if (session != null) {
            details.text(DetailKey.SESSION_ID, session.sessionId()).text(DetailKey.RECOVERY, session.state().kind().wire());
            session.state().why().ifPresent(reason -> details.text(DetailKey.RECOVERY_REASON, reason));
            identity(details, DetailKey.WORKER_PID, DetailKey.WORKER_START_INSTANT, DetailKey.WORKER_RUNNING,
                    facts.worker());
            identity(details, DetailKey.RECORDER_PID, DetailKey.RECORDER_START_INSTANT, DetailKey.RECORDER_RUNNING,
                    facts.recorder());
            details.text(DetailKey.RECORDER_DEADLINE_AT, session.deadlineAt());
        }
        return details.texts(DetailKey.STEPS, steps(facts)).build();
    }

    /** One sentence for a message: what to check and which file to remove once nothing survives. */
    static String instruction(RecoveryFacts facts) {
        StringBuilder text = new StringBuilder("Check that ");
        RecoveryFacts.ProcessCheck recorder = facts.recorder();
        if (recorder != null) {
            text.append("the recorder (PID ").append(recorder.identity().pid()).append(", started ")
                    .append(recorder.identity().startInstant()).append(running(recorder)).append(") and ");
        } else {
            text.append("no recorder of this session runs and ");
        }
        RecoveryFacts.ProcessCheck worker = facts.worker();
        if (worker != null) {
            text.append("the worker (PID ").append(worker.identity().pid()).append(", started ")
                    .append(worker.identity().startInstant()).append(running(worker)).append(")");
        } else {
            text.append("its worker");
        }
        return text.append(" no longer run, then remove the device lock ").append(facts.lockPath())
                .append(" (and nothing else) and start again in a new directory; see details.steps.").toString();
    }

    private static List<String> steps(RecoveryFacts facts) {
        List<String> steps = new ArrayList<>();
        RecoveryFacts.ProcessCheck recorder = facts.recorder();
        if (recorder != null) {
            long pid = recorder.identity().pid();
            steps.add("Check that the recorder of this session no longer runs: PID " + pid + ", started "
                    + recorder.identity().startInstant() + " (session.json \"recorder\"); a process is that recorder "
                    + "only if both its PID and its start time match (ps -o pid=,lstart=,args= -p " + pid + "). It is "
                    + (recorder.running() ? "RUNNING now" : "not running now") + "; its own --time-limit "
                    + "ends it by " + Objects.requireNonNull(facts.session(), "a recorder is named by its session").deadlineAt()
                    + " at the latest.");
        } else {
            steps.add("Check that no scrcpy records this session: look for a process whose command line names "
                    + (facts.bundleDir() == null ? "the session's bundle directory" : facts.bundleDir().toString())
                    + " (ps -eo pid,lstart,args), and check its start time before acting on it.");
        }
        RecoveryFacts.ProcessCheck worker = facts.worker();
        if (worker != null) {
            steps.add("Check that the worker no longer runs: PID " + worker.identity().pid() + ", started "
                    + worker.identity().startInstant() + " (session.json \"worker\"). It is "
                    + (worker.running() ? "RUNNING now" : "not running now")
                    + "; only that worker may publish this session's manifest.");
        }
        steps.add("Once neither runs, remove the device lock file " + facts.lockPath() + " and nothing else: "
                + "session.json and the bundle stay as the record of this session.");
        steps.add("Start a new recording in a new directory. Never remove the lock because of its age alone, and "
                + "never signal a PID whose start time does not match.");
        return steps;
    }

    private static void identity(Details.Builder details, DetailKey pid, DetailKey startInstant, DetailKey running,
                                 RecoveryFacts.@Nullable ProcessCheck check) {
        if (check == null) {
            return;
        }
        details.number(pid, check.identity().pid()).text(startInstant, check.identity().startInstant())
                .flag(running, check.running());
    }

    private static String running(RecoveryFacts.ProcessCheck check) {
        return check.running() ? ", RUNNING now" : ", not running now";
    }
}
