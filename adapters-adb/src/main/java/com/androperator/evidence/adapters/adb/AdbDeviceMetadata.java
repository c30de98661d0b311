package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Device metadata through adb (device-protocol.md §2), one command per observation, each bounded
 * by the deadline it is given. An expired deadline is a COMMAND_TIMEOUT without any device call;
 * other failures are METADATA_UNAVAILABLE with what went wrong.
 *
 * <p>Output is decoded leniently but marked (see {@link Utf8#marked}): a value the device sent as
 * bytes that are not UTF-8 (a getprop value, the versionName, a wm or viewport line) is unavailable,
 * never recorded with replacement characters or read around, while the rest of the output stays
 * usable (one bad byte in another input device's name does not cost the rotation).
 */
public final class AdbDeviceMetadata implements DeviceMetadataSource {
    private static final long OUTPUT_CAP = 16L * 1024 * 1024;

    private final DeviceShell shell;

    public AdbDeviceMetadata(AdbServerClient client) {
        this.shell = client.shell();
    }

    /** A command's output, or why there is none. */
    private sealed interface Fetch {
        /** {@code text} as the parser reads it; {@code shown} for messages (malformed bytes as \xHH). */
        record Output(String text, String shown) implements Fetch {
        }

        /** {@code dispatched}: whether the command reached the device (only a cancellation can say it did not). */
        record Failed(Failure failure, boolean dispatched) implements Fetch {
            Failed(Failure failure) {
                this(failure, true);
            }
        }
    }

    @Override
    public Observation<PropertyInventory> properties(String serial, Deadline deadline) {
        return parsed(serial, "getprop", deadline, output -> Optional.of(withoutMalformed(GetpropParser.parse(output))));
    }

    @Override
    public Observation<WmSize> displaySize(String serial, Deadline deadline) {
        return parsed(serial, "wm size", deadline, WmOutputParser::size, "size:");
    }

    @Override
    public Observation<WmDensity> displayDensity(String serial, Deadline deadline) {
        return parsed(serial, "wm density", deadline, WmOutputParser::density, "density:");
    }

    @Override
    public Observation<Integer> rotation(String serial, Deadline deadline) {
        return parsed(serial, "dumpsys input", deadline, InputRotationParser::rotation, "Viewport",
                "SurfaceOrientation", "InputDeviceOrientation");
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
            return new Observation.Unavailable<>(failed.failure(), failed.dispatched());
        }
        Optional<String> version = PackageDumpParser.versionName(((Fetch.Output) fetch).text());
        if (version.isEmpty()) {
            return Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED, "the Operator " + operatorPackage
                    + " is not installed on " + serial + " (dumpsys package shows no versionName)");
        }
        if (Utf8.hasMalformed(version.get())) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "dumpsys package " + operatorPackage
                    + " on " + serial + " shows a versionName that is not valid UTF-8; it is not recorded");
        }
        if (version.get().isEmpty()) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "dumpsys package " + operatorPackage
                    + " on " + serial + " shows an empty versionName");
        }
        return Observation.of(version.get());
    }

    /**
     * @param readLines what the lines the parser reads mention: one of them holding bytes that are
     *                  not UTF-8 makes the value unavailable (it might have been read wrong)
     */
    private <T> Observation<T> parsed(String serial, String command, Deadline deadline,
                                      Function<String, Optional<T>> parser, String... readLines) {
        Fetch fetch = fetch(serial, command, deadline);
        if (fetch instanceof Fetch.Failed failed) {
            return new Observation.Unavailable<>(failed.failure(), failed.dispatched());
        }
        Fetch.Output output = (Fetch.Output) fetch;
        Optional<String> unreadable = Utf8.unreadableLine(output.text(), readLines);
        if (unreadable.isPresent()) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial
                    + " printed a line that is not valid UTF-8, so its value is not guessed: "
                    + Text.abbreviate(unreadable.get(), 300));
        }
        Optional<T> value = parser.apply(output.text());
        return value.<Observation<T>>map(Observation::of).orElseGet(() -> Observation.unavailable(
                ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial + " printed nothing usable: "
                        + Text.abbreviate(output.shown().isBlank() ? "(no output)" : output.shown(), 300)));
    }

    /**
     * A property whose name or value holds a malformed sequence is left out of the inventory; the
     * names of those among them that are readable are listed as not UTF-8, so that a field that
     * needs one says why it is unavailable. (A name with a malformed byte is no property we read.)
     */
    private static PropertyInventory withoutMalformed(PropertyInventory inventory) {
        Map<String, String> readable = new LinkedHashMap<>();
        Set<String> notUtf8 = new LinkedHashSet<>();
        inventory.properties().forEach((name, value) -> {
            if (Utf8.hasMalformed(name)) {
                return;
            }
            if (Utf8.hasMalformed(value)) {
                notUtf8.add(name);
            } else {
                readable.put(name, value);
            }
        });
        return new PropertyInventory(readable, inventory.parseable(), notUtf8);
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
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_CANCELLED, "cancelled during `" + command + "`"),
                    result.serviceOpened());
        }
        if (result.outcome() == StreamResult.Outcome.DEADLINE) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out during `" + command + "`"));
        }
        if (!result.succeeded()) {
            return new Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial
                    + " failed: " + result.describe()));
        }
        return new Fetch.Output(result.stdoutMarked(), result.stdoutDescribed());
    }
}
