package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.contract.DeviceSelectorContract;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The adb device selector, through the real adb server to simulated phones, against the fake's contract. */
@Timeout(60)
class AdbDeviceSelectorContractTest extends DeviceSelectorContract {
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    @Override
    protected Lab attachedInStates(String... states) {
        List<String> serials = new ArrayList<>();
        for (String state : states) {
            serials.add(adb.attach(SimulatorProfile.builder().connectionState(state).build()).serial());
        }
        return new Lab(new AdbDeviceSelector(new AdbServerClient(adb.environment())), serials);
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(MonotonicClock.SYSTEM, millis, cancellation);
    }
}
