package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * The MCP server as a child process driven line by line, as a broken client would: any bytes go
 * to its stdin, each stdout line is one answer, stderr is collected. Limits below are safety
 * nets against a hung server, never timing assertions.
 */
final class RawMcpServer implements AutoCloseable {
    private static final long ANSWER_LIMIT_SECONDS = 120;
    private static final long EXIT_LIMIT_SECONDS = 60;

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> stderr = new LinkedBlockingQueue<>();
    private final List<String> stderrSeen = new ArrayList<>();
    private long linesSent;

    /** The time from closing stdin to the process's exit, and its status. */
    record Exit(int status, long millis) {
    }

    private RawMcpServer(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        pump(process.getInputStream(), stdout::add, "stdout");
        pump(process.getErrorStream(), stderr::add, "stderr");
    }

    /** {@code jvmOptions} go before the main class (e.g. a heap limit), {@code serverArgs} after it. */
    static RawMcpServer start(Map<String, String> environment, Path workingDirectory, List<String> jvmOptions,
                              String... serverArgs) {
        List<String> command = new ArrayList<>(List.of(McpServerProcess.javaExecutable()));
        command.addAll(jvmOptions);
        command.addAll(McpServerProcess.command());
        command.addAll(List.of(serverArgs));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            return new RawMcpServer(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code line} and a newline. */
    void send(String line) {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    void sendBytes(byte[] bytes) {
        countLines(bytes, bytes.length);
        try {
            stdin.write(bytes);
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Streams {@code count} bytes of {@code filler} after {@code prefix}, without keeping them. */
    void sendLong(String prefix, long count, byte filler, String suffix) {
        byte[] chunk = new byte[1 << 20];
        java.util.Arrays.fill(chunk, filler);
        try {
            stdin.write(prefix.getBytes(StandardCharsets.UTF_8));
            for (long left = count; left > 0; left -= chunk.length) {
                stdin.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
            byte[] end = suffix.getBytes(StandardCharsets.UTF_8);
            countLines(end, end.length);
            stdin.write(end);
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many newline-terminated lines were sent: the number of the last one, as the server counts. */
    long linesSent() {
        return linesSent;
    }

    private void countLines(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                linesSent++;
            }
        }
    }

    /** The next stdout line. */
    String nextLine() throws InterruptedException {
        String line = stdout.poll(ANSWER_LIMIT_SECONDS, TimeUnit.SECONDS);
        assertThat(line).as("an answer from the server (stderr: %s)", stderrSeen).isNotNull();
        return line;
    }

    /** The next stdout line as JSON. */
    JsonNode next() throws InterruptedException {
        return ContractJson.mapper().readTree(nextLine());
    }

    /** Stdout lines that arrived and were not read yet. */
    List<String> unread() {
        List<String> lines = new ArrayList<>();
        stdout.drainTo(lines);
        return lines;
    }

    /** Sends {@code request} and returns the next answer, which must carry the same id. */
    JsonNode call(String request) throws InterruptedException {
        send(request);
        JsonNode answer = next();
        assertThat(answer.get("id")).as(answer.toString()).isEqualTo(ContractJson.mapper().readTree(request).get("id"));
        return answer;
    }

    /** initialize, its answer, then notifications/initialized: the session is ready. */
    void initialize() throws InterruptedException {
        JsonNode answer = call(McpLines.INITIALIZE);
        assertThat(answer.path("result").path("serverInfo").path("name").asString()).isEqualTo(Main.SERVER_NAME);
        send(McpLines.INITIALIZED);
    }

    /** Waits for a stderr line that matches; returns it. */
    String awaitStderr(Predicate<String> matching) throws InterruptedException {
        synchronized (stderrSeen) {
            for (String line : stderrSeen) {
                if (matching.test(line)) {
                    return line;
                }
            }
        }
        while (true) {
            String line = stderr.poll(ANSWER_LIMIT_SECONDS, TimeUnit.SECONDS);
            assertThat(line).as("a matching stderr line (seen: %s)", stderrSeen).isNotNull();
            synchronized (stderrSeen) {
                stderrSeen.add(line);
            }
            if (matching.test(line)) {
                return line;
            }
        }
    }

    /** Closes stdin and waits for the process to end. */
    Exit closeStdinAndAwaitExit() throws InterruptedException {
        long closed = System.nanoTime();
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean exited = process.waitFor(EXIT_LIMIT_SECONDS, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closed);
        assertThat(exited).as("the server exits once stdin is closed").isTrue();
        return new Exit(process.exitValue(), millis);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static void pump(InputStream stream, Consumer<String> lines, String name) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                lines.accept("(" + name + " unreadable: " + e.getMessage() + ")");
            }
        }, "raw-mcp-" + name);
        thread.setDaemon(true);
        thread.start();
    }
}
