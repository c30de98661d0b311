package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an EVIDENCE_RECOVERY_REQUIRED answer tells a person doing manual recovery: the facts
 * (the lock file, session.json, the worker's and the recorder's PID and start instant, and whether
 * a process with that identity runs now, as the process table shows it) and the exact steps. It
 * only looks: nothing is signalled, removed or taken over, and no stored PID authorizes anything.
 */
final class RecoveryGuide {
    private RecoveryGuide() {
    }

    /**
     * The details of a recovery-required answer.
     *
     * @param session    the holder's saved session, or null when it cannot be read
     * @param bundleDir  the holder's bundle directory, or null when unknown
     * @param lastStatus the status of its last persisted manifest, or null when none can be read
     */
    static Map<String, Object> details(Path lockPath, VideoSession session, Path bundleDir, String lastStatus,
                                       ProcessIdentity processes) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("recoveryRequired", true);
        details.put("lockPath", lockPath.toString());
        if (bundleDir != null) {
            details.put("sessionPath", bundleDir.resolve(VideoSession.FILE_NAME).toString());
        }
        if (lastStatus != null) {
            details.put("lastStatus", lastStatus);
        }
        if (session != null) {
            details.put("sessionId", session.sessionId());
            details.put("recovery", session.state().kind().wire());
            session.state().why().ifPresent(reason -> details.put("recoveryReason", reason));
            identity(details, "worker", session.state().claimedBy().orElse(null), processes);
            identity(details, "recorder", session.state().recordedBy().orElse(null), processes);
            details.put("recorderDeadlineAt", session.deadlineAt());
        }
        details.put("steps", steps(lockPath, session, bundleDir, processes));
        return details;
    }

    /** The recorder a (possibly unreadable, so null) session names, or null. */
    private static WorkerIdentity recorderOf(VideoSession session) {
        return session == null ? null : session.state().recordedBy().orElse(null);
    }

    /** The worker a (possibly unreadable, so null) session names, or null. */
    private static WorkerIdentity workerOf(VideoSession session) {
        return session == null ? null : session.state().claimedBy().orElse(null);
    }

    /** One sentence for a message: what to check and which file to remove once nothing survives. */
    static String instruction(Path lockPath, VideoSession session, ProcessIdentity processes) {
        StringBuilder text = new StringBuilder("Check that ");
        WorkerIdentity recorder = recorderOf(session);
        if (recorder != null) {
            text.append("the recorder (PID ").append(recorder.pid()).append(", started ")
                    .append(recorder.startInstant()).append(running(recorder, processes))
                    .append(") and ");
        } else {
            text.append("no recorder of this session runs and ");
        }
        WorkerIdentity worker = workerOf(session);
        if (worker != null) {
            text.append("the worker (PID ").append(worker.pid()).append(", started ")
                    .append(worker.startInstant()).append(running(worker, processes)).append(")");
        } else {
            text.append("its worker");
        }
        return text.append(" no longer run, then remove the device lock ").append(lockPath)
                .append(" (and nothing else) and start again in a new directory; see details.steps.").toString();
    }

    private static List<String> steps(Path lockPath, VideoSession session, Path bundleDir, ProcessIdentity processes) {
        List<String> steps = new ArrayList<>();
        WorkerIdentity recorder = recorderOf(session);
        if (recorder != null) {
            steps.add("Check that the recorder of this session no longer runs: PID " + recorder.pid() + ", started "
                    + recorder.startInstant() + " (session.json \"recorder\"); a process is that recorder only if both "
                    + "its PID and its start time match (ps -o pid=,lstart=,args= -p " + recorder.pid() + "). It is "
                    + (isRunning(recorder, processes) ? "RUNNING now" : "not running now") + "; its own --time-limit "
                    + "ends it by " + session.deadlineAt() + " at the latest.");
        } else {
            steps.add("Check that no scrcpy records this session: look for a process whose command line names "
                    + (bundleDir == null ? "the session's bundle directory" : bundleDir.toString())
                    + " (ps -eo pid,lstart,args), and check its start time before acting on it.");
        }
        WorkerIdentity worker = workerOf(session);
        if (worker != null) {
            steps.add("Check that the worker no longer runs: PID " + worker.pid() + ", started " + worker.startInstant()
                    + " (session.json \"worker\"). It is " + (isRunning(worker, processes) ? "RUNNING now" : "not running now")
                    + "; only that worker may publish this session's manifest.");
        }
        steps.add("Once neither runs, remove the device lock file " + lockPath + " and nothing else: session.json and "
                + "the bundle stay as the record of this session.");
        steps.add("Start a new recording in a new directory. Never remove the lock because of its age alone, and "
                + "never signal a PID whose start time does not match.");
        return steps;
    }

    private static void identity(Map<String, Object> details, String role, WorkerIdentity identity,
                                 ProcessIdentity processes) {
        if (identity == null) {
            return;
        }
        details.put(role + "Pid", identity.pid());
        details.put(role + "StartInstant", identity.startInstant());
        details.put(role + "Running", isRunning(identity, processes));
    }

    private static String running(WorkerIdentity identity, ProcessIdentity processes) {
        return isRunning(identity, processes) ? ", RUNNING now" : ", not running now";
    }

    private static boolean isRunning(WorkerIdentity identity, ProcessIdentity processes) {
        return processes.isRunning(identity);
    }
}
