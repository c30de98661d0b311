package com.androperator.evidence.mcp;

import com.androperator.evidence.mcp.EvidenceBundles.FileEntry;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ResourceLink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * A {@code resource_link} for each file of the bundle a result names (its sessionId, else its
 * evidenceId), added after the result's own content: the manifest first, then every artifact file
 * that exists now, retained partial files said to be so. The JSON text block and
 * structuredContent are left exactly as the tool made them. A client that cannot open the
 * server's manifestPath follows a link with resources/read instead.
 */
final class BundleLinks {
    private final EvidenceBundles bundles;

    BundleLinks(EvidenceBundles bundles) {
        this.bundles = bundles;
    }

    /** The same tool, its results given links to their bundle's files. */
    SyncToolSpecification linking(SyncToolSpecification tool) {
        return SyncToolSpecification.builder().tool(tool.tool())
                .callHandler((exchange, request) -> withLinks(tool.callHandler().apply(exchange, request)))
                .build();
    }

    CallToolResult withLinks(CallToolResult result) {
        String bundleId = bundleId(result.structuredContent());
        List<Content> links = bundleId == null ? List.of() : links(bundleId);
        if (links.isEmpty()) {
            return result;
        }
        List<Content> content = new ArrayList<>(result.content());
        content.addAll(links);
        return new CallToolResult(content, result.isError(), result.structuredContent(), result.meta());
    }

    private List<Content> links(String bundleId) {
        try {
            return bundles.files(bundleId).stream().map(BundleLinks::link).toList();
        } catch (IOException e) {
            LoggerFactory.getLogger(BundleLinks.class).warn("no resource links for bundle {}: {}", bundleId, e.getMessage());
            return List.of();
        }
    }

    static Content link(FileEntry entry) {
        String file = entry.file().file();
        return ResourceLink.builder().uri(entry.file().uri()).name(file).mimeType(EvidenceUris.mimeType(file))
                .size(entry.size()).description(EvidenceUris.isPartial(file)
                        ? "retained partial file: kept for diagnosis, not verified"
                        : file.equals("manifest.json") ? "the bundle's manifest" : "artifact of the bundle")
                .build();
    }

    private static String bundleId(Object structured) {
        if (!(structured instanceof Map<?, ?> result)) {
            return null;
        }
        Object id = result.get("sessionId") instanceof String session ? session : result.get("evidenceId");
        return id instanceof String text && EvidenceUris.isName(text) ? text : null;
    }
}
