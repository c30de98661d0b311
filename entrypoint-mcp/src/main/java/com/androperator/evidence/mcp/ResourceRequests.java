package com.androperator.evidence.mcp;

import com.androperator.evidence.mcp.EvidenceBundles.Bundle;
import com.androperator.evidence.mcp.EvidenceBundles.FileEntry;
import com.androperator.evidence.mcp.EvidenceUris.BundleFile;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpSchema.ListResourceTemplatesResult;
import io.modelcontextprotocol.spec.McpSchema.ListResourcesResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceTemplate;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The bundles as MCP resources: {@code resources/list} (newest bundle first, {@value #PAGE_SIZE}
 * per page, an opaque cursor), {@code resources/templates/list}, {@code resources/read}, and
 * {@code resources/subscribe} for a video session's manifest ({@link ManifestSubscriptions}). The
 * SDK lists only resources registered in advance and cannot page, so these requests are answered
 * here, on {@value #THREADS} threads of their own (a read holds up to {@value #MAX_READ_BYTES}
 * bytes, so at most {@value #THREADS} reads are in memory at once; {@value #QUEUE} more wait, and
 * beyond that the answer is "busy"). What is not a regular file of a bundle directory, named by an
 * {@link EvidenceUris evidence URI}, is -32002 (resource not found) with the URI, never content.
 */
final class ResourceRequests {
    static final Set<String> METHODS = Set.of(McpSchema.METHOD_RESOURCES_LIST, McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
            McpSchema.METHOD_RESOURCES_READ, McpSchema.METHOD_RESOURCES_SUBSCRIBE, McpSchema.METHOD_RESOURCES_UNSUBSCRIBE);
    static final int PAGE_SIZE = 100;
    /** Bundles looked into for one page at most, so that a page of empty bundles still answers quickly. */
    static final int MAX_BUNDLES_PER_PAGE = 500;
    static final int MAX_READ_BYTES = 16 * 1024 * 1024;
    static final int RESOURCE_NOT_FOUND = -32002;
    private static final int THREADS = 2;
    private static final int QUEUE = 64;

    private final EvidenceBundles bundles;
    private final ManifestSubscriptions subscriptions;
    private final ThreadPoolExecutor executor;

    ResourceRequests(EvidenceBundles bundles) {
        this.bundles = bundles;
        this.subscriptions = new ManifestSubscriptions(bundles);
        this.executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE),
                task -> {
                    Thread thread = new Thread(task, "mcp-resources");
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
    }

    /** Answers {@code request} (one of {@link #METHODS}) through {@code answer}, off the caller's thread. */
    void answer(JSONRPCRequest request, Consumer<Object> answer) {
        try {
            executor.execute(() -> answer.accept(response(request, answer)));
        } catch (RejectedExecutionException e) {
            answer.accept(error(request.id(), McpSchema.ErrorCodes.INTERNAL_ERROR, "Server busy: " + (THREADS + QUEUE)
                    + " resource requests are already waiting; retry once one has answered", null));
        }
    }

    /** The answer to {@code request}; a subscription's notifications go to {@code notifications}. */
    JSONRPCResponse response(JSONRPCRequest request, Consumer<Object> notifications) {
        Map<?, ?> params = request.params() instanceof Map<?, ?> map ? map : Map.of();
        try {
            return switch (request.method()) {
                case McpSchema.METHOD_RESOURCES_LIST -> list(request.id(), params.get("cursor"));
                case McpSchema.METHOD_RESOURCES_TEMPLATES_LIST -> result(request.id(), templates());
                case McpSchema.METHOD_RESOURCES_SUBSCRIBE -> subscribe(request.id(), params.get("uri"), notifications);
                case McpSchema.METHOD_RESOURCES_UNSUBSCRIBE -> {
                    subscriptions.unsubscribe(String.valueOf(params.get("uri")));
                    yield result(request.id(), Map.of());
                }
                default -> read(request.id(), params.get("uri"));
            };
        } catch (IOException | RuntimeException e) {
            return error(request.id(), McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error: the evidence root could "
                    + "not be read (" + e.getClass().getSimpleName() + ")", null);
        }
    }

    static ListResourceTemplatesResult templates() {
        return new ListResourceTemplatesResult(List.of(ResourceTemplate.builder()
                .uriTemplate(EvidenceUris.TEMPLATE)
                .name("evidence-bundle-file")
                .title("A file of an evidence bundle")
                .description("One file of the bundle <evidence root>/bundles/{evidenceId} (a capture's evidenceId or a "
                        + "video sessionId): manifest.json, screenshot.png, hierarchy.xml, captures.json, video clips; "
                        + "names with .partial. are retained files that were not verified. JSON, XML and text are "
                        + "served as text, PNG and video as base64 blobs, at most 16 MiB; evidence_inspect gives a "
                        + "scaled screenshot and a compact element list instead.")
                .build()), null);
    }

    private JSONRPCResponse list(Object id, Object cursorValue) throws IOException {
        Optional<Cursor> cursor = cursorValue == null ? Optional.empty() : Cursor.parse(cursorValue);
        if (cursorValue != null && cursor.isEmpty()) {
            return error(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: cursor is not one that "
                    + "resources/list returned", null);
        }
        List<Resource> page = new ArrayList<>();
        List<Bundle> newest = bundles.newestFirst();
        int start = cursor.map(c -> c.firstIndex(newest)).orElse(0);
        for (int i = start; i < newest.size(); i++) {
            Bundle bundle = newest.get(i);
            if (i - start == MAX_BUNDLES_PER_PAGE) {
                return result(id, new ListResourcesResult(page, new Cursor(bundle, "").encoded()));
            }
            String after = cursor.filter(c -> c.isAt(bundle)).map(Cursor::afterFile).orElse("");
            List<FileEntry> files = bundles.files(bundle.id());
            boolean resumed = after.isEmpty();
            String listed = after;
            for (FileEntry file : files) {
                if (!resumed) {
                    resumed = file.file().file().equals(after);
                    continue;
                }
                if (page.size() == PAGE_SIZE) {
                    return result(id, new ListResourcesResult(page, new Cursor(bundle, listed).encoded()));
                }
                page.add(resource(file));
                listed = file.file().file();
            }
        }
        return result(id, new ListResourcesResult(page, null));
    }

    static Resource resource(FileEntry entry) {
        BundleFile file = entry.file();
        String mimeType = EvidenceUris.mimeType(file.file());
        return Resource.builder().uri(file.uri()).name(file.bundleId() + "/" + file.file()).mimeType(mimeType)
                .size(entry.size()).description(EvidenceUris.isPartial(file.file())
                        ? "retained partial file: kept for diagnosis, not verified" : null)
                .build();
    }

    private JSONRPCResponse subscribe(Object id, Object uriValue, Consumer<Object> notifications) throws IOException {
        String uri = uriValue instanceof String text ? text : String.valueOf(uriValue);
        ManifestSubscriptions.Outcome outcome = subscriptions.subscribe(uri, notifications);
        if (outcome instanceof ManifestSubscriptions.Outcome.Refused refused) {
            return error(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: " + refused.reason(),
                    Map.of("uri", uri));
        }
        return outcome instanceof ManifestSubscriptions.Outcome.Subscribed ? result(id, Map.of()) : notFound(id, uri);
    }

    private static JSONRPCResponse notFound(Object id, String uri) {
        return error(id, RESOURCE_NOT_FOUND, "Resource not found: " + Excerpt.of(uri, 300) + " (resources are "
                + EvidenceUris.TEMPLATE + ", a regular file of a bundle under this server's evidence root)",
                Map.of("uri", uri));
    }

    private JSONRPCResponse read(Object id, Object uriValue) throws IOException {
        String uri = uriValue instanceof String text ? text : String.valueOf(uriValue);
        Optional<BundleFile> parsed = EvidenceUris.parse(uri);
        Optional<EvidenceBundles.OpenFile> opened = parsed.isEmpty() ? Optional.empty() : bundles.open(parsed.get());
        if (opened.isEmpty()) {
            return notFound(id, uri);
        }
        try (EvidenceBundles.OpenFile open = opened.get()) {
            if (open.size() > MAX_READ_BYTES) {
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("uri", uri);
                data.put("size", open.size());
                data.put("maxBytes", MAX_READ_BYTES);
                return error(id, McpSchema.ErrorCodes.INVALID_PARAMS, uri + " is " + open.size() + " bytes, over the "
                        + MAX_READ_BYTES + " bytes (16 MiB) that resources/read serves; for a screenshot call "
                        + "evidence_inspect with evidenceId " + open.file().bundleId() + " (a scaled image under 1 MB)", data);
            }
            return result(id, new ReadResourceResult(List.of(contents(open.file(), EvidenceBundles.readAll(open,
                    MAX_READ_BYTES)))));
        }
    }

    private static McpSchema.ResourceContents contents(BundleFile file, byte[] bytes) {
        String mimeType = EvidenceUris.mimeType(file.file());
        if (EvidenceUris.isText(mimeType)) {
            try {
                String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
                return new TextResourceContents(file.uri(), mimeType, text);
            } catch (CharacterCodingException e) {
                // Not UTF-8 after all (a damaged partial file): its bytes, unchanged.
                return new BlobResourceContents(file.uri(), "application/octet-stream",
                        Base64.getEncoder().encodeToString(bytes));
            }
        }
        return new BlobResourceContents(file.uri(), mimeType, Base64.getEncoder().encodeToString(bytes));
    }

    private static JSONRPCResponse result(Object id, Object result) {
        return new JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, result, null);
    }

    private static JSONRPCResponse error(Object id, int code, String message, Object data) {
        return new JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null, new JSONRPCError(code, message, data));
    }

    /**
     * Where the next page starts: a bundle (by its time and id in the newest-first order) and the last
     * file already listed of it ("" for none). Base64 of three lines, opaque to clients.
     */
    record Cursor(long modifiedMillis, String bundleId, String afterFile) {
        Cursor {
            if (!EvidenceUris.isName(bundleId) || !(afterFile.isEmpty() || EvidenceUris.isName(afterFile))) {
                throw new IllegalArgumentException("a cursor names a bundle and a file of it, or none");
            }
        }

        Cursor(Bundle bundle, String afterFile) {
            this(bundle.modifiedMillis(), bundle.id(), afterFile);
        }

        static Optional<Cursor> parse(Object value) {
            if (!(value instanceof String text) || text.length() > 1024) {
                return Optional.empty();
            }
            try {
                String[] parts = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8).split("\n", -1);
                return parts.length == 3 ? Optional.of(new Cursor(Long.parseLong(parts[0]), parts[1], parts[2]))
                        : Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }

        String encoded() {
            return Base64.getUrlEncoder().withoutPadding().encodeToString((modifiedMillis + "\n" + bundleId + "\n"
                    + afterFile).getBytes(StandardCharsets.UTF_8));
        }

        boolean isAt(Bundle bundle) {
            return bundle.id().equals(bundleId) && bundle.modifiedMillis() == modifiedMillis;
        }

        /** The index of the first bundle at or after this cursor's in {@code newest}. */
        int firstIndex(List<Bundle> newest) {
            Bundle at = new Bundle(bundleId, modifiedMillis);
            int index = 0;
            while (index < newest.size() && EvidenceBundles.NEWEST_FIRST.compare(newest.get(index), at) < 0) {
                index++;
            }
            return index;
        }
    }
}
