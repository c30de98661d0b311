package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.mcp.EvidenceUris.BundleFile;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code resources/subscribe} for a video session's manifest.json: the worker that records and
 * finalizes the session is another process, so the manifest's {@code status} is looked at every
 * {@value #POLL_MILLIS} ms while someone is subscribed, and each change is sent as
 * {@code notifications/resources/updated} with the URI. At most {@value #MAX_SUBSCRIPTIONS}
 * subscriptions, each one small read of a manifest per poll.
 */
final class ManifestSubscriptions {
    static final long POLL_MILLIS = 500;
    static final int MAX_SUBSCRIPTIONS = 64;
    private static final String MANIFEST = "manifest.json";
    private static final String SESSION = "session.json";

    private final EvidenceBundles bundles;
    private final Map<BundleFile, String> watched = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "mcp-manifest-subscriptions");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Consumer<Object> notify = message -> { };

    ManifestSubscriptions(EvidenceBundles bundles) {
        this.bundles = bundles;
        poller.scheduleWithFixedDelay(this::poll, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** What a subscribe request was answered with: subscribed, or why not. */
    sealed interface Outcome {
        record Subscribed() implements Outcome {
        }

        /** Not a regular manifest.json of a bundle under the root: resource not found. */
        record NotFound() implements Outcome {
        }

        /** A manifest, but not one that changes (a still capture), or too many subscriptions. */
        record Refused(String reason) implements Outcome {
        }
    }

    Outcome subscribe(String uri, Consumer<Object> notifications) throws IOException {
        Optional<BundleFile> file = EvidenceUris.parse(uri).filter(f -> f.file().equals(MANIFEST));
        Optional<String> status = file.isEmpty() ? Optional.empty() : status(file.get());
        if (status.isEmpty()) {
            return new Outcome.NotFound();
        }
        if (bundles.files(file.get().bundleId()).stream().noneMatch(entry -> entry.file().file().equals(SESSION))) {
            return new Outcome.Refused("only a video session's manifest.json changes; " + uri + " is a still capture's");
        }
        if (watched.size() >= MAX_SUBSCRIPTIONS && !watched.containsKey(file.get())) {
            return new Outcome.Refused("at most " + MAX_SUBSCRIPTIONS + " subscriptions; unsubscribe one first");
        }
        notify = notifications;
        watched.put(file.get(), status.get());
        return new Outcome.Subscribed();
    }

    void unsubscribe(String uri) {
        EvidenceUris.parse(uri).ifPresent(watched::remove);
    }

    private void poll() {
        watched.forEach((file, before) -> {
            String now = status(file).orElse("(unreadable)");
            if (!now.equals(before) && watched.replace(file, before, now)) {
                notify.accept(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION,
                        McpSchema.METHOD_NOTIFICATION_RESOURCES_UPDATED, Map.of("uri", file.uri())));
            }
        });
    }

    /** The manifest's status, or empty when it is not a readable manifest of a bundle. */
    private Optional<String> status(BundleFile manifest) {
        try {
            return bundles.readAtMost(manifest, EvidenceInspectTool.MAX_MANIFEST_BYTES)
                    .map(bytes -> ContractJson.mapper().readTree(bytes).path("status").asString(""));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
