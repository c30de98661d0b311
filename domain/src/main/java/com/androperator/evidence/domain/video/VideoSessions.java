package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Video status and stop for a session named by its absolute manifest path. Both use the saved,
 * immutable target and reject conflicting device or Operator options. Status only reads (for a
 * terminal session whose live worker has not yet saved its settled state, it waits briefly for it). Stop
 * writes one nonce-bound request and waits at most 15 s; a terminal session is answered from its
 * manifest without writing anything, so repeating stop never changes evidence.
 */
public final class VideoSessions {
    public static final String MANIFEST = BundleFileNames.MANIFEST;
    private static final long POLL_MILLIS = 100;

    private final SessionPorts ports;
    private final CallerTerms terms;

    /** {@code terms}: the calling edge's names for the request fields, in which a conflict is worded. */
    public VideoSessions(SessionPorts ports, CallerTerms terms) {
        this.ports = ports;
        this.terms = java.util.Objects.requireNonNull(terms, "terms");
    }

    /** Target fields a caller may repeat; each must equal the saved one when given. */
    public record ExpectedTarget(Optional<String> deviceSerial, Optional<String> operatorPackage) {
        public static final ExpectedTarget NONE = new ExpectedTarget(Optional.empty(), Optional.empty());
    }

    private record Session(VideoSession session, Manifest manifest, Path manifestPath, VideoBundleFiles bundle) {
    }

    private sealed interface Lookup {
        record Found(Session session) implements Lookup {
        }

        record NotFound(SessionOutcome.Refused result) implements Lookup {
        }
    }

    public StatusOutcome status(Path manifestPath, ExpectedTarget expected) {
        Lookup lookup = lookup(manifestPath, expected);
        if (lookup instanceof Lookup.NotFound notFound) {
            return notFound.result();
        }
        Session found = ((Lookup.Found) lookup).session();
        Optional<SessionOutcome.RecoveryRequired> unresolved = recoveryRequired(found);
        if (unresolved.isPresent()) {
            return unresolved.get();
        }
        if (found.manifest().isTerminal()) {
            // The worker publishes the terminal manifest before it saves its settled state (released, or
            // recovery_required for an unresponsive recorder); a live worker is given a moment to save it,
            // so that status does not report a plain failure for a session that requires recovery.
            return settled(found, found.manifest(), Deadline.after(ports.monotonicClock(),
                    VideoLimits.LOCK_SETTLE_MILLIS)).<StatusOutcome>map(recovery -> recovery)
                    .orElseGet(() -> ended(found, found.manifest()));
        }
        Optional<SessionOutcome.RecoveryRequired> lost = lostWorker(found);
        return lost.<StatusOutcome>map(recovery -> recovery).orElseGet(() -> new SessionOutcome.Active(
                answered(found, found.manifest()), finalizing(found).orElse(null)));
    }

    /**
     * What a stop tells while it waits: the session's current status and, while it finalizes, the
     * worker's progress; called on every poll (about ten times a second), changed or not.
     */
    @FunctionalInterface
    public interface StopProgress {
        StopProgress NONE = (status, progress) -> { };

        void waiting(BundleStatus status, Optional<FinalizationProgress> progress);
    }

    public StopOutcome stop(Path manifestPath, ExpectedTarget expected) {
        return stop(manifestPath, expected, StopProgress.NONE);
    }

    public StopOutcome stop(Path manifestPath, ExpectedTarget expected, StopProgress progress) {
        Lookup lookup = lookup(manifestPath, expected);
        if (lookup instanceof Lookup.NotFound notFound) {
            return notFound.result();
        }
        Session found = ((Lookup.Found) lookup).session();
        Optional<SessionOutcome.RecoveryRequired> unresolved = recoveryRequired(found);
        if (unresolved.isPresent()) {
            return unresolved.get();
        }
        Deadline deadline = Deadline.after(ports.monotonicClock(), VideoLimits.STOP_WAIT_MILLIS);
        if (found.manifest().isTerminal()) {
            // Nothing to request; at most wait for the worker to finish releasing the lock.
            return settledStop(found, found.manifest(), deadline);
        }
        Optional<SessionOutcome.RecoveryRequired> lost = lostWorker(found);
        if (lost.isPresent()) {
            return lost.get();
        }
        Path bundleDir = found.bundle().directory();
        StopRequest request = new StopRequest(ports.ids().newEvidenceId(), found.session().nonce(),
                ports.wallClock().now().toString());
        if (ports.stops().writeStopRequest(bundleDir, request) instanceof Saved.NotWritten notWritten) {
            return new SessionOutcome.Refused(notWritten.failure());
        }
        Manifest current = found.manifest();
        while (true) {
            if (found.bundle().readManifest() instanceof ManifestRead.Found read) {
                current = read.manifest();
            }
            Session latest = new Session(reread(found), current, found.manifestPath(), found.bundle());
            unresolved = recoveryRequired(latest);
            if (unresolved.isPresent()) {
                return unresolved.get();
            }
            if (current.isTerminal()) {
                // The worker's last heartbeat holds the finalization's totals: the listener hears them once.
                progress.waiting(current.status(), workerProgress(latest));
                return settledStop(latest, current, deadline);
            }
            lost = lostWorker(latest);
            if (lost.isPresent()) {
                return lost.get();
            }
            Optional<FinalizationProgress> finalizing = finalizing(latest);
            if (deadline.expired()) {
                return new SessionOutcome.StopPending(answered(found, current), finalizing.orElse(null));
            }
            progress.waiting(current.status(), finalizing);
            ports.pause().pause(POLL_MILLIS);
        }
    }

