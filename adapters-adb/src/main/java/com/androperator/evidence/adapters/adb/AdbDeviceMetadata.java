package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Device metadata through adb (device-protocol.md §2), one command per observation, or all of them
 * as one shell command ({@link #readTogether}), each bounded by the deadline it is given. An
 * expired deadline is a COMMAND_TIMEOUT without any device call; other failures are
 * METADATA_UNAVAILABLE with what went wrong.
 *
 * <p>Output is decoded leniently but marked (see {@link Utf8#marked}): a value the device sent as
 * bytes that are not UTF-8 (a getprop value, the versionName, a wm or viewport line) is unavailable,
 * never recorded with replacement characters or read around, while the rest of the output stays
 * usable (one bad byte in another input device's name does not cost the rotation).
 */
public final class AdbDeviceMetadata implements DeviceMetadataSource {
    private static final long OUTPUT_CAP = 16L * 1024 * 1024;
    private static final String GETPROP = "getprop";
    private static final String WM_SIZE = "wm size";
    private static final String WM_DENSITY = "wm density";
    private static final String DUMPSYS_INPUT = "dumpsys input";

    private final DeviceShell shell;

    public AdbDeviceMetadata(AdbServerClient client) {
        this.shell = client.shell();
    }

    /** A command's output, or why there is none. */
    sealed interface Fetch {
        /** {@code text} as the parser reads it; {@code shown} for messages (malformed bytes as \xHH). */
        record Output(String text, String shown) implements Fetch {
        }

        /** {@code dispatched}: whether the command may have reached the device (false: nothing was sent for it). */
        record Failed(Failure failure, boolean dispatched) implements Fetch {
            Failed(Failure failure) {
                this(failure, true);
            }
        }
    }

    @Override
    public Observation<PropertyInventory> properties(String serial, Deadline deadline) {
        return properties(serial, fetch(serial, GETPROP, deadline));
    }

    @Override
    public Observation<WmSize> displaySize(String serial, Deadline deadline) {
        return displaySize(serial, fetch(serial, WM_SIZE, deadline));
    }

    @Override
    public Observation<WmDensity> displayDensity(String serial, Deadline deadline) {
        return displayDensity(serial, fetch(serial, WM_DENSITY, deadline));
    }

    @Override
    public Observation<Integer> rotation(String serial, Deadline deadline) {
        return rotation(serial, fetch(serial, DUMPSYS_INPUT, deadline));
    }

    @Override
    public Observation<String> operatorVersion(String serial, String operatorPackage, Deadline deadline) {
        if (!ShellQuote.isValidPackage(operatorPackage)) {
            return new Observation.Unavailable<>(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "'"
                    + Text.abbreviate(String.valueOf(operatorPackage), 80)
                    + "' is not a valid Android package name; nothing was sent"), false);
        }
        return operatorVersion(serial, operatorPackage, fetch(serial, packageDump(operatorPackage), deadline));
    }

    /**
     * On a shell v2 device, the five reads as one shell command (device-protocol.md §2): each
     * command followed by {@code echo <marker><n>@$?}, the marker holding a token made for this call,
     * so each command's output and exit status are told apart; each output is then parsed as its
     * own read's. A command the deadline, a cancellation, the cap (16 MiB for all five, as for one
     * read alone) or a broken stream cut short fails with those after it; those before it keep their
     * values. Stderr comes as one stream for all, so a failing command's message quotes it as the
     * commands' together. Empty (nothing sent) when the deadline has expired or was cancelled, on a
     * device without shell v2, whose legacy shell merges stderr into stdout and reports no status,
     * and for a serial or package that the single reads refuse with their own messages.
     */
    @Override
    public Optional<Readings> readTogether(String serial, @Nullable String operatorPackage, Deadline deadline) {
        if (!ShellQuote.isValidSerial(serial) || operatorPackage != null && !ShellQuote.isValidPackage(operatorPackage)
                || deadline.expired() || deadline.cancelled()
                || shell.kindFor(serial, deadline) != AdbServerClient.ServiceKind.SHELL_V2) {
            return Optional.empty();
        }
        List<String> commands = new ArrayList<>(List.of(GETPROP, WM_SIZE, WM_DENSITY, DUMPSYS_INPUT));
        if (operatorPackage != null) {
            commands.add(packageDump(operatorPackage));
        }
        CommandsTogether together = CommandsTogether.of(commands);
        StreamResult result = shell.run(serial, AdbServerClient.ServiceKind.SHELL_V2, together.script(), deadline,
                OUTPUT_CAP);
        List<Fetch> fetches = together.split(serial, result);
        return Optional.of(new Readings(properties(serial, fetches.get(0)), displaySize(serial, fetches.get(1)),
                displayDensity(serial, fetches.get(2)), rotation(serial, fetches.get(3)), operatorPackage == null
                ? Optional.empty() : Optional.of(operatorVersion(serial, operatorPackage, fetches.get(4)))));
    }

    private static String packageDump(String operatorPackage) {
        return "dumpsys package " + ShellQuote.quote(operatorPackage);
    }

    private static Observation<PropertyInventory> properties(String serial, Fetch fetch) {
        return parsed(serial, GETPROP, fetch, output -> Optional.of(withoutMalformed(GetpropParser.parse(output))));
    }

    private static Observation<WmSize> displaySize(String serial, Fetch fetch) {
        return parsed(serial, WM_SIZE, fetch, WmOutputParser::size, "size:");
    }

    private static Observation<WmDensity> displayDensity(String serial, Fetch fetch) {
        return parsed(serial, WM_DENSITY, fetch, WmOutputParser::density, "density:");
    }

    private static Observation<Integer> rotation(String serial, Fetch fetch) {
        return parsed(serial, DUMPSYS_INPUT, fetch, InputRotationParser::rotation, "Viewport",
                "SurfaceOrientation", "InputDeviceOrientation");
    }

    private static Observation<String> operatorVersion(String serial, String operatorPackage, Fetch fetch) {
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
    private static <T> Observation<T> parsed(String serial, String command, Fetch fetch,
                                             Function<String, Optional<T>> parser, String... readLines) {
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
                    + Text.abbreviate(String.valueOf(serial), 80) + "' is not a valid adb serial; nothing was sent"), false);
        }
        if (deadline.expired()) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before `" + command + "`; it was not sent"), false);
        }
        StreamResult result = shell.run(serial, command, deadline, OUTPUT_CAP);
        if (result.outcome() == StreamResult.Outcome.CANCELLED) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_CANCELLED, "cancelled during `" + command + "`"),
                    result.serviceOpened());
        }
        if (result.outcome() == StreamResult.Outcome.DEADLINE) {
            return new Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT, result.serviceOpened()
                    ? "the budget ran out during `" + command + "`"
                    : "the budget ran out before `" + command + "` was run; it was not sent"), result.serviceOpened());
        }
        if (!result.succeeded()) {
            return new Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on " + serial
                    + (result.serviceOpened() ? " failed: " : " was not run: ") + result.describe()),
                    result.serviceOpened());
        }
        return new Fetch.Output(result.stdoutMarked(), result.stdoutDescribed());
    }
}
