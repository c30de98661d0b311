package com.androperator.evidence.contracts;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The contract schemas as the tests validate with them: loaded from this module's classpath
 * resources by their {@code $id}, so cross-schema {@code $ref}s resolve to the same files and
 * nothing is fetched from the network. The conformance module's ContractSchemas does the same.
 */
final class SchemaCatalog {
    static final String ID_PREFIX = "https://androperator.dev/schemas/evidence/";
    private static final String ID_SUFFIX = "-1.schema.json";

    static final String MANIFEST = ID_PREFIX + "manifest" + ID_SUFFIX;
    static final String CAPTURES = ID_PREFIX + "captures" + ID_SUFFIX;
    static final String RESULT = ID_PREFIX + "result" + ID_SUFFIX;
    static final String ERROR = ID_PREFIX + "error" + ID_SUFFIX;

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaIdResolvers(ids -> ids.mappings(SchemaCatalog::classpathLocation)));

    private SchemaCatalog() {
    }

    /** {@code https://.../manifest-1.schema.json} → {@code classpath:schemas/manifest.schema.json}; other ids are not ours. */
    private static String classpathLocation(String id) {
        if (id.startsWith(ID_PREFIX) && id.endsWith(ID_SUFFIX)) {
            String name = id.substring(ID_PREFIX.length(), id.length() - ID_SUFFIX.length());
            return "classpath:schemas/" + name + ".schema.json";
        }
        return null;
    }

    static Schema schema(String id) {
        return REGISTRY.getSchema(SchemaLocation.of(id));
    }

    static List<Error> validate(String id, JsonNode instance) {
        return schema(id).validate(instance);
    }
}
