package com.androperator.evidence.domain.model;

import java.util.Arrays;
import java.util.List;

/**
 * The fields of a capture or video request that a caller controls: the kind of value, whether a
 * still capture takes it, the Java builder's name, and the bounds the use case enforces. How the
 * command line and MCP spell each field (option, help, property, JSON-schema piece) is the edges'
 * words, kept in one table outside the domain (the api's {@code RequestSpellings}); a new field is one
 * row here, its spellings there, its builder method, and its check where the use case validates it.
 * A refusal about a field carries it ({@link Failure#field()}); each edge spells it for its caller
 * through the domain's {@code CallerTerms}. Declared in the order a still capture reads and converts them.
 */
public enum RequestField {
    /** The device serial. */
    DEVICE(Kind.TEXT, true, "deviceSerial"),
    /** The Operator app's package. */
    OPERATOR_PACKAGE(Kind.TEXT, true, "operatorPackage"),
    /** The new bundle directory (still and video); an MCP client never names one. */
    OUTPUT_DIR(Kind.TEXT, true, "outputDir"),
    /** The bundle's label. */
    LABEL(Kind.TEXT, true, "label"),
    /** The caller's JSON object copied into the manifest. */
    CONTEXT(Kind.JSON_OBJECT, true, "context"),
    /** The still capture's device-work budget. */
    TIMEOUT(Kind.INTEGER, true, "timeoutMs"),
    /** A recording's length in seconds (video start only). */
    DURATION(Kind.INTEGER, false, "durationSeconds"),
    /** A recording's WIDTHxHEIGHT (video start only). */
    SIZE(Kind.TEXT, false, "size"),
    /**
     * The session a video status or stop names: the manifest path that start returned (command line,
     * Java's {@code SessionRef}) or its sessionId (MCP).
     */
    SESSION(Kind.TEXT, false, "session");

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

        private Bounds() {
        }
    }

    private final Kind kind;
    private final boolean still;
    private final String javaName;

    RequestField(Kind kind, boolean still, String javaName) {
        this.kind = kind;
        this.still = still;
        this.javaName = javaName;
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

    /** A still capture's fields in declaration order, the order an edge reads and converts them. */
    public static List<RequestField> stillFields() {
        return Arrays.stream(values()).filter(RequestField::still).toList();
    }
}
