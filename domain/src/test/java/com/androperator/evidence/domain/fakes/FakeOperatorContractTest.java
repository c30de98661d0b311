package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.contract.OperatorGatewayContract;
import java.util.Map;

/** The domain's scripted Operator answers, times out and refuses work as the adb gateway does. */
class FakeOperatorContractTest extends OperatorGatewayContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Override
    protected Phone showing(String xml) {
        return phone(new FakeOperator(clock).on(FakeOperator.SNAPSHOT, FakeOperator.snapshot(xml)));
    }

    @Override
    protected Phone asleep() {
        return phone(new FakeOperator(clock).on(FakeOperator.READINESS, FakeOperator.readiness("false", "true", "true")));
    }

    @Override
    protected Phone failingWith(String errorCode, String error) {
        return phone(new FakeOperator(clock).on(FakeOperator.SNAPSHOT, FakeOperator.failing(errorCode, error)));
    }

    @Override
    protected Phone silent() {
        return phone(new FakeOperator(clock).on(FakeOperator.SNAPSHOT,
                FakeOperator.taking(600_000, FakeOperator.snapshot(XML))));
    }

    @Override
    protected Phone withoutOperator() {
        return phone(new FakeOperator(clock).on(FakeOperator.SNAPSHOT, FakeOperator.notAnswered(
                ErrorCodes.OPERATOR_NOT_INSTALLED, OPERATOR + " is not installed", "installed_check", false, Map.of())));
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(clock, millis, cancellation);
    }

    private static Phone phone(FakeOperator operator) {
        return new Phone(operator, "emulator-5554");
    }
}
