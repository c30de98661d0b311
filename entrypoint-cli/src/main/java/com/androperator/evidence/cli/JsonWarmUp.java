package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;

/**
 * The JSON set-up of a capture process, started on a helper thread while the main thread builds the
 * command line and starts the capture. A fresh JVM's first JSON costs a capture more than its bytes:
 * the contract mapper (Jackson's default date format reads the locale data), then for each document
 * type the introspection of its records, their annotations and accessors, which the JVM answers with
 * proxies and method handles it makes at run time (JDK 25's AOT cache holds neither). Resolving the
 * serializers of captures.json, manifest.json and the result here moves that work off the capture's
 * path: the writes later find them in the mapper's cache. Nothing is written and nothing is printed.
 */
final class JsonWarmUp {
    /** The documents a capture writes, in the order it writes them. */
    private static final List<Class<?>> DOCUMENTS = List.of(CapturesFile.class, Manifest.class, CommandResult.class);

    private JsonWarmUp() {
    }

    /**
     * Starts the warm-up on a daemon thread, which never holds the process open and never prints:
     * whatever it meets (a JacksonException is caught below; anything else, say a class that fails to
     * link) the capture's own write meets again and reports as the tool reports it.
     */
    static void start() {
        Thread thread = new Thread(JsonWarmUp::resolveSerializers, "evidence-json-warm-up");
        thread.setDaemon(true);
        thread.setUncaughtExceptionHandler((ignored, failure) -> { });
        thread.start();
    }

    /** The documents whose serializers it resolved, in order. */
    static List<Class<?>> resolveSerializers() {
        ObjectMapper mapper = ContractJson.mapper();
        List<Class<?>> resolved = new ArrayList<>();
        for (Class<?> document : DOCUMENTS) {
            try {
                // The writer resolves its root type's serializer when it is made (eager fetch).
                mapper.writerFor(document);
                resolved.add(document);
            } catch (JacksonException e) {
                // Only a head start: the capture's own write of this document meets the same failure,
                // and reports it in its result.
                continue;
            }
        }
        return resolved;
    }
}
