package com.androperator.evidence.domain.video;

/** What a video start answers: refused, recording (or already finalizing), ended, recovery required, or timed out. */
public sealed interface StartOutcome extends SessionOutcome permits SessionOutcome.Refused, SessionOutcome.Active,
        SessionOutcome.Ended, SessionOutcome.RecoveryRequired, SessionOutcome.StartTimedOut {
}
