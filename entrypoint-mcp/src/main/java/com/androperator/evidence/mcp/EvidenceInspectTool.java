package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.mcp.EvidenceUris.BundleFile;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code evidence_inspect}: what a bundle under the evidence root shows, sized for a model. The
 * verified screenshot scaled to fit {@code maxEdge} (an image block under 1 MB with the scale
 * back to screenshot pixels), and the hierarchy's meaningful nodes ({@link CompactElements}) with
 * bounds and centre points in screenshot pixels. A partial or failed bundle answers with what
 * exists and the manifest's errors; screenshot.partial.png is never shown. Read-only: the bundle
 * is opened through {@link EvidenceBundles} and nothing is written anywhere.
 */
final class EvidenceInspectTool {
    static final String NAME = "evidence_inspect";
    static final List<String> ACCEPTED = List.of("evidenceId", "maxEdge", "elements");
    /** A manifest is a few KiB; anything far larger is not one this server wrote. */
    static final int MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
    private static final String MANIFEST = "manifest.json";

    private final EvidenceBundles bundles;

    EvidenceInspectTool(EvidenceBundles bundles) {
        this.bundles = bundles;
    }

    SyncToolSpecification specification() {
        return SyncToolSpecification.builder().tool(tool())
                .callHandler((exchange, request) -> call(request.arguments())).build();
    }

    CallToolResult call(Map<String, Object> arguments) {
        ToolArguments given = ToolArguments.of(NAME, arguments, ACCEPTED);
        String evidenceId = given.text("evidenceId");
        Long maxEdge = given.integer("maxEdge");
        Boolean elements = given.flag("elements");
        Optional<CommandResult> refusal = given.problem().or(() -> refusal(evidenceId, maxEdge));
        if (refusal.isPresent()) {
            return ToolResults.of(refusal.get(), false);
        }
        try {
            if (bundles.files(evidenceId).isEmpty()) {
                return ToolResults.of(notFound(evidenceId), false);
            }
            return inspect(evidenceId, maxEdge == null ? ScreenshotPreview.DEFAULT_MAX_EDGE : maxEdge.intValue(),
                    elements == null || elements);
        } catch (IOException e) {
            return ToolResults.of(CommandResult.refused(ErrorCodes.STORAGE_FAILED, "The bundle " + evidenceId
                    + " could not be read: " + e.getClass().getSimpleName(), Details.fromJson(Map.of("evidenceId", evidenceId)), null),
                    false);
        }
    }

