package com.androperator.evidence.kit.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The kit's one JSON configuration, its own and strict: exactly one value per document (text after
 * it is an error), duplicate member names refused, numbers kept as written (BigDecimal), so that a
 * caller's context can be compared with what a bundle says it was given.
 */
public final class Json {
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private Json() {
    }

    /** The one JSON value in {@code text}, or empty with the parser's complaint in {@code why}. */
    public static Optional<JsonNode> parse(String text, StringBuilder why) {
        try {
            return Optional.of(MAPPER.readTree(text));
        } catch (JacksonException e) {
            why.append(e.getOriginalMessage());
            return Optional.empty();
        }
    }

    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /** A file's JSON, or empty when it is missing or not one JSON value. */
    public static Optional<JsonNode> read(Path file) {
        try {
            return Optional.of(MAPPER.readTree(Files.readAllBytes(file)));
        } catch (IOException | JacksonException e) {
            return Optional.empty();
        }
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static void writePretty(Path file, Object value) {
        try {
            Files.writeString(file, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** A string member, or null when absent or not a string. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }

    /**
     * JSON value equality: objects by members (in any order), arrays in order, numbers by value (1.50
     * equals 1.5: a JSON number has no scale), everything else exactly.
     */
    public static boolean sameValue(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (var entry : a.properties()) {
                if (!sameValue(entry.getValue(), b.get(entry.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!sameValue(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Every value of {@code field} anywhere below {@code node}, depth first. */
    public static List<JsonNode> findAll(JsonNode node, String field) {
        List<JsonNode> found = new ArrayList<>();
        collect(node, field, found);
        return found;
    }

    private static void collect(JsonNode node, String field, List<JsonNode> found) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            for (var entry : node.properties()) {
                if (entry.getKey().equals(field)) {
                    found.add(entry.getValue());
                }
                collect(entry.getValue(), field, found);
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                collect(item, field, found);
            }
        }
    }
}
