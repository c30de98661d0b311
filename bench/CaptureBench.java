import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.CaptureOptions;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Capture benchmark against the simulated phone (1080x2400 ~1 MB PNG, 200 KB hierarchy) through
 * a private real adb server. Prints medians and ratios to the raw floor; asserts nothing.
 *
 * <p>Usage (bench/capture-bench.sh runs it): {@code CaptureBench <repoRoot> <outDir> <serial>
 * <iterations>}, with a private adb server already started on ANDROID_ADB_SERVER_PORT.
 */
public final class CaptureBench {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final Pattern CHUNK = Pattern.compile("\"index\":(\\d+),\"count\":(\\d+)");
    private static final int WARMUP = 5;

    private final Path root;
    private final Path out;
    private final String serial;
    private final int iterations;
    private final Map<String, String> environment;
    private final String adb;
    private final String port;
    private int captures;
    private final List<String> incomplete = new ArrayList<>();

    private CaptureBench(Path root, Path out, String serial, int iterations) {
        this.root = root;
        this.out = out;
        this.serial = serial;
        this.iterations = iterations;
        this.environment = new HashMap<>(System.getenv());
        this.port = environment.get("ANDROID_ADB_SERVER_PORT");
        this.adb = AdbServerHarness.locateAdb().toString();
    }

    public static void main(String[] args) throws Exception {
        CaptureBench bench = new CaptureBench(Path.of(args[0]), Path.of(args[1]), args[2], Integer.parseInt(args[3]));
        bench.run();
    }

    private void run() throws Exception {
        System.out.printf("%d measured iterations per mode after %d warm-up runs; device %s; adb server port %s%n",
                iterations, WARMUP, serial, port);
        long[] screencap = measure("adb exec-out screencap -p", this::rawScreencap);
        long[] roundTrip = measure("Operator round trip via adb", this::rawOperatorRoundTrip);
        long[] floor = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            floor[i] = screencap[i] + roundTrip[i];
        }
        long[] api = measure("Java API capture", this::apiCapture);
        long[] cli = measure("CLI process capture", this::cliCapture);
        long[] mcp;
        try (McpSession session = new McpSession()) {
            mcp = measure("MCP evidence_capture call", session::capture);
        }
        long[] coldStart = measure("CLI cold start (--version)", this::cliVersion);

