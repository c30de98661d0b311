package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.ContractJson;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reference tool's rules for manifest.json and captures.json as a JSON Schema transcription
 * (test resources {@code reference-rules/}), written from {@code shared/design/reference-compat.md}
 * section 1 independently of the published schemas: a bundle this project writes must follow
 * them, so the reference's readers can read it.
 */
public final class ReferenceRules {
    private static final String MANIFEST = "urn:androperator:test:reference-rules:manifest";
    private static final String CAPTURES = "urn:androperator:test:reference-rules:captures";
    private static final Map<String, String> FILES = Map.of(MANIFEST, "reference-rules/manifest.schema.json",
            CAPTURES, "reference-rules/captures.schema.json");
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemas(ReferenceRules::schemaText));

    private ReferenceRules() {
    }

    /** What in {@code bundleDir}'s manifest.json and captures.json (when present) breaks the reference's rules. */
    public static List<String> violations(Path bundleDir) {
        List<String> found = new ArrayList<>();
        check(MANIFEST, bundleDir.resolve("manifest.json"), found);
        Path captures = bundleDir.resolve("captures.json");
        if (Files.exists(captures)) {
            check(CAPTURES, captures, found);
        }
        return found;
    }

    /** Throws an {@link AssertionError} listing every violation, unless there is none. */
    public static void assertFollowed(Path bundleDir) {
        List<String> found = violations(bundleDir);
        if (!found.isEmpty()) {
            throw new AssertionError("bundle " + bundleDir + " breaks the reference tool's rules:\n"
                    + String.join("\n", found));
        }
    }

    private static void check(String id, Path file, List<String> found) {
        Schema schema = REGISTRY.getSchema(SchemaLocation.of(id));
        try {
            for (Error error : schema.validate(ContractJson.mapper().readTree(Files.readAllBytes(file)))) {
                found.add(file.getFileName() + " " + error.getInstanceLocation() + ": " + error.getMessage());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String schemaText(String id) {
        String file = FILES.get(id);
        if (file == null) {
            return null;
        }
        try {
            return new String(ReferenceBundles.resource(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
