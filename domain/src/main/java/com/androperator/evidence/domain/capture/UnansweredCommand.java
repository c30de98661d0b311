package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.HierarchyStep.DEADLINE_OWNER;
import static com.androperator.evidence.domain.capture.HierarchyStep.ENGINE_MIN_TIMEOUT_MS;
import static com.androperator.evidence.domain.capture.HierarchyStep.hierarchyError;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.capture.HierarchyStep.Exchange;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.List;
import java.util.Set;

/**
 * An Operator command of the hierarchy step that gave no answer: not sent (too little budget left,
 * or cancelled first), cancelled in flight, or ended by its transport or the budget. Each records
 * the command, phase, dispatch state, earlier effects and reader diagnostics the spec asks for.
 */
final class UnansweredCommand {
    /** Transport outcomes that, once our budget has expired, are this capture canceling the wait. */
    private static final Set<String> CANCELLATION_CODES = Set.of(
            ErrorCodes.COMMAND_TIMEOUT, ErrorCodes.RESULT_TRANSPORT_EXITED, ErrorCodes.BROADCAST_FAILED);

    private UnansweredCommand() {
    }

    static Exchange skipped(String command, List<String> effects, Details.Builder details, Deadline deadline) {
        long remaining = deadline.remainingMillis();
        stopped(details.text(DetailKey.DEADLINE_OWNER, DEADLINE_OWNER), command, CommandPhase.BUDGET_CHECK, false)
                .texts(DetailKey.EFFECTS, effects).nested(DetailKey.READER, Details.NONE)
                .number(DetailKey.REMAINING_MS, remaining);
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_TIMEOUT, "Hierarchy capture timed out without dispatch: "
                + remaining + " ms of the device-work budget remained before the " + command + " command, less than the "
                + "execution engine's " + ENGINE_MIN_TIMEOUT_MS + " ms minimum timeout."), null, details.build());
    }

    /** Cancelled before {@code command} was sent: nothing goes to the device after a cancellation. */
    static Exchange cancelledBeforeDispatch(String command, List<String> effects, Details.Builder details,
                                                    Deadline deadline) {
        String by = deadline.cancelledBy();
        stopped(details.text(DetailKey.CANCELLED_BY, by), command, CommandPhase.NOT_STARTED, false)
                .texts(DetailKey.EFFECTS, effects).nested(DetailKey.READER, Details.NONE);
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_CANCELLED, "Hierarchy capture was cancelled ("
                + by + ") before the " + command + " command was sent; nothing was dispatched."), null, details.build());
    }

    /** A command that stopped without an answer because the caller cancelled: recorded like a budget expiry. */
    private static Exchange cancelledInFlight(String command, OperatorOutcome.NotAnswered outcome, List<String> effects,
                                              Details.Builder details, Deadline deadline) {
        Failure failure = outcome.failure();
        String by = deadline.cancelledBy();
        stopped(details.text(DetailKey.CANCELLED_BY, by), command, outcome.phase(), outcome.dispatched())
                .texts(DetailKey.EFFECTS, effects).nested(DetailKey.READER, failure.details());
        if (!failure.code().equals(ErrorCodes.COMMAND_CANCELLED)) {
            details.text(DetailKey.TRANSPORT_CODE, failure.code());
        }
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_CANCELLED, "Hierarchy capture was cancelled ("
                + by + ") while the " + command + " command was in phase " + outcome.phase().wire() + " ("
                + (outcome.dispatched() ? "dispatched; it is never sent again, and host cleanup does not prove that "
                + "Android stopped executing it" : "not dispatched") + "): " + failure.message()), null, details.build());
    }

    static Exchange notAnswered(String command, OperatorOutcome.NotAnswered outcome, List<String> effects,
                                        Details.Builder details, Deadline deadline) {
        Failure failure = outcome.failure();
        if (deadline.cancelled() || failure.code().equals(ErrorCodes.COMMAND_CANCELLED)) {
            return cancelledInFlight(command, outcome, effects, details, deadline);
        }
        boolean budgetCanceled = deadline.expired() && CANCELLATION_CODES.contains(failure.code());
        if (budgetCanceled) {
            details.text(DetailKey.DEADLINE_OWNER, DEADLINE_OWNER);
        }
        stopped(details, command, outcome.phase(), outcome.dispatched());
        if (budgetCanceled) {
            details.texts(DetailKey.EFFECTS, effects);
        }
        details.nested(DetailKey.READER, failure.details());
        if (!budgetCanceled) {
            // A wait that ended with budget left is the Operator's own result timeout, not the capture's.
            String code = failure.code().equals(ErrorCodes.COMMAND_TIMEOUT) ? ErrorCodes.RESULT_ENVELOPE_TIMEOUT
                    : failure.code();
            return new Exchange.NoXml(hierarchyError(code, failure.message()), null, details.build());
        }
        if (!failure.code().equals(ErrorCodes.COMMAND_TIMEOUT)) {
            details.text(DetailKey.TRANSPORT_CODE, failure.code());
        }
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_TIMEOUT, "The evidence capture's device-work budget "
                + "expired while the " + command + " command was in phase " + outcome.phase().wire() + " ("
                + (outcome.dispatched() ? "dispatched; it is never sent again, and host cleanup does not prove that "
                + "Android stopped executing it" : "not dispatched") + "): " + failure.message()), null, details.build());
    }

    /** Which command stopped, in which phase, and whether it went out: what every unanswered command records. */
    private static Details.Builder stopped(Details.Builder details, String command, CommandPhase phase, boolean dispatched) {
        return details.text(DetailKey.COMMAND, command).text(DetailKey.PHASE, phase.wire())
                .flag(DetailKey.DISPATCHED, dispatched);
    }
}
