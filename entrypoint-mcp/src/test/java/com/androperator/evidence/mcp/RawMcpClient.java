package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.ContractJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The MCP server as a child process spoken to line by line, as any stdio client does: JSON-RPC
 * lines written exactly as given (so a test can send what the SDK's client would rewrite, such as
 * a lone surrogate's escape), answers read as they come and decoded as strict UTF-8. Unlike the
 * SDK's client it exposes the process: its pid to signal, its stdin to close, its exit status.
 */
final class RawMcpClient implements AutoCloseable {
    /** A safety net against a hung server, not a timing assertion. */
    private static final long LIMIT_SECONDS = 180;

    private final Process process;
    private final OutputStream stdin;
    private final List<String> lines = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private int nextId = 1;

    private RawMcpClient(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread out = new Thread(this::readStdout, "raw-mcp-stdout");
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(this::readStderr, "raw-mcp-stderr");
        err.setDaemon(true);
        err.start();
    }

    /** Starts the server with exactly {@code environment} and sends initialize and initialized. */
    static RawMcpClient start(Map<String, String> environment, Path workingDirectory, String... serverArgs) {
        List<String> command = new ArrayList<>(List.of(McpServerProcess.javaExecutable()));
        command.addAll(McpServerProcess.command());
        command.addAll(List.of(serverArgs));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            RawMcpClient client = new RawMcpClient(builder.start());
            int id = client.send("initialize", "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"raw-test-client\",\"version\":\"1\"}}");
            client.response(id);
            client.line("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            return client;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readStdout() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (CharacterCodingException e) {
            synchronized (lines) {
                lines.add("NOT UTF-8: " + e);
                lines.notifyAll();
            }
        } catch (IOException e) {
            // The server is gone; what it wrote is kept.
        } finally {
            synchronized (lines) {
                lines.notifyAll();
            }
        }
    }

    private void readStderr() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (stderr) {
                    stderr.add(line);
                }
            }
        } catch (IOException e) {
            // The server is gone.
        }
    }

    /** Writes one line as given. */
    void line(String json) {
        try {
            stdin.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a request with {@code paramsJson} as written; returns its id. */
    int send(String method, String paramsJson) {
        int id = nextId++;
        line("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}");
        return id;
    }

    /** tools/call of {@code tool} with {@code argumentsJson} exactly as written. */
    int call(String tool, String argumentsJson) {
        return send("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + argumentsJson + "}");
    }

    /** The response to {@code id}, as parsed; fails when the server stops writing without one. */
    Map<String, Object> response(int id) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
        synchronized (lines) {
            int seen = 0;
            while (true) {
                for (; seen < lines.size(); seen++) {
                    String line = lines.get(seen);
                    if (line.startsWith("NOT UTF-8")) {
                        throw new IllegalStateException("the server wrote " + line);
                    }
                    @SuppressWarnings("unchecked")
                    Map<String, Object> message = ContractJson.read(line.getBytes(StandardCharsets.UTF_8), Map.class);
                    if (Integer.valueOf(id).equals(message.get("id"))) {
                        return message;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive() && seen == lines.size()) {
                    throw new IllegalStateException("no response to request " + id + "; stderr: " + stderr());
                }
                try {
                    lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(left, TimeUnit.SECONDS.toNanos(1)))));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** The structured content of a tools/call response. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(Map<String, Object> response) {
        return (Map<String, Object>) ((Map<String, Object>) response.get("result")).get("structuredContent");
    }

    static boolean isError(Map<String, Object> response) {
        return Boolean.TRUE.equals(((Map<?, ?>) response.get("result")).get("isError"));
    }

    /** Sends {@code signal} ("INT", "TERM") with kill(1). */
    void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            kill.getInputStream().readAllBytes();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " failed: the server is gone");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    List<String> linesSoFar() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    long pid() {
        return process.pid();
    }

    void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for the server to exit and returns its status. */
    int awaitExit() throws InterruptedException {
        if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException("the server did not exit; stderr: " + stderr());
        }
        return process.exitValue();
    }

    List<String> stderr() {
        synchronized (stderr) {
            return List.copyOf(stderr);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
