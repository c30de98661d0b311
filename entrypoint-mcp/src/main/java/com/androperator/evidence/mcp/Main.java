package com.androperator.evidence.mcp;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.video.EvidenceVideo;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code androperator-mcp [--device SERIAL] [--operator-package PACKAGE]}: the MCP server over
 * stdio; the options configure the session's explicit target. Stdout carries the protocol and
 * nothing else: the real stdout is handed to the transport and System.out is pointed at stderr,
 * so a stray print anywhere in the process lands in the log instead of corrupting a message.
 */
public final class Main {
    static final String SERVER_NAME = "androperator-evidence";
    static final String TOOL_NAME = "androperator-mcp";
    static final String USAGE = "usage: androperator-mcp [--device SERIAL] [--operator-package PACKAGE]";

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream protocolOut = System.out;
        System.setOut(System.err);
        SessionTarget target = target(args);
        if (target == null) {
            System.err.println(USAGE);
            System.exit(2);
        }
        InFlightCaptures inFlight = new InFlightCaptures();
        inFlight.cancelOnExit();
        serve(System.in, protocolOut, CaptureDependencies.builder().toolName(TOOL_NAME).build(),
                EvidenceVideo.withDefaults(), target, inFlight);
    }

    /** The session target from the command line, or null when the arguments are not understood. */
    static SessionTarget target(String[] args) {
        String device = null;
        String operatorPackage = null;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                return null;
            }
            switch (args[i]) {
                case "--device" -> device = args[i + 1];
                case "--operator-package" -> operatorPackage = args[i + 1];
                default -> {
                    return null;
                }
            }
        }
        return new SessionTarget(device, operatorPackage);
    }

    /** Starts serving; the transport's reader thread keeps the process alive until stdin closes. */
    static McpSyncServer serve(InputStream in, PrintStream out, CaptureDependencies dependencies, EvidenceVideo video,
                               SessionTarget target, InFlightCaptures inFlight) {
        // Watched streams: leaving (stdin closed, a signal) first settles the captures in flight.
        StdioServerTransportProvider transport = new StdioServerTransportProvider(
                new JacksonMcpJsonMapper(JsonMapper.builder().build()),
                inFlight.watch(in, InFlightCaptures.SHUTDOWN_LIMIT), inFlight.watch(out));
        List<SyncToolSpecification> tools = new ArrayList<>();
        tools.add(new EvidenceCaptureTool(dependencies, target, inFlight).specification());
        tools.addAll(new EvidenceVideoTools(video, target).specifications());
        return McpServer.sync(transport)
                .serverInfo(SERVER_NAME, AndroperatorVersion.current())
                .capabilities(ServerCapabilities.builder().tools(false).build())
                // The tools check their own arguments so that every refusal is a documented result
                // (EXECUTION_VALIDATION_FAILED with what to fix), not the SDK's generic schema error.
                .validateToolInputs(false)
                .tools(tools)
                .build();
    }
}
