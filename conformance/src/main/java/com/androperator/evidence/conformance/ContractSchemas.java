package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Manifest;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import com.networknt.schema.regex.JoniRegularExpressionFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The contract JSON Schemas (draft 2020-12) exactly as shipped in the contracts jar under
 * {@code schemas/}. Each is addressed by its {@code $id}; the registry reads those ids from the
 * contracts jar (through the contracts' own class loader), so cross-schema {@code $ref}s resolve
 * to the same files and nothing is ever fetched from the network. Patterns are evaluated as
 * ECMA-262 regular expressions, as the schemas' dialect says ({@link NonBlank} is the same rule in Java).
 */
public final class ContractSchemas {
    static final String ID_PREFIX = "https://androperator.dev/schemas/evidence/";
    private static final String ID_SUFFIX = "-1.schema.json";

    /** The documents that have a schema. */
    public enum Document {
        MANIFEST("manifest"),
        CAPTURES("captures"),
        RESULT("result"),
        ERROR("error");

        private final String name;

        Document(String name) {
            this.name = name;
        }

        public String id() {
            return ID_PREFIX + name + ID_SUFFIX;
        }

        String resource() {
            return "/schemas/" + name + ".schema.json";
        }
    }

    /** One schema violation: where in the instance (a JSON pointer, "" for the root) and what. */
    public record Violation(String pointer, String message) {
    }

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder
                    .schemaRegistryConfig(SchemaRegistryConfig.builder()
                            .pathType(PathType.JSON_POINTER)
                            // Patterns are ECMA-262 regular expressions (JSON Schema 2020-12): evaluated by
                            // joni's ECMAScript syntax, not java.util.regex, whose \S takes U+00A0 for non-blank.
                            .regularExpressionFactory(JoniRegularExpressionFactory.getInstance())
                            .build())
                    .schemas(ContractSchemas::schemaText));

    private static final Map<Document, Schema> SCHEMAS = new EnumMap<>(Document.class);

    private ContractSchemas() {
    }

    public static List<Violation> validate(Document document, JsonNode instance) {
        List<Error> errors = schema(document).validate(instance);
        return errors.stream()
                .map(error -> new Violation(error.getInstanceLocation().toString(), error.getMessage()))
                .toList();
    }

    private static synchronized Schema schema(Document document) {
        return SCHEMAS.computeIfAbsent(document, d -> {
            Schema schema = REGISTRY.getSchema(SchemaLocation.of(d.id()));
            // Resolve every $ref now, so a broken schema fails here and not mid-verification.
            schema.initializeValidators();
            return schema;
        });
    }

    /** The schema text for one of our ids, or null for any other id (the registry then tries its own). */
    private static String schemaText(String id) {
        for (Document document : Document.values()) {
            if (document.id().equals(id)) {
                try (InputStream in = Manifest.class.getResourceAsStream(document.resource())) {
                    if (in == null) {
                        throw new IllegalStateException("the contracts jar lacks " + document.resource());
                    }
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + document.resource(), e);
                }
            }
        }
        return null;
    }
}
