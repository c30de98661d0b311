package com.androperator.evidence.domain.port.contract;

import static com.androperator.evidence.domain.port.contract.OperatorOutcomes.answered;
import static com.androperator.evidence.domain.port.contract.OperatorOutcomes.notAnswered;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.fakes.Envelopes;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorSession;
import com.androperator.evidence.domain.port.OperatorGateway.StepResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OperatorGateway} promises the capture, the domain's fake and the adb adapter
 * (broadcast and logcat through the real adb server to a simulated phone) alike: an answer is this
 * command's envelope, kept as parsed, with the Operator's data and error code passed through; no
 * answer is a {@link NotAnswered} value with its code, phase and whether the command was sent,
 * never an exception; an expired or cancelled budget sends nothing.
 */
public abstract class OperatorGatewayContract implements Budgets {
    protected static final String OPERATOR = "com.androperator.operator.dev";
    protected static final String XML = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            + "<hierarchy rotation=\"0\"><node index=\"0\" text=\"Réseau &amp; Wi‑Fi 📶\" bounds=\"[0,0][1080,2400]\" />"
            + "</hierarchy>";

    /** A phone and the gateway that reaches its Operator. */
    public record Phone(OperatorGateway gateway, String serial) {
    }

    /** A phone whose Operator answers snapshot_ui with {@code xml}, and doctor_ping with screen on and unlocked. */
    protected abstract Phone showing(String xml);

    /** A phone whose Operator reports the screen off and the device locked (user unlocked). */
    protected abstract Phone asleep();

    /** A phone whose Operator answers status failed with {@code errorCode} and {@code error}. */
    protected abstract Phone failingWith(String errorCode, String error);

    /** A phone whose Operator never answers. */
    protected abstract Phone silent();

    /** A phone without the Operator package. */
    protected abstract Phone withoutOperator();

    @Test
    void aSnapshotIsAnsweredWithThisCommandsEnvelopeAndTheHierarchyAsSent() {
        Phone phone = showing(XML);

        Answered answered = answered(phone.gateway().execute(snapshot(phone, "evidence-1"), budget(15_000)));
        try {
            assertThat(answered.envelope().succeeded()).isTrue();
            assertThat(answered.envelope().commandId()).isEqualTo("evidence-1-hierarchy");
            assertThat(answered.envelope().taskId()).isEqualTo("evidence-1");
            StepResult step = answered.envelope().stepResults().get(0);
            assertThat(step.id()).isEqualTo("snap");
            assertThat(step.actionType()).isEqualTo("snapshot_ui");
            assertThat(java.util.Objects.requireNonNull(step.text(), "data.text").readString()).isEqualTo(XML);
            assertThat(Envelopes.map(answered.original())).containsKeys("commandId", "taskId", "status", "stepResults", "error",
                    "errorCode");
            assertThat(answered.readerDiagnostics().chunks()).isNotNegative();
        } finally {
            answered.release();
            answered.release();
        }
    }

    @Test
    void readinessFactsComeBackAsTheOperatorReportsThem() {
        Phone phone = asleep();
        OperatorCommand ping = new OperatorCommand(phone.serial(), OPERATOR, "evidence-1-readiness", "evidence-1",
                "androperator-evidence", 5_000, List.of(new OperatorAction("h1", "doctor_ping")));

        Answered answered = answered(phone.gateway().execute(ping, budget(10_000)));

        assertThat(answered.envelope().stepResults().get(0).readiness())
                .isEqualTo(new OperatorGateway.Readiness(false, true, true));
    }

    @Test
    void aFailedEnvelopePassesTheOperatorsErrorCodeThrough() {
        Phone phone = failingWith("SERVICE_UNAVAILABLE", "Accessibility service is not running");

        Answered answered = answered(phone.gateway().execute(snapshot(phone, "evidence-1"), budget(15_000)));

        assertThat(answered.envelope().succeeded()).isFalse();
        assertThat(answered.envelope().errorCode()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(answered.envelope().error()).isEqualTo("Accessibility service is not running");
        assertThat(Envelopes.map(answered.original())).containsEntry("errorCode", "SERVICE_UNAVAILABLE");
    }

    @Test
    void aSilentOperatorTimesOutAwaitingTheResultOfTheCommandItWasSent() {
        Phone phone = silent();

        NotAnswered outcome = notAnswered(phone.gateway().execute(snapshot(phone, "evidence-1"), budget(1_500)),
                ErrorCodes.COMMAND_TIMEOUT);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(outcome.dispatched()).isTrue();
        assertThat(outcome.failure().details().asMap()).containsEntry("dispatched", true)
                .containsKeys("chunksReceived", "linesRead");
    }

    @Test
    void aMissingOperatorIsNeverSentTheCommand() {
        Phone phone = withoutOperator();

        NotAnswered outcome = notAnswered(phone.gateway().execute(snapshot(phone, "evidence-1"), budget(10_000)),
                ErrorCodes.OPERATOR_NOT_INSTALLED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.INSTALLED_CHECK);
        assertThat(outcome.dispatched()).isFalse();
    }

    @Test
    void anExpiredBudgetSendsNothing() {
        Phone phone = showing(XML);

        NotAnswered outcome = notAnswered(phone.gateway().execute(snapshot(phone, "evidence-1"), budget(0)),
                ErrorCodes.COMMAND_TIMEOUT);

        assertThat(outcome.dispatched()).isFalse();
    }

    @Test
    void aCancelledBudgetSendsNothing() {
        Phone phone = showing(XML);
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGINT");

        NotAnswered outcome = notAnswered(phone.gateway().execute(snapshot(phone, "evidence-1"),
                budget(10_000, cancellation)), ErrorCodes.COMMAND_CANCELLED);

        assertThat(outcome.dispatched()).isFalse();
    }

    @Test
    void twoCommandsInOneSessionEachGetTheirOwnResult() {
        Phone phone = showing(XML);

        try (OperatorSession session = phone.gateway().open(phone.serial(), OPERATOR)) {
            Answered first = answered(session.execute(snapshot(phone, "evidence-one"), budget(15_000)));
            Answered second = answered(session.execute(snapshot(phone, "evidence-two"), budget(15_000)));

            assertThat(first.envelope().commandId()).isEqualTo("evidence-one-hierarchy");
            assertThat(second.envelope().commandId()).isEqualTo("evidence-two-hierarchy");
            first.release();
            second.release();
            session.close();
        }
    }

    private static OperatorCommand snapshot(Phone phone, String evidenceId) {
        return new OperatorCommand(phone.serial(), OPERATOR, evidenceId + "-hierarchy", evidenceId,
                "androperator-evidence", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));
    }
}
