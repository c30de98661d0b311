package com.androperator.evidence.api;

import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestField.Bounds;
import com.androperator.evidence.domain.video.VideoLimits;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the command line and MCP spell each {@link RequestField}: the option, its parameter label and
 * help, the MCP property and its JSON-schema fragment. The edges' words, kept in one table here (the
 * domain holds the fields' kinds and bounds only), from which the CLI generates its options and the
 * MCP server its tool schema and argument reading. The switch is exhaustive, so a new field does not
 * compile until it is spelled. Each surface lists the fields in its own order ({@link CliSpelling#rank()},
 * {@link McpSpelling#rank()}).
 */
public final class RequestSpellings {
    static final String SERIAL_RULE = "adb serial of the device exactly as `adb devices` lists it: 1 to "
            + Bounds.MAX_SERIAL_LENGTH + " letters, digits and . _ : - [ ] %.";
    static final String PACKAGE_RULE = "Package of the installed Operator app, e.g. com.androperator.operator.dev, "
            + "used exactly as given (never switched to another variant): at least two dot-separated segments, each "
            + "a letter then letters, digits or _, at most " + Bounds.MAX_PACKAGE_LENGTH + " characters.";
    /** No maxLength: JSON Schema counts code points, the label's limit counts UTF-16 code units. */
    static final String LABEL_RULE = "Optional label recorded in the manifest; empty is allowed. At most "
            + Manifest.MAX_LABEL_UTF16_UNITS + " UTF-16 code units (a character outside the Basic Multilingual "
            + "Plane, such as an emoji, counts as 2), and no unpaired surrogate.";
    static final String CONTEXT_RULE = "Optional JSON object copied into the manifest unchanged, at most "
            + Bounds.MAX_CONTEXT_UTF8_BYTES + " bytes (16 KiB) as compact UTF-8 JSON and nested at most "
            + Bounds.MAX_CONTEXT_DEPTH + " levels, every string well-formed Unicode, e.g. "
            + "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}. Pass the object, not a JSON string.";

    static final String SESSION_ID_RULE = "The sessionId that evidence_video_start returned (the name of its bundle "
            + "directory under this server's evidence root).";

    /** The fields {@code video start} takes, in the order every surface reads them (the table's). */
    private static final List<RequestField> VIDEO_START = List.of(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
            RequestField.OUTPUT_DIR, RequestField.LABEL, RequestField.CONTEXT, RequestField.DURATION, RequestField.SIZE);
    /** The fields {@code video status} and {@code video stop} take on the command line, in its help and reading order. */
    private static final List<RequestField> VIDEO_SESSION = List.of(RequestField.SESSION, RequestField.DEVICE,
            RequestField.OPERATOR_PACKAGE);
    /** The session defaults the MCP {@code configure} tool sets, in the order it lists them. */
    private static final List<RequestField> CONFIGURE = List.of(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
            RequestField.TIMEOUT);

    private RequestSpellings() {
    }

    /** The field's command-line option. */
    public static CliSpelling cli(RequestField field) {
        return switch (field) {
            case DEVICE -> CliSpelling.of("--device", "<serial>", 10, "Device serial, e.g. emulator-5554.",
                    "Default: " + Bounds.SERIAL_VARIABLE + ", else the one attached device.",
                    "Required when several devices are connected.");
            case OPERATOR_PACKAGE -> CliSpelling.of("--operator-package", "<package>", 20,
                    "Operator app package, never switched automatically,",
                    "e.g. com.androperator.operator.dev.", "Default: " + Bounds.OPERATOR_PACKAGE_VARIABLE + ",",
                    "else " + Bounds.DEFAULT_OPERATOR_PACKAGE + ".");
            case OUTPUT_DIR -> CliSpelling.required("--output-dir", "<directory>", 30,
                    "Absolute path of a new bundle directory; its parent must exist.");
            case LABEL -> CliSpelling.of("--label", "<text>", 40, "Optional label, at most 2048 UTF-16 code units.");
            case CONTEXT -> CliSpelling.of("--context-json", "<object>", 50,
                    "Optional JSON object copied into the manifest as given (at most 16 KiB). Default: {}.");
            case TIMEOUT -> CliSpelling.integer("--timeout", "<ms>", 60, "an integer number of milliseconds from "
                    + Bounds.MIN_TIMEOUT_MS + " to " + Bounds.MAX_TIMEOUT_MS, "Device-work budget in milliseconds, "
                    + "an integer from " + Bounds.MIN_TIMEOUT_MS + " to " + Bounds.MAX_TIMEOUT_MS + ". Default: "
                    + Bounds.DEFAULT_TIMEOUT_MS + ".");
            case DURATION -> CliSpelling.integer("--duration-seconds", "<seconds>", 33, "an integer number of seconds from "
                    + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS, "Recording length, an "
                    + "integer from " + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS
                    + " (required).");
            case SIZE -> CliSpelling.of("--size", "<WIDTHxHEIGHT>", 36, "Positive even dimensions within 1%% of the "
                    + "display's aspect ratio. Default: longest edge " + VideoLimits.DEFAULT_LONGEST_EDGE + ".");
            case SESSION -> CliSpelling.required("--session", "<manifest.json>", 5,
                    "The absolute manifest.json path that start returned.");
        };
    }

    /**
     * The field's option on {@code video start}: the still capture's, except that a video always names
     * its device and has no default Operator package, which its help says.
     */
    public static CliSpelling videoStartCli(RequestField field) {
        return switch (field) {
            case DEVICE -> CliSpelling.of("--device", "<serial>", 10, "Device serial, e.g. emulator-5554 (required).",
                    "Default: " + Bounds.SERIAL_VARIABLE + ".");
            case OPERATOR_PACKAGE -> CliSpelling.of("--operator-package", "<package>", 20,
                    "Operator app package, never switched automatically,", "e.g. com.androperator.operator.dev. Default: none.");
            default -> cli(field);
        };
    }

    /**
     * The field's option on {@code video status} and {@code video stop}: the session, and the target it
     * was started for, which a caller may name only to have it checked.
     */
    public static CliSpelling videoSessionCli(RequestField field) {
        return switch (field) {
            case SESSION -> cli(field);
            case DEVICE -> CliSpelling.of("--device", "<serial>", 10, "Optional: must match the session's saved device.");
            case OPERATOR_PACKAGE -> CliSpelling.of("--operator-package", "<package>", 20,
                    "Optional: must match the session's saved Operator package.");
            default -> throw new IllegalArgumentException(field + " is no option of video status or stop");
        };
    }

    /** Video status and stop's fields in the order their command line lists and reads them. */
    public static List<RequestField> videoSessionFields() {
        return VIDEO_SESSION;
    }

    /** Video status and stop's MCP properties: the sessionId alone (a managed session's target is its own). */
    public static List<RequestField> videoSessionByMcpRank() {
        return List.of(RequestField.SESSION);
    }

    /** The session defaults {@code configure} sets, in the order it lists (and accepts) them. */
    public static List<RequestField> configureFields() {
        return CONFIGURE;
    }

    /**
     * How {@code configure} describes the default it sets for {@code field}: what later calls that omit
     * the property get, and what applies once null clears it.
     */
    public static String configureDefault(RequestField field) {
        String name = mcp(field).orElseThrow().name();
        return switch (field) {
            case DEVICE -> "Default adb serial for later calls that omit " + name + "; null clears it (then the "
                    + "server's " + Bounds.SERIAL_VARIABLE + ", else the one attached device).";
            case OPERATOR_PACKAGE -> "Default Operator package for later calls that omit " + name + ", e.g. "
                    + "com.androperator.operator.dev; null clears it (then the server's "
                    + Bounds.OPERATOR_PACKAGE_VARIABLE + ", else " + Bounds.DEFAULT_OPERATOR_PACKAGE + ").";
            case TIMEOUT -> "Default device-work budget in milliseconds for evidence_capture calls that omit " + name
                    + ", " + Bounds.MIN_TIMEOUT_MS + ".." + Bounds.MAX_TIMEOUT_MS + "; null clears it (then "
                    + Bounds.DEFAULT_TIMEOUT_MS + ").";
            default -> throw new IllegalArgumentException(field + " is no session default");
        };
    }

    /** What {@code evidence_video_start} says of a property left out (the still capture's words do not apply to video). */
    public static String videoStartWhenOmitted(RequestField field) {
        return switch (field) {
            case DEVICE -> "Required (video always names its device) unless the server was started with --device.";
            case OPERATOR_PACKAGE -> "Optional: video records through scrcpy; when given it is recorded with the session.";
            default -> mcp(field).orElseThrow().whenOmitted();
        };
    }

    /** Video start's fields in the table's order, the order every surface reads and converts them. */
    public static List<RequestField> videoStartFields() {
        return VIDEO_START;
    }

    /** Video start's fields in the order its command line lists them. */
    public static List<RequestField> videoStartByCliRank() {
        return VIDEO_START.stream()
                .sorted((one, other) -> Integer.compare(videoStartCli(one).rank(), videoStartCli(other).rank())).toList();
    }

    /** Video start's properties in the order {@code evidence_video_start} lists (and accepts) them. */
    public static List<RequestField> videoStartByMcpRank() {
        return List.of(RequestField.DURATION, RequestField.SIZE, RequestField.LABEL, RequestField.CONTEXT,
                RequestField.DEVICE, RequestField.OPERATOR_PACKAGE);
    }

    /** The field's MCP property, or empty for a field no MCP client sets (the output directory). */
    public static Optional<McpSpelling> mcp(RequestField field) {
        return Optional.ofNullable(switch (field) {
            case DEVICE -> McpSpelling.of("deviceId", "string", 10, SERIAL_RULE, "Default: the session's (configure), "
                    + "else the server's ANDROID_SERIAL, else the one attached device; required when several devices "
                    + "are connected and none of those names one.", "pattern", Bounds.SERIAL_PATTERN,
                    "maxLength", Bounds.MAX_SERIAL_LENGTH);
            case OPERATOR_PACKAGE -> McpSpelling.of("operatorPackage", "string", 20, PACKAGE_RULE, "Default: the "
                    + "session's (configure), else the server's ANDROPERATOR_OPERATOR_PACKAGE, else "
                    + Bounds.DEFAULT_OPERATOR_PACKAGE + ".", "pattern", Bounds.PACKAGE_PATTERN,
                    "maxLength", Bounds.MAX_PACKAGE_LENGTH);
            case OUTPUT_DIR -> null;
            case LABEL -> McpSpelling.of("label", "string", 40, LABEL_RULE, "");
            case CONTEXT -> McpSpelling.of("context", "object", 50, CONTEXT_RULE, "");
            case TIMEOUT -> McpSpelling.of("timeoutMs", "integer", 30, "Overall device-work budget in milliseconds, "
                    + "an integer from " + Bounds.MIN_TIMEOUT_MS + " to " + Bounds.MAX_TIMEOUT_MS + ".",
                    "Default: the session's (configure), else " + Bounds.DEFAULT_TIMEOUT_MS + ".",
                    "minimum", Bounds.MIN_TIMEOUT_MS, "maximum", Bounds.MAX_TIMEOUT_MS);
            case DURATION -> McpSpelling.of("durationSeconds", "integer", 0, "Recording length in seconds, an integer "
                    + "from " + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS + ".", "",
                    "minimum", VideoLimits.MIN_DURATION_SECONDS, "maximum", VideoLimits.MAX_DURATION_SECONDS);
            case SIZE -> McpSpelling.of("size", "string", 0, "WIDTHxHEIGHT, positive even numbers of at most 5 digits "
                    + "within 1% of the display's aspect ratio, e.g. 576x1280.", "Default: the display scaled to a "
                    + "longest edge of " + VideoLimits.DEFAULT_LONGEST_EDGE + ".", "pattern", "^[0-9]{1,5}x[0-9]{1,5}$");
            case SESSION -> McpSpelling.of("sessionId", "string", 0, SESSION_ID_RULE, "");
        });
    }

    /** A still capture's fields in the order its command line lists them. */
    public static List<RequestField> stillByCliRank() {
        // Not Comparator.comparingInt: its comparator is a serializable lambda, which no AOT cache
        // holds, and spinning it cost a one-shot capture about 5 ms of its start (docs/benchmarks.md).
        return Arrays.stream(RequestField.values()).filter(RequestField::still)
                .sorted((one, other) -> Integer.compare(cli(one).rank(), cli(other).rank())).toList();
    }

    /** A still capture's fields that an MCP client sets, in the order the tool lists them. */
    public static List<RequestField> stillByMcpRank() {
        return Arrays.stream(RequestField.values()).filter(field -> field.still() && mcp(field).isPresent())
                .sorted((one, other) -> Integer.compare(mcp(one).orElseThrow().rank(), mcp(other).orElseThrow().rank()))
                .toList();
    }

    /**
     * The command line's option: its name, its parameter label, where a still capture's help lists
     * it, whether it is required, what "OPTION must be ..." says of a value that does not convert
     * (integers only), and its help lines (picocli format strings: no bare percent sign).
     */
    public record CliSpelling(String option, String paramLabel, int rank, boolean required, String expected,
                              List<String> help) {
        public CliSpelling {
            Objects.requireNonNull(option, "option");
            help = List.copyOf(help);
        }

        static CliSpelling of(String option, String paramLabel, int rank, String... help) {
            return new CliSpelling(option, paramLabel, rank, false, "", List.of(help));
        }

        static CliSpelling required(String option, String paramLabel, int rank, String... help) {
            return new CliSpelling(option, paramLabel, rank, true, "", List.of(help));
        }

        static CliSpelling integer(String option, String paramLabel, int rank, String expected, String... help) {
            return new CliSpelling(option, paramLabel, rank, false, expected, List.of(help));
        }
    }

    /**
     * The MCP property: its name, where a tool lists it, and its JSON-schema fragment: the type, the
     * rule (what a value must be), what applies when it is left out ({@code whenOmitted}, as
     * {@code evidence_capture} says it; other tools pass their own) and keywords in order.
     */
    public record McpSpelling(String name, String type, int rank, String rule, String whenOmitted,
                              List<SchemaKeyword> keywords) {
        public McpSpelling {
            Objects.requireNonNull(name, "name");
            keywords = List.copyOf(keywords);
        }

        /** The description: the rule, then what applies when the property is left out. */
        public String description(String omitted) {
            return omitted.isEmpty() ? rule : rule + " " + omitted;
        }

        static McpSpelling of(String name, String type, int rank, String rule, String whenOmitted, Object... pairs) {
            SchemaKeyword[] keywords = new SchemaKeyword[pairs.length / 2];
            for (int i = 0; i < keywords.length; i++) {
                keywords[i] = new SchemaKeyword((String) pairs[2 * i], pairs[2 * i + 1]);
            }
            return new McpSpelling(name, type, rank, rule, whenOmitted, List.of(keywords));
        }
    }

    /** One JSON-schema keyword of a property, such as {@code "maximum": 120000}. */
    public record SchemaKeyword(String name, Object value) {
        public SchemaKeyword {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

}
