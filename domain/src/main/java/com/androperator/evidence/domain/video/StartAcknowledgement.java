package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.WorkerLauncher.WorkerProcess;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.List;

/**
 * The last part of a video start: after the worker was spawned, wait at most five seconds for the
 * worker's manifest to prove that the live recorder opened its capture file, and answer with what
 * the session became (active, terminal, recovery required, or a start timeout that asks the worker
 * to stop). A worker that never ran is recorded as a startup failure and its lock released.
 */
final class StartAcknowledgement {
    private final StartPorts ports;

    StartAcknowledgement(StartPorts ports) {
        this.ports = ports;
    }

    StartOutcome awaitRecording(WorkerProcess worker, VideoSession session, VideoBundleFiles bundle,
                                 Manifest starting, Path lockPath, Path manifestPath) {
        Deadline acknowledgement = Deadline.after(ports.monotonicClock(), VideoLimits.START_ACKNOWLEDGEMENT_MILLIS);
        Path bundleDir = Path.of(session.bundleDir());
        while (true) {
            boolean workerAlive = worker.isAlive();
            Manifest current = bundle.readManifest() instanceof ManifestRead.Found found ? found.manifest() : starting;
            if (confirmsRecording(current)) {
                return new SessionOutcome.Active(new SessionOutcome.Session(current, manifestPath, session.sessionId()), null);
            }
            if (current.isTerminal()) {
                SessionRead read = ports.states().readSession(bundleDir);
                if (read instanceof SessionRead.Found found
                        && found.session().state().kind() == RecoveryState.RECOVERY_REQUIRED) {
                    return recoveryRequired(current, manifestPath, found.session(), lockPath,
                            "The video worker could not verify ownership of this session: "
                                    + found.session().state().why().orElse(null) + ".");
                }
                return new SessionOutcome.Ended(new SessionOutcome.Session(current, manifestPath, session.sessionId()));
            }
            if (!workerAlive) {
                SessionRead read = ports.states().readSession(bundleDir);
                if (!(read instanceof SessionRead.Found found) || found.session().state().claimedBy().isEmpty()) {
                    return spawnFailed(session, bundle, starting, lockPath,
                            "the worker process exited before it claimed the session; see control/worker.log");
                }
                return recoveryRequired(current, manifestPath, found.session(), lockPath,
                        "The video worker exited without finishing the session.");
            }
            if (acknowledgement.expired()) {
                ports.stops().writeStopRequest(bundleDir, new StopRequest(ports.ids().newEvidenceId(),
                        session.nonce(), ports.wallClock().now().toString()));
                return new SessionOutcome.StartTimedOut(new SessionOutcome.Session(current, manifestPath,
                        session.sessionId()));
            }
            ports.pause().pause(50);
        }
    }

    private StartOutcome recoveryRequired(Manifest current, Path manifestPath, VideoSession saved, Path lockPath,
                                          String why) {
        return new SessionOutcome.RecoveryRequired(new SessionOutcome.Session(current, manifestPath, saved.sessionId()), why,
                RecoveryFacts.read(lockPath, saved, Path.of(saved.bundleDir()), current.status().wire(),
                        ports.processes()));
    }

    /**
     * Whether the worker's manifest proves that the recorder opened its capture file. Recording does;
     * so does finalizing a recording that ended by stop, duration or failure (a short recording can
     * pass through recording between two polls). Finalizing with stopReason startup_failure does not:
     * the worker also finalizes (the recorder's output and receipt) a recorder that exited, timed
     * out or was stopped before it opened its file, and that session is a startup failure, not a start.
     */
    static boolean confirmsRecording(Manifest current) {
        if (current.status() == BundleStatus.RECORDING) {
            return true;
        }
        return current.status() == BundleStatus.FINALIZING
                && (current.video() == null || current.video().stopReason() != StopReason.STARTUP_FAILURE);
    }

    /** No worker ever ran, so no recorder was started: record the failure and release our own lock. */
    StartOutcome spawnFailed(VideoSession session, VideoBundleFiles bundle, Manifest starting, Path lockPath,
                              String why) {
        BundleError error = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The video worker could not be started: " + why, VideoStage.RECORDER);
        Manifest failed = VideoManifests.startupFailed(starting, ports.wallClock().now().toString(), List.of(error));
        bundle.finalizeManifest(failed);
        Path bundleDir = Path.of(session.bundleDir());
        ports.states().saveSession(bundleDir, session.settled(RecoveryState.SPAWN_FAILED, why,
                ports.wallClock().now().toString()));
        ports.locks().release(lockPath, session.nonce());
        return new SessionOutcome.Ended(new SessionOutcome.Session(failed, Path.of(session.manifestPath()),
                session.sessionId()));
    }
}
