package com.androperator.evidence.kit.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small MCP client of the kit's own: JSON-RPC 2.0, one message per line over the server's stdio
 * (initialize, notifications/initialized, tools/list, tools/call). Server-to-client requests are
 * answered (ping with {}, anything else -32601); notifications are counted and ignored. Every stdout
 * line that is not a JSON-RPC message is kept as a protocol problem: stdout carries protocol only.
 */
public final class McpSession implements AutoCloseable {
    public static final String PROTOCOL_VERSION = "2025-06-18";
    private static final Duration START_LIMIT = Duration.ofSeconds(90);

    private final Process process;
    private final OutputStream stdin;
    private final Map<Long, BlockingQueue<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> protocolProblems = Collections.synchronizedList(new ArrayList<>());
    private final StringBuilder stderr = new StringBuilder();
    private long nextId = 1;
    private JsonNode initializeResult;

    private McpSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        daemon("mcp-stdout", () -> readStdout(process.getInputStream()));
        daemon("mcp-stderr", () -> readStderr(process.getErrorStream()));
    }

    /** Starts {@code bash -c COMMAND} and completes the MCP handshake. */
    public static McpSession start(String command, Map<String, String> environment, Path directory) {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(directory.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the MCP server " + command, e);
        }
        McpSession session = new McpSession(process);
        ObjectNode params = Json.object();
        params.put("protocolVersion", PROTOCOL_VERSION);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "androperator-conformance").put("version", "1");
        JsonNode answer = session.request("initialize", params, START_LIMIT);
        if (answer == null || !answer.has("result")) {
            String why = answer == null ? "no answer to initialize within " + START_LIMIT.toSeconds() + " s"
                    : "initialize answered " + answer;
            session.close();
            throw new IllegalStateException("the MCP server did not initialize: " + why + "; stderr: "
                    + session.stderrTail());
        }
        session.initializeResult = answer.get("result");
        session.send(message("notifications/initialized", null, null));
        return session;
    }

    public JsonNode initializeResult() {
        return initializeResult;
    }

    /** A tool call's answer: the result object (structuredContent, else the first text content as JSON). */
    public record ToolAnswer(boolean isError, JsonNode result, JsonNode response) {
        public String code() {
            return result == null ? null : Json.text(result, "code");
        }

        public String describe() {
            return Child.abbreviate(String.valueOf(response));
        }
    }

    /** {@code tools/call}; a JSON-RPC error or no answer comes back with a null {@code result}. */
    public ToolAnswer call(String tool, JsonNode arguments) {
        ObjectNode params = Json.object();
        params.put("name", tool);
        params.set("arguments", arguments);
        JsonNode response = request("tools/call", params, Child.HANG_LIMIT);
        if (response == null || !response.path("result").isObject()) {
            return new ToolAnswer(true, null, response);
        }
        JsonNode result = response.get("result");
        JsonNode structured = result.get("structuredContent");
        JsonNode content = structured != null && structured.isObject() ? structured : textContent(result);
        return new ToolAnswer(result.path("isError").asBoolean(false), content, response);
    }

    /** The {@code tools/list} result, or null. */
    public JsonNode listTools() {
        JsonNode response = request("tools/list", Json.object(), Duration.ofSeconds(60));
        return response == null ? null : response.get("result");
    }

    /** Lines on stdout that were not JSON-RPC messages. */
    public List<String> protocolProblems() {
        synchronized (protocolProblems) {
            return List.copyOf(protocolProblems);
        }
    }

    public String stderrTail() {
        synchronized (stderr) {
            return stderr.length() <= 800 ? stderr.toString() : "..." + stderr.substring(stderr.length() - 800);
        }
    }

    private static JsonNode textContent(JsonNode result) {
        for (JsonNode item : result.path("content")) {
            if ("text".equals(Json.text(item, "type"))) {
                StringBuilder why = new StringBuilder();
                return Json.parse(Json.text(item, "text"), why).orElse(null);
            }
        }
        return null;
    }

    private JsonNode request(String method, JsonNode params, Duration limit) {
        long id;
        BlockingQueue<JsonNode> answer = new LinkedBlockingQueue<>();
        synchronized (this) {
            id = nextId++;
        }
        pending.put(id, answer);
        try {
            send(message(method, params, id));
            return answer.poll(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            pending.remove(id);
        }
    }

    private static ObjectNode message(String method, JsonNode params, Long id) {
        ObjectNode message = Json.object();
        message.put("jsonrpc", "2.0");
        if (id != null) {
            message.put("id", id);
        }
        message.put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        return message;
    }

    private synchronized void send(JsonNode message) {
        try {
            stdin.write((Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            protocolProblems.add("cannot write to the server's stdin: " + e.getMessage());
        }
    }

    private void readStdout(InputStream out) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                StringBuilder why = new StringBuilder();
                JsonNode message = Json.parse(line, why).orElse(null);
                if (message == null || !message.isObject() || !"2.0".equals(Json.text(message, "jsonrpc"))) {
                    protocolProblems.add("not a JSON-RPC message on stdout: " + Child.abbreviate(line));
                } else if (message.has("method") && message.has("id")) {
                    answerServerRequest(message);
                } else if (message.has("id") && message.get("id").canConvertToLong()) {
                    BlockingQueue<JsonNode> waiting = pending.get(message.get("id").asLong());
                    if (waiting != null) {
                        waiting.add(message);
                    }
                }
            }
        } catch (IOException e) {
            // The server is gone; requests still waiting time out.
        }
    }

    private void answerServerRequest(JsonNode request) {
        ObjectNode answer = Json.object();
        answer.put("jsonrpc", "2.0");
        answer.set("id", request.get("id"));
        if ("ping".equals(Json.text(request, "method"))) {
            answer.putObject("result");
        } else {
            answer.putObject("error").put("code", -32601).put("message", "the conformance kit offers no client features");
        }
        send(answer);
    }

    private void readStderr(InputStream err) {
        byte[] buffer = new byte[8192];
        try {
            for (int n = err.read(buffer); n >= 0; n = err.read(buffer)) {
                synchronized (stderr) {
                    stderr.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    if (stderr.length() > 64_000) {
                        stderr.delete(0, stderr.length() - 32_000);
                    }
                }
            }
        } catch (IOException e) {
            // The server is gone.
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Closes stdin (an MCP server's signal to exit), waits briefly, then ends the process tree. */
    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // Already gone.
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                Child.destroyTree(process.toHandle());
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Child.destroyTree(process.toHandle());
        }
    }
}
