package com.androperator.evidence.domain.video;

/** What a video stop answers: refused, ended, recovery required, or still pending after its wait. */
public sealed interface StopOutcome extends SessionOutcome permits SessionOutcome.Refused, SessionOutcome.Ended,
        SessionOutcome.RecoveryRequired, SessionOutcome.StopPending {
}
