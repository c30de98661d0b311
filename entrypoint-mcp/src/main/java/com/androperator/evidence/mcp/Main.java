package com.androperator.evidence.mcp;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.CompositionRoot;
import com.androperator.evidence.api.video.EvidenceVideo;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * {@code androperator-mcp [--device SERIAL] [--operator-package PACKAGE] [--max-tool-calls N]}:
 * the MCP server over stdio; the first two options configure the session's explicit target, the
 * last the number of tool calls that may run at once. Stdout carries the protocol and nothing
 * else: fd 1 is handed to the transport and System.out is pointed at stderr, so a stray print
 * anywhere in the process lands in the log instead of corrupting a message. The server ends,
 * with status 0, when stdin closes ({@link #shutdown}).
 */
public final class Main {
    static final String SERVER_NAME = "androperator-evidence";
    static final String TOOL_NAME = "androperator-mcp";
    static final String USAGE = "usage: androperator-mcp [--device SERIAL] [--operator-package PACKAGE] "
            + "[--max-tool-calls 1.." + ToolCallPool.MAX_LIMIT + "]";
    /** How long tool calls in flight when stdin closes may still answer; the process exits within 2 s of stdin closing. */
    static final Duration SHUTDOWN_GRACE = Duration.ofMillis(500);

    /** The command line: the session target and the tool-call limit. */
    record Options(SessionTarget target, int maxToolCalls) {
    }

    private Main() {
    }

    public static void main(String[] args) {
        OutputStream protocolOut = new FileOutputStream(FileDescriptor.out);
        // evidence_inspect scales images with java.awt; a server never opens a display.
        System.setProperty("java.awt.headless", "true");
        System.setOut(System.err);
        Options options = options(args);
        if (options == null) {
            System.err.println(USAGE);
            System.exit(2);
        }
        ToolCallPool toolCalls = new ToolCallPool(options.maxToolCalls(), IdleHeapReturn.forServer());
        InFlightCaptures inFlight = new InFlightCaptures();
        // SIGINT/SIGTERM settle in-flight captures (COMMAND_CANCELLED, manifest finalized) before exiting.
        inFlight.cancelOnExit();
        GuardedStdioTransport transport = serve(new FileInputStream(FileDescriptor.in), inFlight.watch(protocolOut),
                CaptureDependencies.builder().toolName(TOOL_NAME).build(), EvidenceVideo.withDefaults(),
                options.target(), toolCalls, inFlight);
        transport.serveUntilStdinCloses();
        shutdown(toolCalls, inFlight);
    }

    /** The options from the command line, or null when the arguments are not understood. */
    static Options options(String[] args) {
        String device = null;
        String operatorPackage = null;
        int maxToolCalls = ToolCallPool.DEFAULT_LIMIT;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                return null;
            }
            switch (args[i]) {
                case "--device" -> device = args[i + 1];
                case "--operator-package" -> operatorPackage = args[i + 1];
                case "--max-tool-calls" -> {
                    maxToolCalls = limit(args[i + 1]);
                    if (maxToolCalls < 1) {
                        return null;
                    }
                }
                default -> {
                    return null;
                }
            }
        }
        return new Options(new SessionTarget(device, operatorPackage), maxToolCalls);
    }

    private static int limit(String value) {
        try {
            int limit = Integer.parseInt(value);
            return limit <= ToolCallPool.MAX_LIMIT ? limit : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Builds the server on the guarded transport; the caller then runs {@link GuardedStdioTransport#serveUntilStdinCloses}. */
    static GuardedStdioTransport serve(InputStream in, OutputStream out, CaptureDependencies dependencies,
                                       EvidenceVideo video, SessionTarget target, ToolCallPool toolCalls,
                                       InFlightCaptures inFlight) {
        EvidenceBundles bundles = new EvidenceBundles(() -> Optional.ofNullable(CompositionRoot.evidenceRoot(
                dependencies.environment(), dependencies.workingDirectory()).valueOrNull()).map(CompositionRoot::bundlesRoot));
        GuardedStdioTransport transport = new GuardedStdioTransport(in, out, new ResourceRequests(bundles));
        List<SyncToolSpecification> tools = new ArrayList<>();
        BundleLinks links = new BundleLinks(bundles);
        // Every refusal names the argument to fix as the tools' schemas spell it.
        tools.add(links.linking(new EvidenceCaptureTool(dependencies.toBuilder().terms(McpTerms.INSTANCE).build(), target,
                inFlight).specification()));
        new EvidenceVideoTools(video.withTerms(McpTerms.INSTANCE), target).specifications().stream()
                .map(links::linking).forEach(tools::add);
        tools.add(new ConfigureTool(target, dependencies.environment()).specification());
        tools.add(new EvidenceInspectTool(bundles).specification());
        List<AsyncToolSpecification> offloaded = tools.stream().map(toolCalls::offload).toList();
        McpServer.async(transport)
                .jsonMapper(JsonRpcLines.PROTOCOL_JSON)
                .serverInfo(SERVER_NAME, AndroperatorVersion.current())
                .capabilities(ServerCapabilities.builder().tools(false).resources(true, false).build())
                .instructions(ToolSchemas.INSTRUCTIONS)
                // The tools check their own arguments so that every refusal is a documented result
                // (EXECUTION_VALIDATION_FAILED with what to fix), not the SDK's generic schema error.
                .validateToolInputs(false)
                .tools(offloaded)
                .build();
        return transport;
    }

    /**
     * The one way the server ends when stdin has closed: captures in flight are cancelled first
     * (recorded COMMAND_CANCELLED, manifests finalized, results written while stdout is open,
     * within {@link InFlightCaptures#SHUTDOWN_LIMIT}); other tool calls then get
     * {@link #SHUTDOWN_GRACE} to answer (a fast call sent just before the close still is), and
     * slower ones are abandoned.
     */
    static void shutdown(ToolCallPool toolCalls, InFlightCaptures inFlight) {
        inFlight.shutdown("stdin closed", InFlightCaptures.SHUTDOWN_LIMIT, true);
        int abandoned = toolCalls.finish(SHUTDOWN_GRACE);
        if (abandoned > 0) {
            LoggerFactory.getLogger(Main.class).warn("stdin closed: exiting with {} tool call(s) still running, abandoned",
                    abandoned);
        }
        System.exit(0);
    }
}
