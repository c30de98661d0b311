package com.androperator.evidence.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP server as a child process (this module's runtime classpath, as in the shaded jar),
 * driven by the SDK's own client over stdio. The child gets exactly the given environment and
 * working directory, so tests can unset ANDROPERATOR_EVIDENCE_DIR or make it relative.
 */
final class McpServerProcess implements AutoCloseable {
    /** Far above any capture's budget: a safety net against a hung server, not a timing assertion. */
    private static final Duration REQUEST_LIMIT = Duration.ofSeconds(180);

    private final McpSyncClient client;
    private final List<String> stderr = new CopyOnWriteArrayList<>();

    private McpServerProcess(Map<String, String> environment, Path workingDirectory, Integer fileSizeLimitKiB,
                             String... serverArgs) {
        List<String> args = new java.util.ArrayList<>(command());
        args.addAll(List.of(serverArgs));
        String executable = javaExecutable();
        if (fileSizeLimitKiB != null) {
            // ulimit -f: the kernel refuses writes past this size (EFBIG), as a full disk does. The JVM
            // ignores SIGXFSZ, and without a perf-data file its own files stay small.
            List<String> limited = new java.util.ArrayList<>(List.of("-c",
                    "ulimit -f " + fileSizeLimitKiB + " && exec \"$@\"", "bash", executable, "-XX:-UsePerfData"));
            limited.addAll(args);
            args = limited;
            executable = "/bin/bash";
        }
        ServerParameters parameters = ServerParameters.builder(executable)
                .args(args)
                .env(environment)
                .build();
        StdioClientTransport transport = new StdioClientTransport(parameters,
                new JacksonMcpJsonMapper(JsonMapper.builder().build())) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                ProcessBuilder builder = super.getProcessBuilder().directory(workingDirectory.toFile());
                // The SDK adds the parameters' variables to this map: start from nothing inherited.
                builder.environment().clear();
                return builder;
            }

            @Override
            public synchronized Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
                // The SDK's transport emits into a unicast sink that needs one sender at a time: calls
                // made from several threads at once would otherwise fail with "Failed to enqueue message".
                return super.sendMessage(message);
            }
        };
        transport.setStdErrorHandler(stderr::add);
        client = McpClient.sync(transport).requestTimeout(REQUEST_LIMIT).initializationTimeout(REQUEST_LIMIT).build();
        client.initialize();
    }

    /** {@code serverArgs}: the server's own options, e.g. a session target. */
    static McpServerProcess start(Map<String, String> environment, Path workingDirectory, String... serverArgs) {
        return new McpServerProcess(environment, workingDirectory, null, serverArgs);
    }

    /** A server whose files can grow to at most {@code kib} KiB each (a disk that fills while writing). */
    static McpServerProcess startWithFileSizeLimit(int kib, Map<String, String> environment, Path workingDirectory) {
        return new McpServerProcess(environment, workingDirectory, kib);
    }

    /** The JVM command line after the executable: the server's main class on this module's classpath. */
    static List<String> command() {
        return List.of("-XX:TieredStopAtLevel=1", "-Xlog:disable", "-Xlog:all=warning:stderr",
                "-cp", System.getProperty("java.class.path"), Main.class.getName());
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    McpSyncClient client() {
        return client;
    }

    /** What the server wrote on stderr, line by line. */
    List<String> stderr() {
        return List.copyOf(stderr);
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
