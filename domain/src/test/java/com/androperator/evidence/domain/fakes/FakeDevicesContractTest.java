package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.contract.DeviceSelectorContract;
import java.util.ArrayList;
import java.util.List;

/** The domain's device list selects and refuses with the adb adapter's codes and hints. */
class FakeDevicesContractTest extends DeviceSelectorContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Override
    protected Lab attachedInStates(String... states) {
        FakeDevices devices = FakeDevices.attached();
        List<String> serials = new ArrayList<>();
        for (String state : states) {
            String serial = "emulator-" + (5554 + 2 * serials.size());
            devices.inState(serial, state);
            serials.add(serial);
        }
        return new Lab(devices, serials);
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(clock, millis, cancellation);
    }
}