    /**
     * The outcome of a terminal session once its worker has settled it: the worker publishes the
     * terminal manifest first and then releases the device lock and saves the settled state, so stop
     * waits (within its own deadline) for that state. A caller that gets "complete" can then start
     * the next recording on the device at once. A worker that is gone, or a deadline that passes,
     * ends the wait: the published evidence is final either way.
     */
    private Optional<SessionOutcome.RecoveryRequired> settled(Session found, Manifest terminal, Deadline deadline) {
        Session latest = found;
        while (!latest.session().state().settled()) {
            WorkerLiveness.Verdict verdict = WorkerLiveness.assess(latest.session(),
                    ports.heartbeats().readHeartbeat(found.bundle().directory()), ports.identity(), ports.wallClock().now());
            if (verdict != WorkerLiveness.Verdict.ALIVE || deadline.expired()) {
                break;
            }
            ports.pause().pause(POLL_MILLIS);
            latest = new Session(reread(found), terminal, found.manifestPath(), found.bundle());
        }
        return recoveryRequired(latest);
    }

    /** A stop of a terminal session: ended once settled, unless its settled state requires recovery. */
    private StopOutcome settledStop(Session found, Manifest terminal, Deadline deadline) {
        return settled(found, terminal, deadline).<StopOutcome>map(recovery -> recovery)
                .orElseGet(() -> ended(found, terminal));
    }

    private static SessionOutcome.Ended ended(Session found, Manifest terminal) {
        return new SessionOutcome.Ended(answered(found, terminal));
    }

    /** The session as an answer tells it, with {@code manifest} its latest manifest read. */
    private static SessionOutcome.Session answered(Session found, Manifest manifest) {
        return new SessionOutcome.Session(manifest, found.manifestPath(), found.session().sessionId());
    }

    /** A finalizing session's progress from its worker's last heartbeat, aged to now. */
    private Optional<FinalizationProgress> finalizing(Session found) {
        if (found.manifest().status() != BundleStatus.FINALIZING) {
            return Optional.empty();
        }
        return lastHeartbeat(found).flatMap(beat -> Optional.ofNullable(beat.finalizing())
                .map(progress -> progress.later(sinceMillis(beat.at()))));
    }

    /** The finalization progress in the session worker's last heartbeat as written, whatever the manifest says. */
    private Optional<FinalizationProgress> workerProgress(Session found) {
        return lastHeartbeat(found).map(Heartbeat::finalizing);
    }

    private Optional<Heartbeat> lastHeartbeat(Session found) {
        return ports.heartbeats().readHeartbeat(found.bundle().directory())
                .filter(beat -> beat.finalizing() != null && beat.nonce().equals(found.session().nonce()));
    }

    private long sinceMillis(String at) {
        try {
            return java.time.Duration.between(java.time.Instant.parse(at), ports.wallClock().now()).toMillis();
        } catch (java.time.format.DateTimeParseException unreadable) {
            return 0;
        }
    }

    private VideoSession reread(Session found) {
        return ports.states().readSession(found.bundle().directory()) instanceof SessionRead.Found read
                ? read.session() : found.session();
    }

    /**
     * A session whose saved state says ownership cannot be verified (an unresponsive recorder, a
     * lost lock, a manifest that could not be persisted): failed, EVIDENCE_RECOVERY_REQUIRED, with
     * the last persisted manifest and the lock kept, whatever that manifest says.
     */
    private Optional<SessionOutcome.RecoveryRequired> recoveryRequired(Session found) {
        VideoSession session = found.session();
        if (session.state().kind() != RecoveryState.RECOVERY_REQUIRED) {
            return Optional.empty();
        }
        String why = session.state().why().map(reason -> "Ownership of this session cannot be verified: " + reason + ".")
                .orElse("Ownership of this session cannot be verified.");
        return Optional.of(recoveryAnswer(found, why));
    }

