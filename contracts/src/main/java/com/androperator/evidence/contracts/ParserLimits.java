package com.androperator.evidence.contracts;

/**
 * Every limit a parser applies to bytes from the device or from a bundle, in one place: the
 * contract's caps, and each parser bound derived from them. A parser below one of these caps would
 * refuse a result the contract allows; one without a bound would let a hostile device grow our
 * memory. The adb adapter's result reader, the XML verifier, the PNG verifier and
 * {@link ContractJson} all take their limits from here.
 */
public final class ParserLimits {

    // ---- The contract's caps ---------------------------------------------------------------

    /** Spec: "Capture is limited to 64 MiB". Bytes past it are neither written nor verified. */
    public static final long MAX_PNG_BYTES = 64L * 1024 * 1024;

    /** Spec: "decoding to 32 million pixels". Checked in IHDR before anything is inflated. */
    public static final long MAX_PIXELS = 32_000_000L;

    /**
     * The largest Operator result line, reassembled from its chunks: 256 MiB. The hierarchy XML,
     * every other string of the envelope and the envelope itself are each at most this long.
     */
    public static final long MAX_RESULT_BYTES = 256L * 1024 * 1024;

    // ---- Reading the Operator's result from logcat -----------------------------------------

    /** Chunks a result may claim: 1 KiB slices of the largest result are 262,144, so this is ample. */
    public static final int MAX_RESULT_CHUNKS = 1_000_000;

    /**
     * The longest logcat line kept whole. The Operator chunks result lines over 3,000 bytes, so an
     * unchunked result this long is already far out of protocol; a longer line of our command is
     * refused as malformed (never truncated and parsed), and other apps' long lines are skipped.
     */
    public static final int MAX_LOGCAT_LINE_BYTES = 1024 * 1024;

    /**
     * Results up to this size are reassembled in memory; larger ones are spooled to a private,
     * already-unlinked temporary file, so a 256 MiB result costs disk, not heap.
     */
    public static final int RESULT_IN_MEMORY_BYTES = 4 * 1024 * 1024;

    // ---- The device's JSON (result envelopes and chunk headers) ----------------------------

    /** Nesting: an envelope is 4 levels deep (envelope, stepResults, step, data); unknown fields may nest more. */
    public static final int JSON_MAX_DEPTH = 256;

    /** One string value (after unescaping, in UTF-8 bytes): as long as the whole result may be. */
    public static final long JSON_MAX_STRING_BYTES = MAX_RESULT_BYTES;

    /** One property name, in characters: envelope keys are short identifiers. */
    public static final int JSON_MAX_NAME_CHARS = 64 * 1024;

    /** One number literal, in characters (Jackson's default): no envelope needs a longer one. */
    public static final int JSON_MAX_NUMBER_CHARS = 1_000;

    /** Values (objects, arrays, strings, numbers, literals) in one document; an envelope has a few dozen. */
    public static final int JSON_MAX_VALUES = 100_000;

    /** A string longer than this many characters is spooled next to the result rather than held as a String. */
    public static final int JSON_IN_MEMORY_STRING_CHARS = 64 * 1024;

    /** Characters of all strings one document holds in memory; later strings are spooled. */
    public static final int JSON_IN_MEMORY_TOTAL_CHARS = 16 * 1024 * 1024;

    // ---- The hierarchy XML (JDK StAX, DTDs refused) ----------------------------------------

    /** The document: the snapshot's data.text, so at most a whole result. */
    public static final long XML_MAX_DOCUMENT_BYTES = MAX_RESULT_BYTES;

    /** Element nesting: uiautomator dumps nest a few dozen levels; the bound keeps the parser's stack small. */
    public static final int XML_MAX_ELEMENT_DEPTH = 10_000;

    /** Attributes on one element: a uiautomator node has about 20. */
    public static final int XML_MAX_ATTRIBUTES = 10_000;

    /** An element or attribute name, in characters. */
    public static final int XML_MAX_NAME_CHARS = 1_000;

    // ---- Bundles read back (captures.json, manifest.json) through ContractJson --------------

    /** A string in a bundle file: captures.json carries the envelope, hierarchy text included. */
    public static final int BUNDLE_JSON_MAX_STRING_CHARS = (int) MAX_RESULT_BYTES;

    /**
     * A whole bundle JSON file: captures.json holds at most two results' worth of strings, each
     * escaped to at most twice its size (XML text needs at most two-character escapes), plus records.
     */
    public static final long BUNDLE_JSON_MAX_DOCUMENT_BYTES = 4 * MAX_RESULT_BYTES + 64L * 1024 * 1024;

    /** Nesting in a bundle file: the envelope's depth plus the record around it. */
    public static final int BUNDLE_JSON_MAX_DEPTH = JSON_MAX_DEPTH + 16;

    /** Property names in a bundle file. */
    public static final int BUNDLE_JSON_MAX_NAME_CHARS = JSON_MAX_NAME_CHARS;

    /** Number literals in a bundle file (a caller's context keeps its decimal digits). */
    public static final int BUNDLE_JSON_MAX_NUMBER_CHARS = JSON_MAX_NUMBER_CHARS;

    // ---- Bounds on what verify and view read from a bundle, whoever wrote it ----------------

    /**
     * manifest.json in bytes. A real one is a few KiB: a 2048-unit label, a context of at most
     * 16 KiB, a handful of artifacts (a video one per clip); 8 MiB is far above any of them.
     */
    public static final long BUNDLE_MANIFEST_MAX_BYTES = 8L * 1024 * 1024;

    /** Artifacts one manifest may list: a still capture lists two or three, a video one per clip. */
    public static final int BUNDLE_MANIFEST_MAX_ARTIFACTS = 1_000;

    /**
     * JSON tokens in one manifest, counted while parsing: bounds the tree held for the schema
     * whatever the bytes are (8 MiB of {@code []} would otherwise be four million nodes).
     */
    public static final long BUNDLE_MANIFEST_MAX_TOKENS = 200_000;

    /**
     * JSON tokens in one captures.json: its records are few, and the envelope's big values are
     * strings (one token each); this bounds the tree's nodes, the document cap its bytes.
     */
    public static final long BUNDLE_CAPTURES_MAX_TOKENS = 1_000_000;

    private ParserLimits() {
    }
}
