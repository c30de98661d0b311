package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.contract.OperatorGatewayContract;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The broadcast-and-logcat gateway, through the real adb server to simulated phones, against the fake's contract. */
@Timeout(60)
class AdbOperatorGatewayContractTest extends OperatorGatewayContract {
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    @Override
    protected Phone showing(String xml) {
        return attach(b -> b.operator(op -> op.withHierarchy(
                ProfileFile.inMemory("hierarchy.xml", xml.getBytes(StandardCharsets.UTF_8)))));
    }

    @Override
    protected Phone asleep() {
        return attach(b -> b.operator(op -> op.withReadiness(Readiness.asleep())));
    }

    @Override
    protected Phone failingWith(String errorCode, String error) {
        return attach(b -> b.operator(op -> op.withBehavior(OperatorBehavior.FAILED).withError(errorCode, error)));
    }

    @Override
    protected Phone silent() {
        return attach(b -> b.operator(op -> op.withBehavior(OperatorBehavior.SILENT)));
    }

    @Override
    protected Phone withoutOperator() {
        return attach(b -> b.uninstallPackage(OPERATOR));
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(MonotonicClock.SYSTEM, millis, cancellation);
    }

    private static Phone attach(UnaryOperator<SimulatorProfile.Builder> change) {
        DeviceSimulator simulator = adb.attach(change.apply(SimulatorProfile.builder()).build());
        return new Phone(new AdbOperatorGateway(new AdbServerClient(adb.environment())), simulator.serial());
    }
}
