package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.ContractJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code outputSchema} of every tool: the published result schema (result-1.schema.json)
 * made self-contained. A client validates structured content with the schema it was given and
 * cannot fetch result-1's reference to error-1.schema.json, so error-1's {@code $defs} are copied
 * in and each reference points at the copy; {@code $id} and {@code $schema} go (MCP's default
 * dialect is 2020-12, and a relative id would make the local references resolve elsewhere).
 * Derived from the published files at start-up, so the two never drift apart.
 */
final class ToolOutputSchema {
    static final String RESULT = "/schemas/result.schema.json";
    static final String ERROR = "/schemas/error.schema.json";
    private static final String ERROR_REFERENCE = "error-1.schema.json#/$defs/";

    private static final Map<String, Object> SCHEMA = build();
    static final String INSPECT = "/schemas/inspect.schema.json";

    private static final Map<String, Object> CONFIGURE = configureSchema();
    private static final Map<String, Object> INSPECTED = inspectSchema();

    private ToolOutputSchema() {
    }

    /** One shared, read-only tree; the SDK only serializes it. */
    static Map<String, Object> result() {
        return SCHEMA;
    }

    /**
     * The {@code configure} tool's: a refusal is a result (the schema above); a success is
     * {@code {ok: true, defaults, effective}} with exactly the fields ConfigureTool writes.
     */
    static Map<String, Object> configure() {
        return CONFIGURE;
    }

    /** {@code evidence_inspect}'s: the published inspect-1 schema (a success), or a refusal (the result schema). */
    static Map<String, Object> inspect() {
        return INSPECTED;
    }

    private static Map<String, Object> inspectSchema() {
        Map<String, Object> inspected = read(INSPECT);
        inspected.remove("$schema");
        inspected.remove("$id");
        return successOrRefusal("A bundle as inspected, or a refusal", inspected);
    }

    /** {@code success}, or the result schema (a refusal), sharing the result's {@code $defs}. */
    private static Map<String, Object> successOrRefusal(String title, Map<String, Object> success) {
        Map<String, Object> refusal = new LinkedHashMap<>(SCHEMA);
        Object definitions = refusal.remove("$defs");
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("title", title);
        schema.put("type", "object");
        schema.put("$defs", definitions);
        schema.put("anyOf", List.of(success, refusal));
        return java.util.Collections.unmodifiableMap(schema);
    }

    private static Map<String, Object> configureSchema() {
        Map<String, Object> defaults = closed(Map.of("deviceId", nullable("string"),
                "operatorPackage", nullable("string"), "timeoutMs", nullable("integer")),
                List.of("deviceId", "operatorPackage", "timeoutMs"));
        Map<String, Object> effective = closed(Map.of("deviceId", nullable("string"),
                "deviceSource", nullable("string"), "operatorPackage", nullable("string"),
                "operatorPackageSource", nullable("string"), "timeoutMs", Map.of("type", "integer")),
                List.of("deviceId", "deviceSource", "operatorPackage", "operatorPackageSource", "timeoutMs"));
        Map<String, Object> configured = closed(Map.of("ok", Map.of("const", true), "defaults", defaults,
                "effective", effective), List.of("ok", "defaults", "effective"));
        return successOrRefusal("Session defaults, or a refusal", configured);
    }

    private static Map<String, Object> nullable(String type) {
        return Map.of("type", List.of(type, "null"));
    }

    private static Map<String, Object> closed(Map<String, Object> properties, List<String> order) {
        Map<String, Object> ordered = new LinkedHashMap<>();
        order.forEach(name -> ordered.put(name, properties.get(name)));
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("type", "object");
        object.put("properties", ordered);
        object.put("required", order);
        object.put("additionalProperties", false);
        return object;
    }

    private static Map<String, Object> build() {
        Map<String, Object> result = read(RESULT);
        Map<String, Object> error = read(ERROR);
        result.remove("$schema");
        result.remove("$id");
        @SuppressWarnings("unchecked")
        Map<String, Object> definitions = (Map<String, Object>) error.get("$defs");
        result.put("$defs", definitions);
        @SuppressWarnings("unchecked")
        Map<String, Object> local = (Map<String, Object>) localReferences(result);
        return java.util.Collections.unmodifiableMap(local);
    }

    /** The same tree with every {@code error-1.schema.json#/$defs/X} reference made {@code #/$defs/X}. */
    private static Object localReferences(Object node) {
        if (node instanceof Map<?, ?> object) {
            Map<String, Object> copy = new LinkedHashMap<>();
            object.forEach((key, value) -> copy.put((String) key, "$ref".equals(key) && value instanceof String ref
                    && ref.startsWith(ERROR_REFERENCE) ? "#/$defs/" + ref.substring(ERROR_REFERENCE.length())
                    : localReferences(value)));
            return copy;
        }
        if (node instanceof List<?> array) {
            List<Object> copy = new ArrayList<>();
            array.forEach(item -> copy.add(localReferences(item)));
            return copy;
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> read(String resource) {
        try (InputStream in = ToolOutputSchema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath (contracts jar)");
            }
            return ContractJson.mapper().readValue(in.readAllBytes(), LinkedHashMap.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
