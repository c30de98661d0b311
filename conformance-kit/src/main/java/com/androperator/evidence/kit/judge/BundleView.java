package com.androperator.evidence.kit.judge;

import com.androperator.evidence.kit.engine.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * A bundle as the kit reads it for the scenario's own expectations: manifest.json and captures.json
 * as JSON trees. The shapes themselves are judged by the published schemas ({@code BundleVerifier}),
 * which are the reference tool's: captures.json an array of records, a failed step's diagnostics in
 * {@code result.error.details} (a successful one's, this tool's addition, in {@code details}), the
 * video record's spans in {@code segments}, sizes as {@code "WxH"}.
 */
public record BundleView(Path dir, JsonNode manifest, JsonNode captures) {

    public static BundleView read(Path dir) {
        JsonNode manifest = Json.read(dir.resolve("manifest.json")).orElse(MissingNode.getInstance());
        JsonNode captures = Json.read(dir.resolve("captures.json")).orElse(MissingNode.getInstance());
        return new BundleView(dir, manifest, captures);
    }

    public String status() {
        return Json.text(manifest, "status");
    }

    public String evidenceId() {
        return Json.text(manifest, "evidenceId");
    }

    public JsonNode device() {
        return manifest.path("device");
    }

    /** The artifacts of {@code kind} in manifest order. */
    public List<JsonNode> artifacts(String kind) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode artifact : manifest.path("artifacts")) {
            if (kind.equals(Json.text(artifact, "kind"))) {
                found.add(artifact);
            }
        }
        return found;
    }

    /** The first artifact of {@code kind}, or a missing node. */
    public JsonNode artifact(String kind) {
        List<JsonNode> found = artifacts(kind);
        return found.isEmpty() ? MissingNode.getInstance() : found.get(0);
    }

    /** The manifest's errors. */
    public List<JsonNode> errors() {
        List<JsonNode> errors = new ArrayList<>();
        manifest.path("errors").forEach(errors::add);
        return errors;
    }

    /** captures.json's records (the file is an array of them; nothing when it is not). */
    public List<JsonNode> records() {
        List<JsonNode> records = new ArrayList<>();
        if (captures.isArray()) {
            captures.forEach(records::add);
        }
        return records;
    }

    /** The first capture record of {@code kind}, or a missing node. */
    public JsonNode record(String kind) {
        return records().stream().filter(r -> kind.equals(Json.text(r, "kind"))).findFirst()
                .orElse(MissingNode.getInstance());
    }

    /**
     * A record's diagnostic value {@code field} ({@code deadlineOwner}, {@code phase}...): from its
     * {@code details}, else its {@code result.error.details}; null when neither has it.
     */
    public static JsonNode detail(JsonNode record, String field) {
        for (JsonNode details : new JsonNode[] {record.path("details"), record.path("result").path("error").path("details")}) {
            if (details.has(field)) {
                return details.get(field);
            }
        }
        return null;
    }

    /** The source spans of a video bundle: the video record's {@code segments}. */
    public List<JsonNode> spans() {
        List<JsonNode> spans = new ArrayList<>();
        record("video").path("segments").forEach(spans::add);
        return spans;
    }

    /** A {@code "WxH"} size; null when absent or not a string. */
    public static String size(JsonNode value) {
        return value != null && value.isString() ? value.stringValue() : null;
    }
}
