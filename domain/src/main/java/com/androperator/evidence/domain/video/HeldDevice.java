package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.video.DeviceLocks.Acquisition;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.port.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;

/**
 * A start found the device lock held by another session: is that session releasing it, still
 * recording, or gone for good? It only reads (the holder's session.json, heartbeat, manifest and
 * the process table); the lock is never taken over.
 */
final class HeldDevice {
    private final StartPorts ports;
    private final CallerTerms terms;

    HeldDevice(StartPorts ports, CallerTerms terms) {
        this.ports = ports;
        this.terms = terms;
    }

    /**
     * The holder's session is terminal and its live worker has not yet saved its settled state (it
     * is only releasing the lock). A worker that is gone will never release it: not worth a wait.
     */
    boolean releasing(Acquisition.Held held) {
        if (held.holder().isEmpty()) {
            return false;
        }
        Path holderDir = Path.of(held.holder().get().bundleDir());
        if (!(ports.states().readSession(holderDir) instanceof SessionRead.Found found)
                || found.session().state().settled()) {
            return false;
        }
        return ports.bundles().apply(holderDir).readManifest() instanceof ManifestRead.Found manifest
                && manifest.manifest().isTerminal()
                && WorkerLiveness.assess(found.session(), ports.heartbeats().readHeartbeat(holderDir), ports.processes(),
                ports.wallClock().now()) == WorkerLiveness.Verdict.ALIVE;
    }

    /**
     * Another session holds the device. It is busy (EVIDENCE_RECORDING_ACTIVE) only while that
     * session can still finish and release the lock: its worker lives (fresh heartbeat, or its
     * PID runs with its saved start instant), or it is a start still within its claim grace.
     * Otherwise nothing will ever release the lock, and waiting would never end:
     * EVIDENCE_RECOVERY_REQUIRED, with the lock path and the exact recovery steps. The lock is
     * never taken over.
     */
    SessionOutcome.Refused refusal(String serial, Acquisition.Held held) {
        Path lockPath = held.lockPath();
        if (held.holder().isEmpty()) {
            return refusedForRecovery(serial, null, lockPath, null, null, null, "The device lock " + lockPath
                    + " exists but its owner cannot be read, so ownership cannot be verified.");
        }
        LockClaim holder = held.holder().get();
        Path holderDir = Path.of(holder.bundleDir());
        SessionRead read = ports.states().readSession(holderDir);
        String lastStatus = ports.bundles().apply(holderDir).readManifest() instanceof ManifestRead.Found manifest
                ? manifest.manifest().status().wire() : null;
        String who = "Device " + serial + " is held by session " + holder.sessionId() + " (" + holder.bundleDir() + ")";
        if (!(read instanceof SessionRead.Found found)) {
            if (read instanceof SessionRead.Absent && claimIsRecent(holder)) {
                return recordingActive(serial, held, holder);
            }
            return refusedForRecovery(serial, holder, lockPath, null, holderDir, lastStatus, who + ", but its session.json "
                    + (read instanceof SessionRead.Unreadable unreadable ? "cannot be read ("
                    + unreadable.failure().message() + ")" : "does not exist") + ", so ownership cannot be verified.");
        }
        VideoSession session = found.session();
        if (!session.nonce().equals(holder.nonce())) {
            return refusedForRecovery(serial, holder, lockPath, session, holderDir, lastStatus, who + ", but its session.json belongs to "
                    + "another nonce, so ownership cannot be verified.");
        }
        RecoveryState state = session.state().kind();
        if (state == RecoveryState.RECOVERY_REQUIRED) {
            return refusedForRecovery(serial, holder, lockPath, session, holderDir, lastStatus, who + " whose ownership cannot be "
                    + "verified (" + session.state().why().orElse(null) + ").");
        }
        if (state.settled()) {
            return refusedForRecovery(serial, holder, lockPath, session, holderDir, lastStatus, who + ", which has ended ("
                    + state.wire() + session.state().why().map(reason -> ": " + reason).orElse("")
                    + ") without releasing its lock.");
        }
        WorkerLiveness.Verdict verdict = WorkerLiveness.assess(session, ports.heartbeats().readHeartbeat(holderDir),
                ports.processes(), ports.wallClock().now());
        if (verdict == WorkerLiveness.Verdict.ALIVE || verdict == WorkerLiveness.Verdict.AWAITING_CLAIM) {
            return recordingActive(serial, held, holder);
        }
        return refusedForRecovery(serial, holder, lockPath, session, holderDir, lastStatus, who + (verdict
                == WorkerLiveness.Verdict.OWNERSHIP_UNVERIFIED ? ", whose heartbeat is bound to another nonce"
                : ", whose worker is gone (its heartbeat is stale and its PID/start identity no longer runs)")
                + " while the session was still " + (lastStatus == null ? "unfinished" : lastStatus)
                + ": nothing will release the lock, so waiting would never end.");
    }

    private SessionOutcome.Refused recordingActive(String serial, Acquisition.Held held, LockClaim holder) {
        Details details = Details.builder().text(DetailKey.SERIAL, serial)
                .text(DetailKey.LOCK_PATH, held.lockPath().toString()).text(DetailKey.SESSION_ID, holder.sessionId())
                .text(DetailKey.BUNDLE_DIR, holder.bundleDir())
                .text(DetailKey.MANIFEST_PATH, Path.of(holder.bundleDir()).resolve(BundleFileNames.MANIFEST).toString())
                .build();
        return new SessionOutcome.Refused(new Failure(ErrorCodes.EVIDENCE_RECORDING_ACTIVE, "Device " + serial
                + " is already recording in session " + holder.sessionId() + " (" + holder.bundleDir() + ").", details),
                "Stop that session (" + terms.stopStep() + ") or wait for it to finish.");
    }

    private SessionOutcome.Refused refusedForRecovery(String serial, @Nullable LockClaim holder, Path lockPath,
            @Nullable VideoSession session, @Nullable Path bundleDir, @Nullable String lastStatus, String why) {
        Details.Builder details = Details.builder().text(DetailKey.SERIAL, serial);
        RecoveryFacts facts = RecoveryFacts.read(lockPath, session, bundleDir, lastStatus, ports.processes());
        details.all(RecoveryGuide.details(facts));
        if (holder != null) {
            // The lock's own claim names the session that holds the device.
            details.text(DetailKey.SESSION_ID, holder.sessionId());
        }
        if (bundleDir != null) {
            details.text(DetailKey.MANIFEST_PATH, bundleDir.resolve(BundleFileNames.MANIFEST).toString());
        }
        return new SessionOutcome.Refused(new Failure(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED, why + " The lock is never "
                + "taken over automatically. " + RecoveryGuide.instruction(facts), details.build()));
    }

    /** A lock whose bundle has no session.json yet may be a start in progress (lock first, then session). */
    private boolean claimIsRecent(LockClaim holder) {
        try {
            return Duration.between(Instant.parse(holder.createdAt()), ports.wallClock().now()).toMillis()
                    < VideoLimits.WORKER_CLAIM_GRACE_MILLIS;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
