package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.video.DeviceLocks.Acquisition;
import com.androperator.evidence.domain.port.video.DeviceLocks.DirectoryCheck;
import com.androperator.evidence.domain.video.model.LockClaim;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The lock part of a video start: the lock directory checked (owner, mode) before the bundle
 * exists, then the device's exclusive lock taken for the session's claim. A holder that is only
 * releasing is given a moment; one whose session can still finish is EVIDENCE_RECORDING_ACTIVE, one
 * that can never release is EVIDENCE_RECOVERY_REQUIRED ({@link HeldDevice}).
 */
final class DeviceLockAcquisition {
    private final StartPorts ports;
    private final CallerTerms terms;

    DeviceLockAcquisition(StartPorts ports, CallerTerms terms) {
        this.terms = terms;
        this.ports = ports;
    }

    /** The lock taken, or the start's refusal (nothing of this start was created by the lock). */
    sealed interface Locked {
        record Acquired(Path lockPath) implements Locked {
        }

        record Refused(SessionOutcome.Refused refusal) implements Locked {
        }
    }

    /** The refusal when the lock directory cannot be used. */
    Optional<SessionOutcome.Refused> checkDirectory() {
        if (ports.locks().checkDirectory() instanceof DirectoryCheck.Unusable unusable) {
            return Optional.of(new SessionOutcome.Refused(unusable.failure()));
        }
        return Optional.empty();
    }

    Locked acquire(String serial, LockClaim claim) {
        Acquisition acquisition = ports.locks().acquire(serial, claim);
        HeldDevice heldDevice = new HeldDevice(ports, terms);
        // A holder that already published its terminal manifest is only releasing the lock: give it a
        // moment instead of refusing a start that follows its stop or status immediately.
        Deadline settle = Deadline.after(ports.monotonicClock(), VideoLimits.LOCK_SETTLE_MILLIS);
        while (acquisition instanceof Acquisition.Held held && heldDevice.releasing(held) && !settle.expired()) {
            ports.pause().pause(50);
            acquisition = ports.locks().acquire(serial, claim);
        }
        if (acquisition instanceof Acquisition.Unusable unusable) {
            return new Locked.Refused(new SessionOutcome.Refused(unusable.failure()));
        }
        if (acquisition instanceof Acquisition.Held held) {
            return new Locked.Refused(heldDevice.refusal(serial, held));
        }
        return new Locked.Acquired(((Acquisition.Acquired) acquisition).lockPath());
    }
}
