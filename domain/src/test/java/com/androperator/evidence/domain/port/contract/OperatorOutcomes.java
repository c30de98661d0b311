package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;

/** Asserts which kind of Operator outcome a test got, for the contract and the adapters' own tests. */
public final class OperatorOutcomes {
    private OperatorOutcomes() {
    }

    public static Answered answered(OperatorOutcome outcome) {
        assertThat(outcome).isInstanceOf(Answered.class);
        return (Answered) outcome;
    }

    /** The outcome as NotAnswered with {@code code} (its message shown when the code differs). */
    public static NotAnswered notAnswered(OperatorOutcome outcome, String code) {
        assertThat(outcome).isInstanceOf(NotAnswered.class);
        NotAnswered notAnswered = (NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).as(notAnswered.failure().message()).isEqualTo(code);
        return notAnswered;
    }
}
