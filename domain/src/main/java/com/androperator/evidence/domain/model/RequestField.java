package com.androperator.evidence.domain.model;

import com.androperator.evidence.contracts.Manifest;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The fields of a capture or video request that a caller controls, and the one table of how every
 * surface offers each of them: the kind of value, the command-line option and its help, the Java
 * builder's name, the MCP property and its JSON-schema fragment, and the bounds those texts state.
 * The edges generate their options, schemas and argument reading from this table (a still capture's
 * fields: {@link #still()}), so a new field is one row here, its builder method, and its check where
 * the use case validates it. A refusal about a field carries it ({@link Failure#field()}); each edge
 * spells it for its caller through the domain's {@code CallerTerms}, which read the names here.
 * Declared in the order a still capture reads and converts them; each surface lists them in its
 * own order ({@link CliSpelling#rank()}, {@link McpSpelling#rank()}).
 */
public enum RequestField {
    /** The device serial. */
    DEVICE(Kind.TEXT, true, "deviceSerial",
            CliSpelling.of("--device", "<serial>", 10, "Device serial, e.g. emulator-5554.",
                    "Default: " + Bounds.SERIAL_VARIABLE + ", else the one attached device.",
                    "Required when several devices are connected."),
            McpSpelling.of("deviceId", "string", 10, Bounds.SERIAL_RULE, "Default: the session's (configure), else the "
                    + "server's ANDROID_SERIAL, else the one attached device; required when several devices are connected "
                    + "and none of those names one.", "pattern", Bounds.SERIAL_PATTERN, "maxLength", Bounds.MAX_SERIAL_LENGTH)),
    /** The Operator app's package. */
    OPERATOR_PACKAGE(Kind.TEXT, true, "operatorPackage",
            CliSpelling.of("--operator-package", "<package>", 20, "Operator app package, never switched automatically,",
                    "e.g. com.androperator.operator.dev.", "Default: " + Bounds.OPERATOR_PACKAGE_VARIABLE + ",",
                    "else " + Bounds.DEFAULT_OPERATOR_PACKAGE + "."),
            McpSpelling.of("operatorPackage", "string", 20, Bounds.PACKAGE_RULE, "Default: the session's (configure), else "
                    + "the server's ANDROPERATOR_OPERATOR_PACKAGE, else " + Bounds.DEFAULT_OPERATOR_PACKAGE + ".",
                    "pattern", Bounds.PACKAGE_PATTERN, "maxLength", Bounds.MAX_PACKAGE_LENGTH)),
    /** The new bundle directory (still and video); an MCP client never names one. */
    OUTPUT_DIR(Kind.TEXT, true, "outputDir",
            CliSpelling.required("--output-dir", "<directory>", 30,
                    "Absolute path of a new bundle directory; its parent must exist."),
            null),
    /** The bundle's label. */
    LABEL(Kind.TEXT, true, "label",
            CliSpelling.of("--label", "<text>", 40, "Optional label, at most 2048 UTF-16 code units."),
            McpSpelling.of("label", "string", 40, Bounds.LABEL_RULE, "")),
    /** The caller's JSON object copied into the manifest. */
    CONTEXT(Kind.JSON_OBJECT, true, "context",
            CliSpelling.of("--context-json", "<object>", 50,
                    "Optional JSON object copied into the manifest as given (at most 16 KiB). Default: {}."),
            McpSpelling.of("context", "object", 50, Bounds.CONTEXT_RULE, "")),
    /** The still capture's device-work budget. */
    TIMEOUT(Kind.INTEGER, true, "timeoutMs",
            CliSpelling.integer("--timeout", "<ms>", 60, "an integer number of milliseconds from " + Bounds.MIN_TIMEOUT_MS
                    + " to " + Bounds.MAX_TIMEOUT_MS, "Device-work budget in milliseconds, an integer from "
                    + Bounds.MIN_TIMEOUT_MS + " to " + Bounds.MAX_TIMEOUT_MS + ". Default: " + Bounds.DEFAULT_TIMEOUT_MS + "."),
            McpSpelling.of("timeoutMs", "integer", 30, "Overall device-work budget in milliseconds, an integer from "
                    + Bounds.MIN_TIMEOUT_MS + " to " + Bounds.MAX_TIMEOUT_MS + ".", "Default: the session's (configure), "
                    + "else " + Bounds.DEFAULT_TIMEOUT_MS + ".", "minimum", Bounds.MIN_TIMEOUT_MS,
                    "maximum", Bounds.MAX_TIMEOUT_MS)),
    /** A recording's length in seconds (video start declares its own option and property). */
    DURATION(Kind.INTEGER, false, "durationSeconds", CliSpelling.named("--duration-seconds"),
            McpSpelling.named("durationSeconds")),
    /** A recording's WIDTHxHEIGHT (video start declares its own option and property). */
    SIZE(Kind.TEXT, false, "size", CliSpelling.named("--size"), McpSpelling.named("size"));

    /** What a caller's value is; each edge converts its text or JSON into it before the use case checks it. */
    public enum Kind {
        /** A string, as given. */
        TEXT,
        /** A whole number, held as a {@code Long}. */
        INTEGER,
        /** A JSON object; any other value is the use case's to refuse. */
        JSON_OBJECT
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

        /** A name only: the command that offers the field declares the option itself. */
        static CliSpelling named(String option) {
            return new CliSpelling(option, "", 0, false, "", List.of());
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

        static McpSpelling named(String name) {
            return new McpSpelling(name, "", 0, "", "", List.of());
        }
    }

    /** One JSON-schema keyword of a property, such as {@code "maximum": 120000}. */
    public record SchemaKeyword(String name, Object value) {
        public SchemaKeyword {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * The limits the table's texts state, the ones the use case enforces ({@code CaptureRequestValidation}
     * and {@code StandardSelection} take their constants from here).
     */
    public static final class Bounds {
        public static final long DEFAULT_TIMEOUT_MS = 30_000;
        public static final long MIN_TIMEOUT_MS = 1_000;
        public static final long MAX_TIMEOUT_MS = 120_000;
        public static final long MAX_CONTEXT_UTF8_BYTES = 16 * 1024;
        /** Deeper nesting than Jackson's default read limit is no caller's context; it also stops cycles. */
        public static final int MAX_CONTEXT_DEPTH = 1000;
        public static final int MAX_PACKAGE_LENGTH = 255;
        public static final int MAX_SERIAL_LENGTH = 255;
        public static final String SERIAL_VARIABLE = "ANDROID_SERIAL";
        public static final String OPERATOR_PACKAGE_VARIABLE = "ANDROPERATOR_OPERATOR_PACKAGE";
        public static final String DEFAULT_OPERATOR_PACKAGE = "com.androperator.operator";
        public static final String SERIAL_PATTERN = "^[A-Za-z0-9._:\\-\\[\\]%]+$";
        public static final String PACKAGE_PATTERN = "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$";

        static final String SERIAL_RULE = "adb serial of the device exactly as `adb devices` lists it: 1 to "
                + MAX_SERIAL_LENGTH + " letters, digits and . _ : - [ ] %.";
        static final String PACKAGE_RULE = "Package of the installed Operator app, e.g. com.androperator.operator.dev, "
                + "used exactly as given (never switched to another variant): at least two dot-separated segments, each "
                + "a letter then letters, digits or _, at most " + MAX_PACKAGE_LENGTH + " characters.";
        /** No maxLength: JSON Schema counts code points, the label's limit counts UTF-16 code units. */
        static final String LABEL_RULE = "Optional label recorded in the manifest; empty is allowed. At most "
                + Manifest.MAX_LABEL_UTF16_UNITS + " UTF-16 code units (a character outside the Basic Multilingual "
                + "Plane, such as an emoji, counts as 2), and no unpaired surrogate.";
        static final String CONTEXT_RULE = "Optional JSON object copied into the manifest unchanged, at most "
                + MAX_CONTEXT_UTF8_BYTES + " bytes (16 KiB) as compact UTF-8 JSON and nested at most "
                + MAX_CONTEXT_DEPTH + " levels, every string well-formed Unicode, e.g. "
                + "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}. Pass the object, not a JSON string.";

        private Bounds() {
        }
    }

    private final Kind kind;
    private final boolean still;
    private final String javaName;
    private final CliSpelling cli;
    private final @Nullable McpSpelling mcp;

    RequestField(Kind kind, boolean still, String javaName, CliSpelling cli, @Nullable McpSpelling mcp) {
        this.kind = kind;
        this.still = still;
        this.javaName = javaName;
        this.cli = cli;
        this.mcp = mcp;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether a still capture takes this field (from every surface that offers it). */
    public boolean still() {
        return still;
    }

    /** The Java API's name: the builder method a Java caller sets. */
    public String javaName() {
        return javaName;
    }

    public CliSpelling cli() {
        return cli;
    }

    /** The MCP property, or empty for a field no MCP client sets (the output directory). */
    public Optional<McpSpelling> mcp() {
        return Optional.ofNullable(mcp);
    }

    /** A still capture's fields in declaration order, the order an edge reads and converts them. */
    public static List<RequestField> stillFields() {
        return Arrays.stream(values()).filter(RequestField::still).toList();
    }

    /** A still capture's fields in the order its command line lists them. */
    public static List<RequestField> stillByCliRank() {
        return Arrays.stream(values()).filter(RequestField::still)
                .sorted(Comparator.comparingInt(field -> field.cli.rank())).toList();
    }

    /** A still capture's fields that an MCP client sets, in the order the tool lists them. */
    public static List<RequestField> stillByMcpRank() {
        return Arrays.stream(values()).filter(field -> field.still && field.mcp != null)
                .sorted(Comparator.comparingInt(field -> Objects.requireNonNull(field.mcp).rank())).toList();
    }
}
