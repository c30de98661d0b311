package com.androperator.evidence.kit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line: {@code run --cli PREFIX [--mcp COMMAND] [--report DIR] [--only NAME,...]
 * [--ffmpeg DIR] [--keep] [--list]}, or {@code --list} alone, or {@code --help}.
 */
record KitOptions(boolean help, boolean list, String cli, String mcp, Path report, List<String> only, Path ffmpeg,
                  boolean keep) {

    static final String USAGE = String.join("\n",
            "Usage: androperator-conformance run --cli '<command prefix>' [--mcp '<server command>'] [--report DIR]",
            "                                    [--only NAME,...] [--ffmpeg DIR] [--keep] [--list]",
            "       androperator-conformance --list [--only NAME,...]",
            "",
            "Runs the evidence-bundle contract's scenarios against an implementation, each on a simulated phone",
            "behind a private adb server (Debian's adb must be on PATH).",
            "",
            "  --cli PREFIX    shell words the kit appends 'evidence capture ...' / 'evidence video ...' to,",
            "                  e.g. bin/androperator, androperator, 'node /opt/tool/cli.js'",
            "  --mcp COMMAND   the MCP server to start per scenario and speak JSON-RPC to over stdio",
            "  --report DIR    write " + com.androperator.evidence.kit.report.Reports.JUNIT_FILE + " and "
                    + com.androperator.evidence.kit.report.Reports.JSON_FILE + " there",
            "  --only N,...    run only these scenarios (names from --list; '*' matches any characters)",
            "  --ffmpeg DIR    the directory holding ffmpeg and ffprobe 6.1+ (with libx264) for video;",
            "                  default: the first on PATH",
            "  --keep          keep each scenario's workspace (bundles, HOME) and print where it is",
            "  --list          print the scenarios as a Markdown table and exit",
            "",
            "Exit status: 0 when every scenario that ran passed, 1 when one failed, 2 for a usage error.");

    /** @throws UsageException for anything that is not a valid command line */
    static KitOptions parse(String... args) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        boolean run = !rest.isEmpty() && rest.get(0).equals("run");
        if (run) {
            rest.remove(0);
        }
        boolean help = false;
        boolean list = false;
        boolean keep = false;
        String cli = null;
        String mcp = null;
        Path report = null;
        Path ffmpeg = null;
        List<String> only = List.of();
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            switch (name) {
                case "--help", "-h" -> help = true;
                case "--list" -> list = true;
                case "--keep" -> keep = true;
                case "--cli", "--mcp", "--report", "--only", "--ffmpeg" -> {
                    String value;
                    if (arg.contains("=")) {
                        value = arg.substring(arg.indexOf('=') + 1);
                    } else if (i + 1 < rest.size()) {
                        value = rest.get(++i);
                    } else {
                        throw new UsageException(name + " needs a value");
                    }
                    if (value.isBlank()) {
                        throw new UsageException(name + " needs a non-blank value");
                    }
                    switch (name) {
                        case "--cli" -> cli = absolutePaths(value);
                        case "--mcp" -> mcp = absolutePaths(value);
                        case "--report" -> report = Path.of(value).toAbsolutePath();
                        case "--ffmpeg" -> ffmpeg = Path.of(value).toAbsolutePath();
                        default -> only = Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                                .toList();
                    }
                }
                default -> throw new UsageException("unknown argument '" + arg + "'");
            }
        }
        if (!help && !list) {
            if (!run) {
                throw new UsageException("say 'run' (or --list)");
            }
            if (cli == null && mcp == null) {
                throw new UsageException("run needs --cli '<command prefix>' and/or --mcp '<server command>'");
            }
        }
        if (ffmpeg != null && !(Files.isExecutable(ffmpeg.resolve("ffmpeg")) && Files.isExecutable(ffmpeg.resolve("ffprobe")))) {
            throw new UsageException("--ffmpeg " + ffmpeg + " does not hold executable ffmpeg and ffprobe");
        }
        return new KitOptions(help, list, cli, mcp, report, only, ffmpeg, keep);
    }

    /**
     * Scenarios run their child in a private working directory, so each word of a command that names
     * an existing file relative to the kit's own directory ({@code bin/androperator}, {@code ./cli.js})
     * is made absolute. Other words (options, quoted text) are left exactly as written.
     */
    static String absolutePaths(String command) {
        StringBuilder out = new StringBuilder();
        for (String word : command.split("(?<= )|(?= )")) {
            boolean plain = word.matches("[A-Za-z0-9._/+-]+") && word.contains("/") && !word.startsWith("/");
            out.append(plain && Files.exists(Path.of(word)) ? Path.of(word).toAbsolutePath().normalize().toString() : word);
        }
        return out.toString();
    }

    /** A command line the kit cannot run: exit status 2 with the usage. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
