package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.Details;
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
 * Selects the device from the adb server's {@code host:devices-l} listing, once: an explicit
 * serial must be listed in state {@code device} (DEVICE_NOT_FOUND, DEVICE_OFFLINE, DEVICE_UNAUTHORIZED
 * otherwise); without one, the one device in state {@code device} is taken (NO_DEVICES,
 * MULTIPLE_DEVICES_DEVICE_ID_REQUIRED otherwise).
 * Makes sure a server runs ({@link AdbServerClient#ensureServer}) when the first listing does not
 * complete.
 */
public final class AdbDeviceSelector implements DeviceSelector {
    private static final String INSTALL_HINT = "install Android platform-tools (Debian: apt-get install -y adb)"
            + " and put adb on PATH, or set ADB_SERVER_SOCKET=tcp:HOST:PORT";
    private static final int LISTING_CAP = 1024 * 1024;

    private final AdbServerClient client;

    private static final Hint LARGER_TIMEOUT = Hint.naming("pass a larger ", RequestField.TIMEOUT, "");

    public AdbDeviceSelector(AdbServerClient client) {
        this.client = client;
    }

    /** One line of {@code host:devices-l}. */
    record AttachedDevice(String serial, String state, String description) {
    }

    @Override
    public DeviceSelection select(Optional<String> requestedSerial, Deadline deadline) {
        if (requestedSerial.isPresent() && !ShellQuote.isValidSerial(requestedSerial.get())) {
            return refused(ErrorCodes.DEVICE_NOT_FOUND, "'" + Text.abbreviate(requestedSerial.get(), 80)
                    + "' is not a valid adb serial", Map.of(), Hint.naming("pass ", RequestField.DEVICE, " with a serial listed by `adb devices`"));
        }
        if (deadline.expired()) {
            return refused(ErrorCodes.COMMAND_TIMEOUT, "the budget ran out before the device was selected",
                    Map.of(), LARGER_TIMEOUT);
        }
        // A server that lists its devices is running: the usual capture asks only that, one
        // connection fewer a capture (issue 26). Any other answer goes the whole way, as every
        // capture did before: the version check (which starts a server where nothing listens and
        // says why one cannot be used), then the listing again. A listing the deadline cut is
        // refused as the listing it is, with the budget spent. Two answers differ from before: a
        // server that hangs on every request is refused for its listing, not for host:version (the
        // same code and hint), and one that lists its devices is used without its version asked.
        StreamResult listing = client.hostQuery("host:devices-l", deadline);
        if (!listing.completed() && listing.outcome() != StreamResult.Outcome.DEADLINE) {
            AdbServerClient.ServerCheck server = client.ensureServer(deadline);
            if (server instanceof AdbServerClient.ServerCheck.Unavailable unavailable) {
                return new DeviceSelection.Refused(unavailable.failure(),
                        ErrorCodes.COMMAND_TIMEOUT.equals(unavailable.failure().code()) ? LARGER_TIMEOUT
                                : Hint.text(INSTALL_HINT));
            }
            listing = client.hostQuery("host:devices-l", deadline);
        }
        if (listing.outcome() == StreamResult.Outcome.DEADLINE) {
            return refused(ErrorCodes.COMMAND_TIMEOUT, "the adb server did not list devices before the deadline",
                    Map.of(), LARGER_TIMEOUT);
        }
        if (!listing.completed() || listing.bytesReceived() > LISTING_CAP) {
            return refused(ErrorCodes.ADB_UNAVAILABLE, "the adb server did not list devices: " + listing.describe(),
                    Map.of(), INSTALL_HINT);
        }
        List<AttachedDevice> devices = parseDevices(listing.stdoutText());
        return requestedSerial.isPresent() ? explicit(requestedSerial.get(), devices) : only(devices);
    }

    private static DeviceSelection explicit(String serial, List<AttachedDevice> devices) {
        for (AttachedDevice device : devices) {
            if (device.serial().equals(serial)) {
                return usable(device);
            }
        }
        return refused(ErrorCodes.DEVICE_NOT_FOUND, "device " + serial + " is not attached to the adb server; attached: "
                + describe(devices), Map.of("serials", serials(devices)),
                Hint.naming("connect the device (or `adb connect HOST:PORT`), check `adb devices`, and pass ",
                        RequestField.DEVICE, " with a listed serial"));
    }

    /**
     * No serial was chosen: the one device in state {@code device}. Devices in other states
     * (offline, unauthorized) cannot be chosen implicitly; they are named in the refusal.
     */
    private static DeviceSelection only(List<AttachedDevice> devices) {
        List<AttachedDevice> ready = devices.stream().filter(device -> device.state().equals("device")).toList();
        if (ready.isEmpty()) {
            return refused(ErrorCodes.NO_DEVICES, devices.isEmpty() ? "no device is attached to the adb server"
                    : "no attached device is ready (in state device): " + describe(devices),
                    Map.of("serials", serials(devices)), devices.isEmpty()
                    ? "connect a device with USB debugging enabled (or `adb connect HOST:PORT`) and check `adb devices`"
                    : "unlock the device and accept the USB debugging prompt, or reconnect it, until `adb devices`"
                    + " shows it as 'device'; then retry");
        }
        if (ready.size() > 1) {
            return refused(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED, ready.size() + " devices are attached: "
                    + describe(devices), Map.of("serials", serials(ready)),
                    Hint.naming("pass ", RequestField.DEVICE, " <serial> (or set ANDROID_SERIAL) with one of: "
                            + String.join(", ", serials(ready))));
        }
        AttachedDevice device = ready.get(0);
        if (!ShellQuote.isValidSerial(device.serial())) {
            return refused(ErrorCodes.DEVICE_NOT_FOUND, "the only attached device has serial '"
                    + Text.abbreviate(device.serial(), 80) + "', which cannot be used safely", Map.of(),
                    "attach a device whose serial has only letters, digits and . _ : - [ ]");
        }
        return usable(device);
    }

    private static DeviceSelection usable(AttachedDevice device) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("serial", device.serial());
        details.put("state", device.state());
        return switch (device.state()) {
            case "device" -> new DeviceSelection.Selected(device.serial());
            case "offline" -> refused(ErrorCodes.DEVICE_OFFLINE, "device " + device.serial() + " is offline", details,
                    "reconnect the device (replug USB, or `adb disconnect` and `adb connect` for TCP) and retry");
            case "unauthorized", "no permissions" -> refused(ErrorCodes.DEVICE_UNAUTHORIZED, "device "
                    + device.serial() + " is " + device.state() + " for this host", details,
                    "unlock the device and accept the USB debugging prompt (check udev permissions for"
                            + " 'no permissions'), then retry");
            default -> refused(ErrorCodes.DEVICE_OFFLINE, "device " + device.serial() + " is in state "
                    + device.state() + ", not device", details,
                    "wait until `adb devices` shows the device as 'device' and retry");
        };
    }

    /** Parses {@code host:devices-l}: {@code SERIAL STATE [key:value ...]}, where STATE can be "no permissions". */
    static List<AttachedDevice> parseDevices(String listing) {
        List<AttachedDevice> devices = new ArrayList<>();
        for (String rawLine : listing.split("\n")) {
            String line = rawLine.strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] tokens = fields(line);
            String state = tokens.length > 1 ? tokens[1] : "unknown";
            String rest = tokens.length > 2 ? tokens[2] : "";
            if (state.equals("no") && rest.startsWith("permissions")) {
                state = "no permissions";
            }
            devices.add(new AttachedDevice(tokens[0], state, rest));
        }
        return devices;
    }

    /**
     * {@code line} (stripped) split at runs of whitespace into at most three fields, as
     * {@code Pattern.compile("\\s+").split(line, 3)} would: serial, state, the rest. By hand: the
     * listing is parsed at every capture, a line per attached device.
     */
    static String[] fields(String line) {
        List<String> fields = new ArrayList<>(3);
        int at = 0;
        while (fields.size() < 2) {
            int end = at;
            while (end < line.length() && !isAsciiWhitespace(line.charAt(end))) {
                end++;
            }
            fields.add(line.substring(at, end));
            if (end == line.length()) {
                return fields.toArray(String[]::new);
            }
            at = end;
            while (at < line.length() && isAsciiWhitespace(line.charAt(at))) {
                at++;
            }
        }
        fields.add(line.substring(at));
        return fields.toArray(String[]::new);
    }

    /** What {@code \s} matches: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean isAsciiWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static List<String> serials(List<AttachedDevice> devices) {
        List<String> serials = new ArrayList<>();
        devices.forEach(device -> serials.add(device.serial()));
        return serials;
    }

    private static String describe(List<AttachedDevice> devices) {
        if (devices.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        devices.forEach(device -> parts.add(device.serial() + " (" + device.state() + ")"));
        return String.join(", ", parts);
    }

    private static DeviceSelection refused(String code, String message, Map<String, Object> details, String hint) {
        return refused(code, message, details, Hint.text(hint));
    }

    private static DeviceSelection refused(String code, String message, Map<String, Object> details, Hint hint) {
        return new DeviceSelection.Refused(new Failure(code, message, Details.fromJson(details)), hint);
    }
}
