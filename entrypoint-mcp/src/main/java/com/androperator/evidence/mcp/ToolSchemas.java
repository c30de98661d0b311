package com.androperator.evidence.mcp;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pieces of the tools' input schemas: closed objects, so clients see that nothing else is
 * accepted, and each limit stated exactly as the server enforces it (the numbers come from the
 * policies that enforce them). Where JSON Schema cannot say a limit the way it is enforced, the
 * description says it: the label's limit counts UTF-16 code units, and {@code maxLength} counts
 * code points, so a label of 1025 emoji (2050 units) would pass a {@code maxLength: 2048} and be
 * refused; the context's limit is bytes of compact UTF-8 JSON, which no keyword measures.
 */
final class ToolSchemas {
    /** The server's instructions (MCP initialize result): what the tools do and what a client must know. */
    static final String INSTRUCTIONS = "Androperator Evidence records what an Android phone shows, as local evidence "
            + "bundles: evidence_capture takes a verified screenshot and the raw UI hierarchy; evidence_video_start, "
            + "evidence_video_status and evidence_video_stop record managed screen video (scrcpy), verified frame by "
            + "frame (ffmpeg). A bundle records observations only: it never asserts an app outcome, never retries an "
            + "action and never changes a verdict you pass in context (copied into the manifest as given). "
            + "Bundles stay on the machine that runs this server: each call makes a new directory "
            + "<evidence root>/bundles/<id> (the root is the server's ANDROPERATOR_EVIDENCE_DIR, else "
            + "~/.androperator/evidence) and returns manifestPath, a path on that machine; nothing is uploaded, and no "
            + "tool takes a path or an output directory. Video sessions are named by the sessionId that "
            + "evidence_video_start returns (the bundle's directory name): pass it to evidence_video_status and "
            + "evidence_video_stop; it is found under this server's evidence root, so a server started with another "
            + "root does not know it, and a session outlives this server process (its detached worker keeps recording "
            + "and finalizing). evidence_video_stop waits up to 15 s for verified finalization; a pending stop "
            + "(COMMAND_TIMEOUT) reports progress in details.progress and can be polled with evidence_video_status or "
            + "repeated. Send a progressToken (in the request's _meta) to get progress notifications while a call runs: "
            + "evidence_video_stop reports frames decoded and encoded, time elapsed and an estimate, evidence_capture "
            + "the time elapsed against its budget. "
            + "deviceId, operatorPackage and timeoutMs may be omitted: a call's own value wins, then this session's "
            + "defaults (set with the configure tool, or the server's --device / --operator-package), then the "
            + "server's ANDROID_SERIAL or the one attached device, ANDROPERATOR_OPERATOR_PACKAGE or "
            + "com.androperator.operator, and 30000 ms. Every evidence tool's result is a result-1 object "
            + "(outputSchema): ok, status, manifestPath, "
            + "evidenceId, sessionId, and for failures code, message (what to fix, in these tools' field names), "
            + "details and hint; partial, failed, refused and pending results set isError and keep any manifestPath. "
            + "To see a capture without reading a path (your client may run elsewhere): each result that names a "
            + "bundle also carries resource_link items, evidence://bundles/<id>/<file> with mimeType and size, for "
            + "the manifest and every file of the bundle (.partial. files were kept but not verified); resources/read "
            + "serves them (JSON and XML as text, PNG and video as base64, at most 16 MiB; a full-size screenshot PNG "
            + "costs about 1-1.5 MB as base64), and resources/list pages through every bundle, newest first. Cheaper: "
            + "evidence_inspect {evidenceId} returns the verified screenshot scaled to fit maxEdge (default 1024, at "
            + "most 1568; PNG or JPEG under 1 MB, often 100-400 KB) with the scale back to screenshot pixels, and up "
            + "to 300 UI elements (text, content-desc, resource-id, flags) with bounds and a center tap point in "
            + "screenshot pixels (about 20k tokens at most); its result is an inspect-1 object.";

    private ToolSchemas() {
    }

    /** One property: its type, its description, then keyword/value pairs such as "minimum", 1000. */
    static Map<String, Object> property(String type, String description, Object... keywords) {
        Map<String, Object> property = new LinkedHashMap<>();
        property.put("type", type);
        property.put("description", description);
        for (int i = 0; i < keywords.length; i += 2) {
            property.put((String) keywords[i], keywords[i + 1]);
        }
        return property;
    }

    /** A property that also takes JSON null (the configure tool's "clear this default"). */
    static Map<String, Object> nullable(String type, String description) {
        Map<String, Object> property = property(type, description);
        property.put("type", List.of(type, "null"));
        return property;
    }

    /** A request field's property as the request-field table declares it, {@code omitted} saying what applies when it is left out. */
    static Map<String, Object> property(RequestField field, String omitted) {
        RequestSpellings.McpSpelling mcp = RequestSpellings.mcp(field).orElseThrow();
        Map<String, Object> property = property(mcp.type(), mcp.description(omitted));
        mcp.keywords().forEach(keyword -> property.put(keyword.name(), keyword.value()));
        return property;
    }

    /** A still capture's properties, each as evidence_capture describes it, in the order the tool lists them. */
    static Map<String, Object> stillCaptureProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (RequestField field : RequestSpellings.stillByMcpRank()) {
            properties.put(McpTerms.INSTANCE.field(field), property(field, RequestSpellings.mcp(field).orElseThrow().whenOmitted()));
        }
        return properties;
    }

    /** Video start's properties, each as evidence_video_start describes it, in the order the tool lists them. */
    static Map<String, Object> videoStartProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (RequestField field : RequestSpellings.videoStartByMcpRank()) {
            properties.put(McpTerms.INSTANCE.field(field), property(field, RequestSpellings.videoStartWhenOmitted(field)));
        }
        return properties;
    }

    /** Video status and stop's properties (the sessionId), as the request-field table describes them. */
    static Map<String, Object> videoSessionProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (RequestField field : RequestSpellings.videoSessionByMcpRank()) {
            properties.put(McpTerms.INSTANCE.field(field), property(field, ""));
        }
        return properties;
    }

    /** The configure tool's properties, each a nullable default as the request-field table describes it. */
    static Map<String, Object> configureProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (RequestField field : RequestSpellings.configureFields()) {
            properties.put(McpTerms.INSTANCE.field(field), nullable(RequestSpellings.mcp(field).orElseThrow().type(),
                    RequestSpellings.configureDefault(field)));
        }
        return properties;
    }

    static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    /** A tool that works with a device (open world: what it meets is outside this server). */
    static ToolAnnotations annotations(String title, boolean readOnly) {
        return annotations(title, readOnly, true);
    }

    /** Never destructive: no tool deletes or overwrites evidence; a read-only one is idempotent. */
    static ToolAnnotations annotations(String title, boolean readOnly, boolean openWorld) {
        return ToolAnnotations.builder().title(title).readOnlyHint(readOnly).destructiveHint(false)
                .idempotentHint(readOnly).openWorldHint(openWorld).build();
    }
}
