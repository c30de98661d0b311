package com.androperator.evidence.simulator.profile;

/**
 * How the simulated Operator turns its result into log lines, beyond what a well-behaved Operator
 * does: so a test can send what no real Operator should but a broken one may.
 *
 * @param hierarchyBytes {@link HierarchyBytes#UTF8}: the hierarchy file is read as text (bytes that
 *     are not UTF-8 become U+FFFD, as a Java Operator would produce); {@link HierarchyBytes#VERBATIM}:
 *     its bytes go into {@code data.text} exactly as they are, JSON-escaping only what JSON requires,
 *     so invalid UTF-8 reaches the host unchanged
 * @param chunking whether the result line is chunked: over 3,000 bytes (auto), always, or never (an
 *     unchunked line of any length)
 * @param claimedByteLength when not null, the byteLength every chunk header claims instead of the
 *     line's real length (an oversized or inconsistent claim)
 */
public record ResultEncoding(HierarchyBytes hierarchyBytes, Chunking chunking, Long claimedByteLength) {

    public static final ResultEncoding DEFAULT = new ResultEncoding(HierarchyBytes.UTF8, Chunking.AUTO, null);

    public ResultEncoding {
        if (hierarchyBytes == null || chunking == null) {
            throw new InvalidProfileException("operator.hierarchyBytes and operator.chunking are required");
        }
        if (claimedByteLength != null && claimedByteLength < 0) {
            throw new InvalidProfileException("operator.claimedByteLength must be 0 or more, got " + claimedByteLength);
        }
    }

    public ResultEncoding withHierarchyBytes(HierarchyBytes bytes) {
        return new ResultEncoding(bytes, chunking, claimedByteLength);
    }

    public ResultEncoding withChunking(Chunking newChunking) {
        return new ResultEncoding(hierarchyBytes, newChunking, claimedByteLength);
    }

    public ResultEncoding withClaimedByteLength(Long claimed) {
        return new ResultEncoding(hierarchyBytes, chunking, claimed);
    }

    /** How the hierarchy file's bytes become data.text. */
    public enum HierarchyBytes {
        UTF8("utf8"),
        VERBATIM("verbatim");

        private final String wireName;

        HierarchyBytes(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        public static HierarchyBytes fromWireName(String name) {
            for (HierarchyBytes value : values()) {
                if (value.wireName.equals(name)) {
                    return value;
                }
            }
            throw new InvalidProfileException("operator.hierarchyBytes must be utf8 or verbatim, got " + name);
        }
    }

    /** When the result line is sent as chunks. */
    public enum Chunking {
        AUTO("auto"),
        ALWAYS("always"),
        NEVER("never");

        private final String wireName;

        Chunking(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        public static Chunking fromWireName(String name) {
            for (Chunking value : values()) {
                if (value.wireName.equals(name)) {
                    return value;
                }
            }
            throw new InvalidProfileException("operator.chunking must be auto, always or never, got " + name);
        }
    }
}
