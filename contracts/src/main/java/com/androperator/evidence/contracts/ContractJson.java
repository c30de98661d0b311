package com.androperator.evidence.contracts;

import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON configuration that the writer and every reader share. Properties keep record
 * order (Jackson 3 sorts alphabetically by default), unknown properties fail, floats keep their
 * decimal digits so a caller's context is copied as given, and duplicate keys are refused.
 */
public final class ContractJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();

    private ContractJson() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }

    public static byte[] toBytes(Object value) {
        return MAPPER.writeValueAsBytes(value);
    }

    public static byte[] toPrettyBytes(Object value) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
    }

    public static String toJson(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static <T> T read(byte[] json, Class<T> type) {
        return MAPPER.readValue(json, type);
    }
}
