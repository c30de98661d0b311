package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.HierarchyStep.DEADLINE_OWNER;
import static com.androperator.evidence.domain.capture.HierarchyStep.ENGINE_MIN_TIMEOUT_MS;
import static com.androperator.evidence.domain.capture.HierarchyStep.hierarchyError;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.capture.HierarchyStep.Exchange;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.List;
import java.util.Map;
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

    static Exchange skipped(String command, List<String> effects, Map<String, Object> details, Deadline deadline) {
        long remaining = deadline.remainingMillis();
        details.put("deadlineOwner", DEADLINE_OWNER);
        details.put("command", command);
        details.put("phase", CommandPhase.BUDGET_CHECK.wire());
        details.put("dispatched", false);
        details.put("effects", List.copyOf(effects));
        details.put("reader", Map.of());
        details.put("remainingMs", remaining);
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_TIMEOUT, "Hierarchy capture timed out without dispatch: "
                + remaining + " ms of the device-work budget remained before the " + command + " command, less than the "
                + "execution engine's " + ENGINE_MIN_TIMEOUT_MS + " ms minimum timeout."), null, details);
    }

    /** Cancelled before {@code command} was sent: nothing goes to the device after a cancellation. */
    static Exchange cancelledBeforeDispatch(String command, List<String> effects, Map<String, Object> details,
                                                    Deadline deadline) {
        String by = deadline.cancelledBy();
        details.put("cancelledBy", by);
        details.put("command", command);
        details.put("phase", CommandPhase.NOT_STARTED.wire());
        details.put("dispatched", false);
        details.put("effects", List.copyOf(effects));
        details.put("reader", Map.of());
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_CANCELLED, "Hierarchy capture was cancelled ("
                + by + ") before the " + command + " command was sent; nothing was dispatched."), null, details);
    }

    /** A command that stopped without an answer because the caller cancelled: recorded like a budget expiry. */
    private static Exchange cancelledInFlight(String command, OperatorOutcome.NotAnswered outcome, List<String> effects,
                                              Map<String, Object> details, Deadline deadline) {
        Failure failure = outcome.failure();
        String by = deadline.cancelledBy();
        details.put("cancelledBy", by);
        details.put("command", command);
        details.put("phase", outcome.phase().wire());
        details.put("dispatched", outcome.dispatched());
        details.put("effects", List.copyOf(effects));
        details.put("reader", failure.details().asMap());
        if (!failure.code().equals(ErrorCodes.COMMAND_CANCELLED)) {
            details.put("transportCode", failure.code());
        }
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_CANCELLED, "Hierarchy capture was cancelled ("
                + by + ") while the " + command + " command was in phase " + outcome.phase().wire() + " ("
                + (outcome.dispatched() ? "dispatched; it is never sent again, and host cleanup does not prove that "
                + "Android stopped executing it" : "not dispatched") + "): " + failure.message()), null, details);
    }

    static Exchange notAnswered(String command, OperatorOutcome.NotAnswered outcome, List<String> effects,
                                        Map<String, Object> details, Deadline deadline) {
        Failure failure = outcome.failure();
        if (deadline.cancelled() || failure.code().equals(ErrorCodes.COMMAND_CANCELLED)) {
            return cancelledInFlight(command, outcome, effects, details, deadline);
        }
        boolean budgetCanceled = deadline.expired() && CANCELLATION_CODES.contains(failure.code());
        if (budgetCanceled) {
            details.put("deadlineOwner", DEADLINE_OWNER);
        }
        details.put("command", command);
        details.put("phase", outcome.phase().wire());
        details.put("dispatched", outcome.dispatched());
        if (budgetCanceled) {
            details.put("effects", List.copyOf(effects));
        }
        details.put("reader", failure.details().asMap());
        if (!budgetCanceled) {
            // A wait that ended with budget left is the Operator's own result timeout, not the capture's.
            String code = failure.code().equals(ErrorCodes.COMMAND_TIMEOUT) ? ErrorCodes.RESULT_ENVELOPE_TIMEOUT
                    : failure.code();
            return new Exchange.NoXml(hierarchyError(code, failure.message()), null, details);
        }
        if (!failure.code().equals(ErrorCodes.COMMAND_TIMEOUT)) {
            details.put("transportCode", failure.code());
        }
        return new Exchange.NoXml(hierarchyError(ErrorCodes.COMMAND_TIMEOUT, "The evidence capture's device-work budget "
                + "expired while the " + command + " command was in phase " + outcome.phase().wire() + " ("
                + (outcome.dispatched() ? "dispatched; it is never sent again, and host cleanup does not prove that "
                + "Android stopped executing it" : "not dispatched") + "): " + failure.message()), null, details);
    }
}
