import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The smallest MCP client over stdio, the MCP counterpart of {@link BareAdbClient}: one
 * newline-delimited JSON-RPC request at a time, the answer read as one line and its structured
 * content taken as the command result. No reactor, no schema caching, no threads of its own; so
 * the time it measures is the server's, and the Java SDK client's own cost shows as the
 * difference to the SDK mode of the same run.
 */
final class McpLineClient implements AutoCloseable {
    private final Process server;
    private final OutputStream requests;
    private final BufferedReader answers;
    private long nextId = 1;

    McpLineClient(Path launcher, Map<String, String> environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(List.of(launcher.toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(environment);
        server = builder.start();
        requests = server.getOutputStream();
        answers = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        call("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"capture-bench-line-client\",\"version\":\"1\"}}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** The server's process (the launcher execs its JVM), for its CPU accounting. */
    ProcessHandle process() {
        return server.toHandle();
    }

    /** One evidence_capture of {@code device}; its bundle is kept until the caller cleans up. */
    CommandResult capture(String device, String operator) {
        return result(call("tools/call", captureParams(device, operator)));
    }

    /**
     * One evidence_capture of each device, every request sent before any answer is read, so the
     * server runs them all at once; the results in the devices' order.
     */
    List<CommandResult> captureAll(List<String> devices, String operator) {
        Map<Long, Integer> pending = new HashMap<>();
        for (int i = 0; i < devices.size(); i++) {
            long id = nextId++;
            pending.put(id, i);
            send(request(id, "tools/call", captureParams(devices.get(i), operator)));
        }
        CommandResult[] results = new CommandResult[devices.size()];
        while (!pending.isEmpty()) {
            JsonNode message = ContractJson.mapper().readTree(nextLine("evidence_capture"));
            Integer index = pending.remove(message.path("id").asLong(-1));
            if (index != null) {
                results[index] = result(message);
            }
        }
        return Arrays.asList(results);
    }

    private static String captureParams(String device, String operator) {
        return "{\"name\":\"evidence_capture\",\"arguments\":{\"deviceId\":" + quoted(device)
                + ",\"operatorPackage\":" + quoted(operator) + "}}";
    }

    private static CommandResult result(JsonNode answer) {
        JsonNode structured = answer.path("result").path("structuredContent");
        if (structured.isMissingNode()) {
            throw new IllegalStateException("evidence_capture answered without structured content: " + answer);
        }
        return ContractJson.mapper().treeToValue(structured, CommandResult.class);
    }

    private JsonNode call(String method, String params) {
        long id = nextId++;
        send(request(id, method, params));
        while (true) {
            JsonNode message = ContractJson.mapper().readTree(nextLine(method));
            if (message.path("id").asLong(-1) == id) {
                return message;
            }
        }
    }

    private static String request(long id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private String nextLine(String awaited) {
        try {
            String line = answers.readLine();
            // A line that is no JSON-RPC message (a profiling agent's banner on the server's stdout) is skipped.
            while (line != null && !line.startsWith("{")) {
                line = answers.readLine();
            }
            if (line == null) {
                throw new IllegalStateException("the MCP server closed stdout before answering " + awaited);
            }
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void send(String line) {
        try {
            requests.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quoted(String text) {
        return ContractJson.mapper().writeValueAsString(text);
    }

    @Override
    public void close() throws Exception {
        requests.close();
        if (!server.waitFor(30, TimeUnit.SECONDS)) {
            server.destroyForcibly().waitFor();
        }
    }
}
