package com.androperator.evidence.domain.video;

/** What a video status answers: refused (not found, a conflicting target), active, ended, or recovery required. */
public sealed interface StatusOutcome extends SessionOutcome permits SessionOutcome.Refused, SessionOutcome.Active,
        SessionOutcome.Ended, SessionOutcome.RecoveryRequired {
}
