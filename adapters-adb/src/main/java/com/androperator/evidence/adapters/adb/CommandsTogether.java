package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Text commands sent to a device's shell as one command, and that command's output split back into
 * each one's output and exit status. Each command is followed by {@code echo <marker><n>@$?}: the
 * marker holds a token made for this call, so an output cannot end a section by chance; the shell
 * prints it after everything the command wrote to stdout, ended by a newline. A command whose
 * marker line did not arrive whole did not finish: it fails, with every command after it, by how
 * the stream ended (the deadline, a cancellation, the cap, a broken or cut stream).
 */
final class CommandsTogether {
    /** A call's token: compiled once, not by {@code String.matches} at every capture. */
    private static final Pattern TOKEN = Pattern.compile("[0-9a-f]{1,32}");
    private static final String MARKER_PREFIX = "@@androperator-";

    private final List<String> commands;
    private final String marker;

    private CommandsTogether(List<String> commands, String marker) {
        this.commands = List.copyOf(commands);
        this.marker = marker;
    }

    /** {@code commands}, already quoted for the shell, each with a marker of a token made now. */
    static CommandsTogether of(List<String> commands) {
        return withToken(commands, Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE));
    }

    /** With a given token (hexadecimal digits): for tests. */
    static CommandsTogether withToken(List<String> commands, String token) {
        if (commands.isEmpty() || !TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException("commands and a token of hexadecimal digits");
        }
        return new CommandsTogether(commands, MARKER_PREFIX + token + "@");
    }

    /** The one command line: {@code a; echo <marker>0@$?; b; echo <marker>1@$?; ...}. */
    String script() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < commands.size(); i++) {
            script.append(i == 0 ? "" : "; ").append(commands.get(i)).append("; echo ").append(marker).append(i)
                    .append("@$?");
        }
        return script.toString();
    }

    /** Each command's output or failure, in the order of the commands. */
    List<AdbDeviceMetadata.Fetch> split(String serial, StreamResult result) {
        byte[] out = result.stdout();
        List<AdbDeviceMetadata.Fetch> fetches = new ArrayList<>(commands.size());
        int from = 0;
        for (int i = 0; i < commands.size(); i++) {
            byte[] end = (marker + i + "@").getBytes(StandardCharsets.US_ASCII);
            int at = new ByteSearch(end).indexOf(out, from, out.length);
            int newline = at < 0 ? -1 : statusEnd(out, at + end.length);
            if (newline < 0) {
                // It did not finish, so neither did any command after it.
                for (String unfinished : commands.subList(i, commands.size())) {
                    fetches.add(unfinished(serial, unfinished, result));
                }
                break;
            }
            byte[] output = Arrays.copyOfRange(out, from, at);
            int status = Integer.parseInt(new String(out, at + end.length, newline - at - end.length,
                    StandardCharsets.US_ASCII));
            fetches.add(status == 0 ? new AdbDeviceMetadata.Fetch.Output(Utf8.marked(output), Utf8.described(output))
                    : failed(serial, commands.get(i), status, result));
            from = newline + 1;
        }
        return fetches;
    }

    /** Where the status after a marker ends (its newline), or -1 when it is not 1-3 digits and a newline. */
    private static int statusEnd(byte[] out, int start) {
        int at = start;
        while (at < out.length && at - start < 3 && out[at] >= '0' && out[at] <= '9') {
            at++;
        }
        return at > start && at < out.length && out[at] == '\n' ? at : -1;
    }

    private static AdbDeviceMetadata.Fetch failed(String serial, String command, int status, StreamResult result) {
        String stderr = result.stderrText().strip();
        return new AdbDeviceMetadata.Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE, "`" + command + "` on "
                + serial + " failed with exit status " + status + (stderr.isEmpty() ? ""
                : "; stderr of the metadata commands sent together: " + Text.abbreviate(stderr, 300))));
    }

    private static AdbDeviceMetadata.Fetch unfinished(String serial, String command, StreamResult result) {
        if (!result.serviceOpened()) {
            // Refused, unreachable or cancelled before the request went out: nothing ran.
            String code = switch (result.outcome()) {
                case CANCELLED -> ErrorCodes.COMMAND_CANCELLED;
                case DEADLINE -> ErrorCodes.COMMAND_TIMEOUT;
                default -> ErrorCodes.METADATA_UNAVAILABLE;
            };
            return new AdbDeviceMetadata.Fetch.Failed(Failure.of(code, "`" + command + "` on " + serial
                    + " was not run (the metadata reads' one command was not sent): " + result.describe()), false);
        }
        String together = " (sent with the other metadata reads as one command)";
        return switch (result.outcome()) {
            case CANCELLED -> new AdbDeviceMetadata.Fetch.Failed(Failure.of(ErrorCodes.COMMAND_CANCELLED,
                    "cancelled before `" + command + "` finished" + together), true);
            case DEADLINE -> new AdbDeviceMetadata.Fetch.Failed(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before `" + command + "` finished" + together));
            default -> new AdbDeviceMetadata.Fetch.Failed(Failure.of(ErrorCodes.METADATA_UNAVAILABLE,
                    "`" + command + "` on " + serial + " did not finish" + together + ": " + result.describe()));
        };
    }
}