    /** A non-terminal session whose worker is gone, or whose heartbeat belongs to someone else. */
    private Optional<SessionOutcome.RecoveryRequired> lostWorker(Session found) {
        VideoSession session = found.session();
        WorkerLiveness.Verdict verdict = WorkerLiveness.assess(session,
                ports.heartbeats().readHeartbeat(found.bundle().directory()), ports.identity(), ports.wallClock().now());
        if (verdict == WorkerLiveness.Verdict.ALIVE || verdict == WorkerLiveness.Verdict.AWAITING_CLAIM) {
            return Optional.empty();
        }
        String why = verdict == WorkerLiveness.Verdict.OWNERSHIP_UNVERIFIED
                ? "The session's heartbeat is bound to another nonce, so ownership cannot be verified."
                : "The video worker is unavailable: its heartbeat is stale and its PID/start identity no longer runs, "
                        + "while the session was still " + found.manifest().status().wire() + ".";
        return Optional.of(recoveryAnswer(found, why));
    }

    private SessionOutcome.RecoveryRequired recoveryAnswer(Session found, String why) {
        VideoSession session = found.session();
        Path lockPath = Path.of(session.lockPath());
        return new SessionOutcome.RecoveryRequired(answered(found, found.manifest()), why, RecoveryFacts.read(lockPath,
                session, found.bundle().directory(), found.manifest().status().wire(), ports.identity()));
    }

    private Lookup lookup(@Nullable Path manifestPath, ExpectedTarget expected) {
        // An absolute path named manifest.json has a parent before and after normalizing; nothing else is a session.
        Path bundleDir = manifestPath == null ? null : manifestPath.normalize().getParent();
        if (manifestPath == null || !manifestPath.isAbsolute() || bundleDir == null
                || !MANIFEST.equals(String.valueOf(manifestPath.getFileName()))) {
            return notFound("No video session at " + manifestPath + ": give the absolute path of its manifest.json.");
        }
        Path normalized = manifestPath.normalize();
        VideoBundleFiles bundle = ports.bundles().apply(bundleDir);
        ManifestRead manifestRead = bundle.readManifest();
        if (manifestRead instanceof ManifestRead.Absent) {
            return notFound("No video session at " + normalized + ": the manifest does not exist.");
        }
        if (manifestRead instanceof ManifestRead.Unreadable unreadable) {
            return notFound("The session at " + normalized + " is invalid: its manifest cannot be read ("
                    + unreadable.failure().message() + ").");
        }
        Manifest manifest = ((ManifestRead.Found) manifestRead).manifest();
        if (manifest.video() == null) {
            return notFound("The bundle at " + normalized + " is a still capture, not a video session.");
        }
        SessionRead sessionRead = ports.states().readSession(bundleDir);
        if (!(sessionRead instanceof SessionRead.Found sessionFound)) {
            String why = sessionRead instanceof SessionRead.Unreadable unreadable
                    ? "its session.json cannot be read (" + unreadable.failure().message() + ")"
                    : "it has no session.json";
            return notFound("The video bundle at " + normalized + " is not a valid session: " + why + ".");
        }
        VideoSession session = sessionFound.session();
        if (!session.sessionId().equals(manifest.evidenceId())
                || !Path.of(session.manifestPath()).normalize().equals(normalized)) {
            return notFound("The video bundle at " + normalized + " is not a valid session: session.json belongs to "
                    + session.manifestPath() + ".");
        }
        Optional<Failure> conflict = conflict(session.target(), expected);
        if (conflict.isPresent()) {
            return new Lookup.NotFound(new SessionOutcome.Refused(conflict.get(),
                    "Status and stop use the session's saved target; omit the option or give the saved value."));
        }
        return new Lookup.Found(new Session(session, manifest, normalized, bundle));
    }

    private Optional<Failure> conflict(VideoSession.Target target, ExpectedTarget expected) {
        if (expected.deviceSerial().isPresent() && !expected.deviceSerial().get().equals(target.serial())) {
            return Optional.of(terms.refusal(RequestField.DEVICE, terms.field(RequestField.DEVICE) + " "
                    + expected.deviceSerial().get() + " conflicts with the session's saved device " + target.serial() + "."));
        }
        if (expected.operatorPackage().isPresent() && !expected.operatorPackage().get().equals(target.operatorPackage())) {
            return Optional.of(terms.refusal(RequestField.OPERATOR_PACKAGE, terms.field(RequestField.OPERATOR_PACKAGE)
                    + " " + expected.operatorPackage().get() + " conflicts with the session's "
                    + (target.operatorPackage() == null ? "saved target, which was started without an Operator package."
                    : "saved Operator " + target.operatorPackage() + ".")));
        }
        return Optional.empty();
    }

    private static Lookup notFound(String message) {
        return new Lookup.NotFound(VideoResults.sessionNotFound(message));
    }
}
