package com.androperator.evidence.mcp;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.api.CaptureDependencies;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.InputStream;
import java.io.PrintStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code androperator-mcp}: the MCP server over stdio. Stdout carries the protocol and nothing
 * else: the real stdout is handed to the transport and System.out is pointed at stderr, so a
 * stray print anywhere in the process lands in the log instead of corrupting a message.
 */
public final class Main {
    static final String SERVER_NAME = "androperator-evidence";
    static final String TOOL_NAME = "androperator-mcp";

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream protocolOut = System.out;
        System.setOut(System.err);
        serve(System.in, protocolOut, CaptureDependencies.builder().toolName(TOOL_NAME).build());
    }

    /** Starts serving; the transport's reader thread keeps the process alive until stdin closes. */
    static McpSyncServer serve(InputStream in, PrintStream out, CaptureDependencies dependencies) {
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(new JacksonMcpJsonMapper(JsonMapper.builder().build()), in, out);
        return McpServer.sync(transport)
                .serverInfo(SERVER_NAME, AndroperatorVersion.current())
                .capabilities(ServerCapabilities.builder().tools(false).build())
                // The tools check their own arguments so that every refusal is a documented result
                // (EXECUTION_VALIDATION_FAILED with what to fix), not the SDK's generic schema error.
                .validateToolInputs(false)
                .tools(new EvidenceCaptureTool(dependencies).specification())
                .build();
    }
}
