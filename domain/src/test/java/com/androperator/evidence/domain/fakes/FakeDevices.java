package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.model.Failure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Device selection over a fixed list of attached devices, recording every request. */
public final class FakeDevices implements DeviceSelector {
    private final List<String> attached;
    private final List<Optional<String>> requests = new ArrayList<>();
    private DeviceSelection forced;
    private RuntimeException thrown;
    private ManualMonotonicClock clock;
    private long millis;

    private FakeDevices(List<String> attached) {
        this.attached = List.copyOf(attached);
    }

    public static FakeDevices attached(String... serials) {
        return new FakeDevices(List.of(serials));
    }

    /** Answers every selection with {@code selection} regardless of what is attached. */
    public FakeDevices answering(DeviceSelection selection) {
        this.forced = selection;
        return this;
    }

    /** Throws {@code exception} from every selection, as a broken adapter would. */
    public FakeDevices throwing(RuntimeException exception) {
        this.thrown = exception;
        return this;
    }

    /** Each selection spends {@code millis} of the budget on {@code clock}. */
    public FakeDevices taking(ManualMonotonicClock clock, long millis) {
        this.clock = clock;
        this.millis = millis;
        return this;
    }

    @Override
    public DeviceSelection select(Optional<String> requestedSerial, Deadline deadline) {
        requests.add(requestedSerial);
        if (clock != null && !clock.spend(millis, deadline)) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.COMMAND_TIMEOUT, "adb did not list devices in time"),
                    "Check the adb server, then capture again.");
        }
        if (thrown != null) {
            throw thrown;
        }
        if (forced != null) {
            return forced;
        }
        if (requestedSerial.isPresent()) {
            return attached.contains(requestedSerial.get()) ? new DeviceSelection.Selected(requestedSerial.get())
                    : new DeviceSelection.Refused(Failure.of(ErrorCodes.DEVICE_NOT_FOUND,
                    "device " + requestedSerial.get() + " is not attached"), "Run adb devices and pass a listed serial.");
        }
        if (attached.size() == 1) {
            return new DeviceSelection.Selected(attached.get(0));
        }
        if (attached.isEmpty()) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.DEVICE_NOT_FOUND, "no device is attached"),
                    "Connect a device and check adb devices.");
        }
        return new DeviceSelection.Refused(Failure.of(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED,
                attached.size() + " devices are attached"), "Pass --device with one of " + attached + ".");
    }

    /** Every selection request, in order. */
    public List<Optional<String>> requests() {
        return List.copyOf(requests);
    }
}