    private static Optional<CommandResult> refusal(String evidenceId, Long maxEdge) {
        if (evidenceId == null || !EvidenceUris.isName(evidenceId)) {
            return Optional.of(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, NAME + " requires "
                    + "evidenceId: the evidenceId (or video sessionId) a capture returned, a plain name of letters, "
                    + "digits and . _ - (no path).", Details.of(DetailKey.OPTION, "evidenceId"), null));
        }
        if (maxEdge != null && (maxEdge < ScreenshotPreview.MIN_MAX_EDGE || maxEdge > ScreenshotPreview.MAX_MAX_EDGE)) {
            return Optional.of(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, NAME + ": maxEdge must "
                    + "be from " + ScreenshotPreview.MIN_MAX_EDGE + " to " + ScreenshotPreview.MAX_MAX_EDGE + ", got "
                    + maxEdge + ".", Details.of(DetailKey.OPTION, "maxEdge"), null));
        }
        return Optional.empty();
    }

    private static CommandResult notFound(String evidenceId) {
        return CommandResult.refused(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND, "No bundle with evidenceId \"" + evidenceId
                + "\" under this server's evidence root. Pass an evidenceId or sessionId that a tool of a server with "
                + "the same ANDROPERATOR_EVIDENCE_DIR returned.", Details.of(DetailKey.OPTION, "evidenceId"), null);
    }

    private CallToolResult inspect(String evidenceId, int maxEdge, boolean withElements) throws IOException {
        List<Map<String, Object>> errors = new ArrayList<>();
        Manifest manifest = manifest(evidenceId, errors);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("ok", true);
        structured.put("evidenceId", evidenceId);
        structured.put("status", manifest == null ? null : manifest.status().wire());
        structured.put("manifestUri", new BundleFile(evidenceId, MANIFEST).uri());
        structured.put("errors", errors);
        List<Content> content = new ArrayList<>();
        Optional<Artifact> screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        Map<String, Object> shown = screenshot(evidenceId, screenshot, maxEdge, errors, content);
        structured.put("screenshot", shown);
        Map<String, Object> listed = withElements ? elements(evidenceId, artifact(manifest, ArtifactKind.HIERARCHY))
                : Map.of("state", "not_requested");
        structured.put("elements", listed);
        content.add(new TextContent(summary(evidenceId, structured, shown, listed) + "\n" + ContractJson.toJson(structured)));
        return new CallToolResult(content, false, structured, null);
    }

    private Manifest manifest(String evidenceId, List<Map<String, Object>> errors) throws IOException {
        Optional<byte[]> bytes = bundles.readAtMost(new BundleFile(evidenceId, MANIFEST), MAX_MANIFEST_BYTES);
        if (bytes.isEmpty()) {
            errors.add(error("MANIFEST_UNREADABLE", "manifest.json is missing, not a regular file or over "
                    + MAX_MANIFEST_BYTES + " bytes"));
            return null;
        }
        try {
            Manifest manifest = ContractJson.read(bytes.get(), Manifest.class);
            for (BundleError error : manifest.errors()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("code", error.code());
                entry.put("stage", error.stage());
                entry.put("message", error.message());
                entry.put("component", error.component());
                errors.add(entry);
            }
            return manifest;
        } catch (RuntimeException e) {
            errors.add(error("MANIFEST_UNREADABLE", "manifest.json is not a schema-version-1 manifest: "
                    + Excerpt.of(String.valueOf(e.getMessage()), 200)));
            return null;
        }
    }

    private static Optional<Artifact> artifact(Manifest manifest, ArtifactKind kind) {
        if (manifest == null) {
            return Optional.empty();
        }
        // A complete artifact of the kind first; else a retained partial one.
        return manifest.artifacts().stream().filter(a -> a.kind() == kind && a.path() != null)
                .min((a, b) -> Boolean.compare(a.status() != ArtifactStatus.COMPLETE, b.status() != ArtifactStatus.COMPLETE));
    }

    private Map<String, Object> screenshot(String evidenceId, Optional<Artifact> artifact, int maxEdge,
                                           List<Map<String, Object>> errors, List<Content> content) {
        Map<String, Object> shown = new LinkedHashMap<>();
        Optional<BundleFile> named = namedFile(evidenceId, artifact, shown, "screenshot");
        if (named.isEmpty()) {
            return shown;
        }
        BundleFile file = named.get();
        if (artifact.get().status() != ArtifactStatus.COMPLETE) {
            shown.put("state", "partial_not_shown");
            shown.put("note", file.file() + " was retained but not verified, so it is not shown; read it as a resource "
                    + "to look at it anyway");
            return shown;
        }
        try (EvidenceBundles.OpenFile open = bundles.open(file).orElse(null)) {
            if (open == null) {
                return notARegularFile(shown, file);
            }
            ScreenshotPreview preview = ScreenshotPreview.of(open.channel(), maxEdge);
            int captureWidth = artifact.get().image() == null ? preview.sourceWidth() : artifact.get().image().captureWidthPx();
            int captureHeight = artifact.get().image() == null ? preview.sourceHeight()
                    : artifact.get().image().captureHeightPx();
            shown.put("state", "shown");
            shown.put("captureWidthPx", captureWidth);
            shown.put("captureHeightPx", captureHeight);
            shown.put("imageWidthPx", preview.width());
            shown.put("imageHeightPx", preview.height());
            shown.put("scaleX", ratio(captureWidth, preview.width()));
            shown.put("scaleY", ratio(captureHeight, preview.height()));
            shown.put("mimeType", preview.mimeType());
            shown.put("encodedBytes", preview.encoded().length);
            content.add(new ImageContent(null, Base64.getEncoder().encodeToString(preview.encoded()), preview.mimeType()));
        } catch (IOException | RuntimeException e) {
            shown.put("state", "unreadable");
            shown.put("note", file.file() + " could not be decoded: " + Excerpt.of(String.valueOf(e.getMessage()), 200));
            errors.add(error("SCREENSHOT_UNREADABLE", String.valueOf(shown.get("note"))));
        }
        return shown;
    }

    private static double ratio(int capture, int image) {
        return (double) capture / image;
    }

    private Map<String, Object> elements(String evidenceId, Optional<Artifact> artifact) {
        Map<String, Object> listed = new LinkedHashMap<>();
        Optional<BundleFile> named = namedFile(evidenceId, artifact, listed, "hierarchy");
        if (named.isEmpty()) {
            return listed;
        }
        BundleFile file = named.get();
        try (EvidenceBundles.OpenFile open = bundles.open(file).orElse(null)) {
            if (open == null) {
                return notARegularFile(listed, file);
            }
            CompactElements compact = CompactElements.read(open.stream());
            boolean verified = artifact.get().status() == ArtifactStatus.COMPLETE;
            listed.put("state", verified && compact.problem() == null ? "listed" : "partial");
            listed.put("coordinateSpace", "screenshot_pixels");
            listed.put("items", compact.elements());
            listed.put("nodesRead", compact.nodes());
            listed.put("leftOut", Map.of("notMeaningful", compact.notMeaningful(), "overLimit", compact.overLimit()));
            listed.put("note", verified ? compact.problem() : file.file() + " was retained but not verified"
                    + (compact.problem() == null ? "" : "; " + compact.problem()));
        } catch (IOException e) {
            listed.put("state", "unreadable");
            listed.put("note", file.file() + " could not be read: " + e.getClass().getSimpleName());
        }
        return listed;
    }

    /** The file the artifact names, its uri put in {@code section}; or empty, {@code section} saying it is missing. */
    private static Optional<BundleFile> namedFile(String evidenceId, Optional<Artifact> artifact,
                                                  Map<String, Object> section, String kind) {
        if (artifact.isEmpty() || !EvidenceUris.isName(artifact.get().path())) {
            section.put("state", "missing");
            section.put("note", "the manifest names no " + kind + " file");
            return Optional.empty();
        }
        BundleFile file = new BundleFile(evidenceId, artifact.get().path());
        section.put("uri", file.uri());
        return Optional.of(file);
    }

    private static Map<String, Object> notARegularFile(Map<String, Object> section, BundleFile file) {
        section.put("state", "missing");
        section.put("note", file.file() + " is named by the manifest but is not a regular file of the bundle");
        return section;
    }

    private static String summary(String evidenceId, Map<String, Object> structured, Map<String, Object> shown,
                                  Map<String, Object> listed) {
        StringBuilder text = new StringBuilder("Bundle " + evidenceId + " (status " + structured.get("status") + "). ");
        if ("shown".equals(shown.get("state"))) {
            text.append("The image is the screenshot (").append(shown.get("captureWidthPx")).append('x')
                    .append(shown.get("captureHeightPx")).append(" px) scaled to ").append(shown.get("imageWidthPx"))
                    .append('x').append(shown.get("imageHeightPx")).append(": screenshot x = image x * ")
                    .append(shown.get("scaleX")).append(", screenshot y = image y * ").append(shown.get("scaleY"))
                    .append(". ");
        } else {
            text.append("No screenshot shown (").append(shown.get("state")).append("). ");
        }
        if (listed.get("items") instanceof List<?> items) {
            text.append(items.size()).append(" elements listed with bounds and center in screenshot pixels (tap at "
                    + "center); left out: ").append(listed.get("leftOut")).append('.');
        }
        return text.toString();
    }

    private static Map<String, Object> error(String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("stage", "inspect");
        error.put("message", message);
        error.put("component", null);
        return error;
    }

    static Tool tool() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("evidenceId", ToolSchemas.property("string", "The evidenceId of a capture (or the sessionId of "
                + "a video session): the name of its bundle under this server's evidence root, not a path.",
                "pattern", "^" + EvidenceUris.NAME.pattern() + "$",
                "maxLength", 128));
        properties.put("maxEdge", ToolSchemas.property("integer", "Longest edge of the returned image in pixels, from "
                + ScreenshotPreview.MIN_MAX_EDGE + " to " + ScreenshotPreview.MAX_MAX_EDGE + ". Default: "
                + ScreenshotPreview.DEFAULT_MAX_EDGE + ".", "minimum", ScreenshotPreview.MIN_MAX_EDGE,
                "maximum", ScreenshotPreview.MAX_MAX_EDGE));
        properties.put("elements", ToolSchemas.property("boolean", "Whether to list the hierarchy's meaningful nodes. "
                + "Default: true."));
        String title = "Inspect evidence";
        return Tool.builder()
                .name(NAME)
                .title(title)
                .description("Show what a bundle under the evidence root holds, sized for a model, without reading a "
                        + "path: the verified screenshot scaled to fit maxEdge (an image under 1 MB, with the scale from "
                        + "image pixels to screenshot pixels) and up to " + CompactElements.MAX_NODES + " meaningful "
                        + "UI elements (text, content-desc, resource-id, short class, flags) with bounds and a center "
                        + "tap point in screenshot pixels. A partial or failed bundle answers with what exists and its "
                        + "errors; an unverified screenshot.partial.png is never shown. Read-only.")
                .inputSchema(ToolSchemas.object(properties, List.of("evidenceId")))
                .outputSchema(ToolOutputSchema.inspect())
                .annotations(ToolSchemas.annotations(title, true, false))
                .build();
    }
}
