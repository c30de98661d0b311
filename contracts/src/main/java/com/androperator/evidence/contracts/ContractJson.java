package com.androperator.evidence.contracts;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON configuration that the writer and every reader share. Properties keep record
 * order (Jackson 3 sorts alphabetically by default), unknown properties fail, floats keep their
 * decimal digits so a caller's context is copied as given, and duplicate keys are refused. Every
 * read limit is set explicitly from {@link ParserLimits}, never left to Jackson's defaults (whose
 * 100M-character string cap would refuse a captures.json that holds a hierarchy the contract allows).
 * Readers and {@link #mapper()} learn a record's shape from its annotations through Jackson's
 * databind; this package's own types are written by {@link ContractWriter}, which learns the same
 * shape from the same annotations without databind's start-up cost.
 */
public final class ContractJson {
    private static final StreamReadConstraints READ_LIMITS = StreamReadConstraints.builder()
            // captures.json carries the Operator envelope, hierarchy text included: up to a whole result.
            .maxStringLength(ParserLimits.BUNDLE_JSON_MAX_STRING_CHARS)
            // Two results' strings, escaped, plus the records around them.
            .maxDocumentLength(ParserLimits.BUNDLE_JSON_MAX_DOCUMENT_BYTES)
            // The envelope's own nesting bound plus the capture record around it.
            .maxNestingDepth(ParserLimits.BUNDLE_JSON_MAX_DEPTH)
            // Property names: the envelope's bound.
            .maxNameLength(ParserLimits.BUNDLE_JSON_MAX_NAME_CHARS)
            // Number literals: Jackson's default, stated.
            .maxNumberLength(ParserLimits.BUNDLE_JSON_MAX_NUMBER_CHARS)
            .build();

    /** The one factory of both writers' generators and the mapper's parsers; jackson-core only. */
    static final JsonFactory FACTORY = JsonFactory.builder().streamReadConstraints(READ_LIMITS).build();

    private ContractJson() {
    }

    public static JsonMapper mapper() {
        return Databind.MAPPER;
    }

    /**
     * The mapper and its writers, made on first use: a process that only writes this package's
     * types (a one-shot capture) never builds them.
     */
    private static final class Databind {
        static final JsonMapper MAPPER = JsonMapper.builder(FACTORY)
                .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .build();
        /**
         * The writers made once: an ObjectWriter is immutable and thread-safe (each write gets its
         * own pretty printer), so every write of a type from another package reuses them.
         */
        static final ObjectWriter COMPACT = MAPPER.writer();
        static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();
        static final ObjectWriter PRETTY_TO_OPEN_STREAM = PRETTY.without(StreamWriteFeature.AUTO_CLOSE_TARGET);
        static final ObjectWriter COMPACT_TO_OPEN_STREAM = COMPACT.without(StreamWriteFeature.AUTO_CLOSE_TARGET);
        /** A value inside a document the contract writer writes: the document's stream is its to flush. */
        static final ObjectWriter NESTED = COMPACT.without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

        private Databind() {
        }
    }

    /**
     * Whether {@link ContractWriter} writes {@code value}: null, a type of this package, or a JSON
     * value made of the JDK's maps, lists, text, numbers and flags (an Operator command's payload,
     * one entry of a result's details).
     */
    private static boolean byContractWriter(@Nullable Object value) {
        return value == null || value.getClass().getPackageName().equals(ContractJson.class.getPackageName())
                || value instanceof Map<?, ?> || value instanceof List<?> || value instanceof String
                || value instanceof Number || value instanceof Boolean;
    }

    /** {@code value} inside a document {@link ContractWriter} is writing, by the annotation-reading mapper. */
    static void writeNested(JsonGenerator generator, Object value) {
        Databind.NESTED.writeValue(generator, value);
    }

    public static byte[] toBytes(@Nullable Object value) {
        return bytes(value, false);
    }

    public static byte[] toPrettyBytes(@Nullable Object value) {
        return bytes(value, true);
    }

    private static byte[] bytes(@Nullable Object value, boolean pretty) {
        if (!byContractWriter(value)) {
            return (pretty ? Databind.PRETTY : Databind.COMPACT).writeValueAsBytes(value);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ContractWriter.writeDocument(out, value, pretty, true);
        return out.toByteArray();
    }

    /**
     * Writes {@code value} indented to {@code out} as it is serialized, without building the whole
     * document in memory first ({@link StreamedString} values stream their text too). The stream
     * is flushed, not closed.
     */
    public static void writePretty(OutputStream out, @Nullable Object value) {
        if (byContractWriter(value)) {
            ContractWriter.writeDocument(out, value, true, false);
        } else {
            Databind.PRETTY_TO_OPEN_STREAM.writeValue(out, value);
        }
    }

    /**
     * The number of bytes of {@code value} as compact UTF-8 JSON, exactly as {@link #toBytes} writes
     * it, counted as it is written so that nothing of that size is kept (a caller's context limit).
     */
    public static long compactUtf8Length(@Nullable Object value) {
        long[] count = new long[1];
        OutputStream counter = new OutputStream() {
            @Override
            public void write(int b) {
                count[0]++;
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                count[0] += length;
            }
        };
        if (byContractWriter(value)) {
            ContractWriter.writeDocument(counter, value, false, false);
        } else {
            Databind.COMPACT_TO_OPEN_STREAM.writeValue(counter, value);
        }
        return count[0];
    }

    public static String toJson(@Nullable Object value) {
        if (!byContractWriter(value)) {
            return Databind.MAPPER.writeValueAsString(value);
        }
        StringWriter out = new StringWriter();
        ContractWriter.writeDocument(out, value);
        return out.toString();
    }

    public static <T> T read(byte[] json, Class<T> type) {
        return Databind.MAPPER.readValue(json, type);
    }
}
