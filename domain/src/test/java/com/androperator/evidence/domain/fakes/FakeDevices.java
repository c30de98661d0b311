package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Hint;
import com.androperator.evidence.domain.model.RequestField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Device selection over a fixed list of attached devices (each in an adb state, {@code device}
 * unless said otherwise), recording every request. Codes and hints are the adb adapter's.
 */
public final class FakeDevices implements DeviceSelector {
    private static final String READY = "device";
    private final Map<String, String> states = new LinkedHashMap<>();
    private final List<Optional<String>> requests = new ArrayList<>();
    private DeviceSelection forced;
    private RuntimeException thrown;
    private ManualMonotonicClock clock;
    private long millis;

    private FakeDevices(List<String> attached) {
        attached.forEach(serial -> states.put(serial, READY));
    }

    public static FakeDevices attached(String... serials) {
        return new FakeDevices(List.of(serials));
    }

    /** Attaches {@code serial} in adb state {@code state} (offline, unauthorized, recovery, ...). */
    public FakeDevices inState(String serial, String state) {
        states.put(serial, state);
        return this;
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
        if (deadline.expired() || clock != null && !clock.spend(millis, deadline)) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.COMMAND_TIMEOUT, "adb did not list devices in time"),
                    Hint.naming("pass a larger ", RequestField.TIMEOUT, ""));
        }
        if (thrown != null) {
            throw thrown;
        }
        if (forced != null) {
            return forced;
        }
        return requestedSerial.map(this::explicit).orElseGet(this::only);
    }

    private DeviceSelection explicit(String serial) {
        String state = states.get(serial);
        if (state == null) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.DEVICE_NOT_FOUND, "device " + serial
                    + " is not attached"), Hint.naming("check adb devices and pass ", RequestField.DEVICE,
                    " with a listed serial"));
        }
        return switch (state) {
            case READY -> new DeviceSelection.Selected(serial);
            case "unauthorized", "no permissions" -> new DeviceSelection.Refused(Failure.of(
                    ErrorCodes.DEVICE_UNAUTHORIZED, "device " + serial + " is " + state), "accept the USB debugging prompt");
            default -> new DeviceSelection.Refused(Failure.of(ErrorCodes.DEVICE_OFFLINE, "device " + serial
                    + " is in state " + state), "reconnect the device and retry");
        };
    }

    private DeviceSelection only() {
        List<String> ready = states.keySet().stream().filter(serial -> READY.equals(states.get(serial))).toList();
        if (ready.isEmpty()) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.NO_DEVICES, "no attached device is ready: "
                    + states), "Connect a device and check adb devices.");
        }
        if (ready.size() > 1) {
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED,
                    ready.size() + " devices are attached"),
                    Hint.naming("pass ", RequestField.DEVICE, " with one of: " + String.join(", ", ready)));
        }
        return new DeviceSelection.Selected(ready.get(0));
    }

    /** Every selection request, in order. */
    public List<Optional<String>> requests() {
        return List.copyOf(requests);
    }
}
