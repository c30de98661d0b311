package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.Observation;
import java.util.Optional;
import java.util.function.Function;

/**
 * Device metadata through adb (device-protocol.md §2), one command per observation, each bounded
 * by the deadline it is given. An expired deadline is a COMMAND_TIMEOUT without any device call;
 * other failures are METADATA_UNAVAILABLE with what went wrong.
 */
public final class AdbDeviceMetadata implements DeviceMetadataSource {
    private static final long OUTPUT_CAP = 16L * 1024 * 1024;

    private final DeviceShell shell;

    public AdbDeviceMetadata(AdbServerClient client) {
        this.shell = new DeviceShell(client);
    }

    /** A command's output, or why there is none. */
    private sealed interface Fetch {
        record Output(String text) implements Fetch {
        }

        record Failed(Failure failure) implements Fetch {
        }
    }

    @Override
    public Observation<PropertyInventory> properties(String serial, Deadline deadline) {
        return parsed(serial, "getprop", deadline, output -> Optional.of(GetpropParser.parse(output)));
    }

    @Override
    public Observation<WmSize> displaySize(String serial, Deadline deadline) {
        return parsed(serial, "wm size", deadline, WmOutputParser::size);
    }

    @Override
    public Observation<WmDensity> displayDensity(String serial, Deadline deadline) {
        return parsed(serial, "wm density", deadline, WmOutputParser::density);
    }

    @Override
    public Observation<Integer> rotation(String serial, Deadline deadline) {
        return parsed(serial, "dumpsys input", deadline, InputRotationParser::rotation);
    }

    @Override
    public Observation<String> operatorVersion(String serial, String operatorPackage, Deadline deadline) {
        if (!ShellQuote.isValidPackage(operatorPackage)) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "'"
                    + Text.abbreviate(String.valueOf(operatorPackage), 80)
                    + "' is not a valid Android package name; nothing was sent");
        }
        Fetch fetch = fetch(serial, "dumpsys package " + ShellQuote.quote(operatorPackage), deadline);
        if (fetch instanceof Fetch.Failed failed) {
            return new Observation.Unavailable<>(failed.failure());
        }
        Optional<String> version = PackageDumpParser.versionName(((Fetch.Output) fetch).text());
        if (version.isEmpty()) {
            return Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED, "the Operator " + operatorPackage
                    + " is not installed on " + serial + " (dumpsys package shows no versionName)");
        }
        if (version.get().isEmpty()) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "dumpsys package " + operatorPackage
                    + " on " + serial + " shows an empty versionName");
        }
        return Observation.of(version.get());
    }

    private <T> Observation<T> parsed(String serial, String command, Deadline deadline,
                                      Function<String, Optional<T>> parser) {
        Fetch fetch = fetch(serial, command, deadline);
        if (fetch instanceof Fetch.Failed failed) {
            return new Observation.Unavailable<>(failed.failure());
        }
        String output = ((Fetch.Output) fetch).text();
        Optional<T> value = parser.apply(output);
        return value.<Observation<T>>map(Observation::of).orElseGet(() -> Observation.unavailable(
                ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial + " printed nothing usable: "
                        + Text.abbreviate(output.isBlank() ? "(no output)" : output, 300)));
    }

    private Fetch fetch(String serial, String command, Deadline deadline) {
        if (!ShellQuote.isValidSerial(serial)) {
            return new Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "'"
                    + Text.abbreviate(String.valueOf(serial), 80) + "' is not a valid adb serial; nothing was sent"));
        }
        if (deadline.expired()) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before `" + command + "`"));
        }
        StreamResult result = shell.run(serial, command, deadline, OUTPUT_CAP);
        if (result.outcome() == StreamResult.Outcome.CANCELLED) {
            return new Fetch.Failed(new Failure(ErrorCodes.COMMAND_CANCELLED, "cancelled during `" + command + "`",
                    java.util.Map.of("dispatched", result.serviceOpened())));
        }
        if (result.outcome() == StreamResult.Outcome.DEADLINE) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out during `" + command + "`"));
        }
        if (!result.succeeded()) {
            return new Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial
                    + " failed: " + result.describe()));
        }
        return new Fetch.Output(result.stdoutText());
    }
}