        double floorMedian = median(floor);
        System.out.println();
        System.out.printf("%-44s %10s %10s %10s %9s%n", "mode", "median ms", "min ms", "max ms", "x floor");
        row("raw: adb exec-out screencap -p", screencap, floorMedian);
        row("raw: Operator snapshot round trip via adb", roundTrip, floorMedian);
        row("raw floor (screencap + round trip)", floor, floorMedian);
        row("Java API captureEvidence", api, floorMedian);
        row("CLI process (evidence capture)", cli, floorMedian);
        row("MCP evidence_capture call", mcp, floorMedian);
        row("CLI cold start (--version)", coldStart, floorMedian);
        System.out.println();
        System.out.println("The floor is what adb alone needs for the same data: one exec-out screencap plus one");
        System.out.println("snapshot_ui broadcast answered through logcat. A capture adds the readiness ping, the");
        System.out.println("metadata reads (getprop, wm size/density, dumpsys input/package), PNG and XML");
        System.out.println("verification and fsynced writes of four files.");
        System.out.printf("%d captures, %d not complete%s%n", captures, incomplete.size(),
                incomplete.isEmpty() ? "" : ": " + incomplete);
    }

    // --- The raw floor: adb command-line tools only -------------------------------------------

    private void rawScreencap() {
        Process process = start(List.of(adb, "-P", port, "-s", serial, "exec-out", "screencap", "-p"),
                ProcessBuilder.Redirect.DISCARD);
        await(process, "adb exec-out screencap");
    }

    /**
     * {@code adb logcat -v time -T 1} started first (the send waits for its first line, as the
     * Operator protocol asks), then {@code adb shell am broadcast ...}, until the last chunk of
     * this command's result arrives.
     */
    private void rawOperatorRoundTrip() {
        String commandId = "bench-" + System.nanoTime();
        Process logcat = start(List.of(adb, "-P", port, "-s", serial, "logcat", "-v", "time", "-T", "1"),
                ProcessBuilder.Redirect.PIPE);
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(logcat.getInputStream(), StandardCharsets.UTF_8))) {
            if (lines.readLine() == null) {
                throw new IllegalStateException("logcat ended before its first line");
            }
            String payload = "{\"commandId\":\"" + commandId + "\",\"taskId\":\"" + commandId + "\",\"source\":\"bench\","
                    + "\"expectedFormat\":\"android-ui-automator\",\"timeoutMs\":30000,"
                    + "\"actions\":[{\"id\":\"snap\",\"type\":\"snapshot_ui\"}]}";
            Process broadcast = start(List.of(adb, "-P", port, "-s", serial, "shell",
                    "am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND -p " + OPERATOR
                            + " --es payload '" + payload + "' --receiver-foreground"),
                    ProcessBuilder.Redirect.DISCARD);
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.contains(commandId)) {
                    continue;
                }
                if (line.contains("[Androperator-Result] ")) {
                    break;
                }
                Matcher chunk = CHUNK.matcher(line);
                if (chunk.find() && Integer.parseInt(chunk.group(1)) + 1 == Integer.parseInt(chunk.group(2))) {
                    break;
                }
            }
            await(broadcast, "adb shell am broadcast");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            logcat.destroy();
        }
    }

    // --- The product, three ways ------------------------------------------------------------

    private void apiCapture() {
        Path bundle = newBundleDirectory();
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(
                CaptureOptions.builder().outputDir(bundle).deviceSerial(serial).operatorPackage(OPERATOR).build(),
                CaptureDependencies.builder().environment(environment).build());
        record(outcome.toResult());
    }

    private void cliCapture() {
        Path bundle = newBundleDirectory();
        Path stdout = out.resolve("cli-result.json");
        Process process = start(List.of(root.resolve("bin/androperator").toString(), "evidence", "capture",
                "--device", serial, "--operator-package", OPERATOR, "--output-dir", bundle.toString()),
                ProcessBuilder.Redirect.to(stdout.toFile()));
        await(process, "androperator evidence capture");
        try {
            record(ContractJson.read(Files.readAllBytes(stdout), CommandResult.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void cliVersion() {
        await(start(List.of(root.resolve("bin/androperator").toString(), "--version"), ProcessBuilder.Redirect.DISCARD),
                "androperator --version");
    }

    /** One MCP server process for all calls, as an agent host keeps it. */
    private final class McpSession implements AutoCloseable {
        private final McpSyncClient client;

        McpSession() {
            Map<String, String> serverEnvironment = new HashMap<>(environment);
            serverEnvironment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("mcp-root").toString());
            ServerParameters parameters = ServerParameters.builder(root.resolve("bin/androperator-mcp").toString())
                    .env(serverEnvironment).build();
            StdioClientTransport transport = new StdioClientTransport(parameters,
                    new JacksonMcpJsonMapper(JsonMapper.builder().build()));
            transport.setStdErrorHandler(line -> System.err.println("mcp server: " + line));
            client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(3)).build();
            client.initialize();
        }

        void capture() {
            CallToolResult result = client.callTool(CallToolRequest.builder("evidence_capture")
                    .arguments(Map.of("deviceId", serial, "operatorPackage", OPERATOR)).build());
            CommandResult command = ContractJson.mapper().convertValue(result.structuredContent(), CommandResult.class);
            record(command);
            deleteTree(Path.of(command.manifestPath()).getParent());
        }

        @Override
        public void close() {
            client.closeGracefully();
        }
    }

    // --- Measuring and reporting ------------------------------------------------------------

    private long[] measure(String name, Runnable run) {
        System.out.printf("measuring %s ...%n", name);
        for (int i = 0; i < WARMUP; i++) {
            run.run();
            cleanBundles();
        }
        long[] millis = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            long started = System.nanoTime();
            run.run();
            millis[i] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            cleanBundles();
        }
        return millis;
    }

    private static void row(String name, long[] millis, double floorMedian) {
        long[] sorted = millis.clone();
        java.util.Arrays.sort(sorted);
        double median = median(millis);
        System.out.printf("%-44s %10.0f %10d %10d %9.2f%n", name, median, sorted[0], sorted[sorted.length - 1],
                median / floorMedian);
    }

    private static double median(long[] millis) {
        long[] sorted = millis.clone();
        java.util.Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }

    private void record(CommandResult result) {
        captures++;
        if (!"complete".equals(result.status())) {
            incomplete.add(result.code() + ": " + result.message());
        }
    }

    private Path newBundleDirectory() {
        return out.resolve("bundles").resolve("b" + System.nanoTime());
    }

    private void cleanBundles() {
        deleteTree(out.resolve("bundles"));
        try {
            Files.createDirectories(out.resolve("bundles"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Process start(List<String> command, ProcessBuilder.Redirect stdout) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout)
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().putAll(environment);
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(Process process, String what) {
        try {
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(what + " hung");
            }
            if (process.exitValue() != 0 && !what.startsWith("androperator evidence capture")) {
                throw new IllegalStateException(what + " exited " + process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
