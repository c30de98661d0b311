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
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.json.JsonMapper;

/**
 * Capture benchmark against the simulated Pixel (1080x2400 ~1 MB PNG, 200 KB hierarchy) through a
 * private real adb server. Prints medians and ratios; asserts nothing. The modes run interleaved
 * (one of each per round, after warm-up rounds), so a machine whose load changes during the run
 * slows every mode alike and the ratios stay comparable. The warm MCP capture is measured twice,
 * against two servers: through {@link McpLineClient} (the MCP counterpart of the bare client, so
 * the figure is the server's) and through the Java SDK's client (what a Java agent host adds).
 *
 * <p>Usage (bench/capture-bench.sh runs it): {@code CaptureBench <repoRoot> <outDir> <serial>
 * <iterations> <phones>}, with a private adb server already started on ANDROID_ADB_SERVER_PORT.
 */
public final class CaptureBench {
    static final String OPERATOR = "com.androperator.operator.dev";
    private static final int WARMUP = 5;
    /**
     * Unmeasured captures of each in-process mode before the rounds: "warm" means what a
     * long-lived process (an agent's MCP server, a test suite's JVM) runs after the JIT compiled
     * its hot path, which five rounds do not reach. Process modes need no such warm-up.
     * BENCH_JIT_WARMUP sets another count (fewer for a quick look while developing).
     */
    private static final int JIT_WARMUP = Integer.parseInt(System.getenv().getOrDefault("BENCH_JIT_WARMUP", "40"));
    /** Concurrent rounds of the phones (each followed by a serial one); BENCH_PHONE_ROUNDS sets another count. */
    private static final int PHONE_ROUNDS = atLeastOne("BENCH_PHONE_ROUNDS", "10");

    /** The modes that run in a process that outlives one capture. */
    private static final java.util.Set<String> IN_PROCESS = java.util.Set.of("bare adb-socket client",
            "Java API capture, phases timed", "warm Java API capture", "warm MCP capture",
            "warm MCP capture, Java SDK client", "CLI capture process, daemon");

    private static int atLeastOne(String variable, String fallback) {
        int value = Integer.parseInt(System.getenv().getOrDefault(variable, fallback));
        if (value < 1) {
            throw new IllegalArgumentException(variable + " must be at least 1, not " + value);
        }
        return value;
    }

    private final Path root;
    private final Path out;
    private final String serial;
    private final int iterations;
    private final int phoneCount;
    private final Map<String, String> environment;
    private final int port;
    private final PhaseTimer phases = new PhaseTimer();
    private final ServerCpu serverCpu = new ServerCpu();
    private final List<Map<String, Double>> phaseRuns = new ArrayList<>();
    private int captures;
    private final List<String> incomplete = new ArrayList<>();

    private CaptureBench(Path root, Path out, String serial, int iterations, int phoneCount) {
        this.root = root;
        this.out = out;
        this.serial = serial;
        this.iterations = iterations;
        this.phoneCount = phoneCount;
        this.environment = new HashMap<>(System.getenv());
        this.port = Integer.parseInt(environment.get("ANDROID_ADB_SERVER_PORT"));
    }

    public static void main(String[] args) throws Exception {
        try {
            new CaptureBench(Path.of(args[0]), Path.of(args[1]), args[2], Integer.parseInt(args[3]),
                    Integer.parseInt(args[4])).run();
        } catch (Exception | Error e) {
            // A server or client thread still running would otherwise keep this JVM, and the run, alive.
            e.printStackTrace();
            System.exit(1);
        }
    }

    private void run() throws Exception {
        System.out.printf("%d measured rounds after %d warm-up rounds (and %d JIT warm-up captures of each in-process mode);"
                + " device %s; adb server port %d%n", iterations, WARMUP, JIT_WARMUP, serial, port);
        Path sample = newBundle();
        CaptureOutcome first = EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(sample)
                .deviceSerial(serial).operatorPackage(OPERATOR).build(),
                CaptureDependencies.builder().environment(environment).build());
        if (!first.succeeded()) {
            throw new IllegalStateException("the floor's sample capture is not complete: " + first.toResult().message());
        }
        BareAdbClient bare = new BareAdbClient(port, serial, OPERATOR);
        Map<String, long[]> figures;
        Map<String, Double> throughput;
        try (McpSession mcp = new McpSession(); McpLineClient line = new McpLineClient(
                root.resolve("bin/androperator-mcp"), mcpEnvironment())) {
            serverCpu.measureFloor(out, sample, ServerCpu.javaOf(line.process()));
            cleanBundles();
            Map<String, Runnable> modes = new LinkedHashMap<>();
            modes.put("bare adb-socket client", bare::capture);
            modes.put("Java API capture, phases timed", this::timedCapture);
            modes.put("warm Java API capture", this::apiCapture);
            modes.put("warm MCP capture", () -> record(line.capture(serial, OPERATOR)));
            modes.put("warm MCP capture, Java SDK client", () -> mcp.capture(serial));
            modes.put("CLI capture process", () -> cliCapture(Map.of("ANDROPERATOR_DAEMON", "off")));
            modes.put("CLI capture process, daemon", () -> cliCapture(daemonEnvironment()));
            modes.put("androperator --version", () -> launch("androperator --version", Map.of(), "--version"));
            // The launcher's JVM and flags, stopped after the banner; without the tool's CDS archive,
            // which names the tool's jar as its class path and so cannot serve a JVM without it.
            modes.put("java -version, launcher's flags", () -> launch("java -version",
                    Map.of("ANDROPERATOR_JAVA_OPTS", "-version", "ANDROPERATOR_CDS", "off"), "--version"));
            modes.put("java -version, no flags", this::plainJavaVersion);
            serverCpu.watch("warm MCP capture", line.process());
            serverCpu.watch("warm MCP capture, Java SDK client", mcp.server);
            try {
                figures = interleaved(modes);
            } finally {
                launch("androperator daemon stop", daemonEnvironment(), "daemon", "stop");
            }
            throughput = manyPhones(mcp);
        }
        serverCpu.measureFloorAgain();
        serverCpu.close();
        report(figures, throughput, bare.screenshotBytes());
    }

    /**
     * Every mode once per round, WARMUP rounds unmeasured, then {@code iterations} measured rounds.
     * Each round starts one mode later than the one before, so every mode follows every other
     * equally often: a capture straight after another capture in the same process finds its caches
     * and threads warm, one after a JVM launch finds them cold, and a fixed order would hand the
     * first to some modes and the second to others.
     */
    private Map<String, long[]> interleaved(Map<String, Runnable> modes) {
        Map<String, long[]> micros = new LinkedHashMap<>();
        modes.keySet().forEach(name -> micros.put(name, new long[iterations]));
        System.out.printf("%d unmeasured captures of each in-process mode (JIT warm-up)%n", JIT_WARMUP);
        for (int capture = 0; capture < JIT_WARMUP; capture++) {
            for (Map.Entry<String, Runnable> mode : modes.entrySet()) {
                if (IN_PROCESS.contains(mode.getKey())) {
                    mode.getValue().run();
                    cleanBundles();
                }
            }
        }
        phaseRuns.clear();
        for (int round = -WARMUP; round < iterations; round++) {
            System.out.printf("round %d of %d%n", round + WARMUP + 1, iterations + WARMUP);
            List<Map.Entry<String, Runnable>> order = new ArrayList<>(modes.entrySet());
            java.util.Collections.rotate(order, -Math.floorMod(round, order.size()));
            for (Map.Entry<String, Runnable> mode : order) {
                long cpuBefore = serverCpu.nanos(mode.getKey());
                long started = System.nanoTime();
                mode.getValue().run();
                long elapsed = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - started);
                if (round >= 0) {
                    serverCpu.add(mode.getKey(), cpuBefore);
                }
                cleanBundles();
                if (round >= 0) {
                    micros.get(mode.getKey())[round] = elapsed;
                } else if (mode.getKey().startsWith("Java API capture, phases")) {
                    phaseRuns.clear();
                }
            }
        }
        return micros;
    }

    private Map<String, Double> manyPhones(McpSession mcp) throws Exception {
        System.out.printf("starting %d simulated phones, each with its own screen ...%n", phoneCount);
        double[] together = new double[PHONE_ROUNDS];
        double[] oneByOne = new double[PHONE_ROUNDS];
        List<String> crossTalk;
        Map<String, ProcessHandle> processes = CpuTime.participants(port, mcp.server);
        Map<String, Long> concurrentCpu = new LinkedHashMap<>();
        long compilerNanos = 0;
        long collectorNanos = 0;
        long kernelNanos = 0;
        try (ManyPhones phones = new ManyPhones(phoneCount, AdbServerHarness.locateAdb().toString(), port)) {
            phones.serially(mcp::capture); // warm-up: every phone's first capture
            // One concurrent round unmeasured, as the serial modes have warm-up rounds (see Burst).
            burst(phones, mcp, processes, "concurrent warm-up round (not counted): MCP server CPU a capture");
            for (int round = 0; round < PHONE_ROUNDS; round++) {
                System.out.printf("%d phones, round %d of %d%n", phoneCount, round + 1, PHONE_ROUNDS);
                Burst burst = burst(phones, mcp, processes, "MCP server CPU a capture in this round:");
                System.out.printf("  compute floor beside this round: %.1f ms of CPU a capture (%s)%n",
                        serverCpu.measureFloorBesideRound(burst.serverMillis(phoneCount)), serverCpu.floorParts());
                together[round] = burst.millis();
                CpuTime.add(concurrentCpu, burst.cpuBefore(), burst.cpuAfter());
                compilerNanos += burst.overhead().compilerNanos();
                collectorNanos += burst.overhead().collectorNanos();
                kernelNanos = kernelNanos < 0 || burst.overhead().kernelNanos() < 0 ? -1
                        : kernelNanos + burst.overhead().kernelNanos();
                oneByOne[round] = phones.serially(mcp::capture);
                cleanMcpBundles();
            }
            crossTalk = phones.crossTalk();
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        serverCpu.concurrent(concurrentCpu.getOrDefault("MCP server", 0L), compilerNanos, collectorNanos, kernelNanos,
                PHONE_ROUNDS * phoneCount);
        figures.put("concurrent", median(together));
        figures.put("serial", median(oneByOne));
        System.out.println(crossTalk.isEmpty() ? "" : "CROSS-TALK: " + crossTalk);
        figures.put("crossTalk", (double) crossTalk.size());
        concurrentCpu.forEach((name, nanos) -> figures.put("cpu " + name, nanos / 1e6 / PHONE_ROUNDS / phoneCount));
        return figures;
    }

    /**
     * One concurrent round of every phone: its wall time in ms, every participant's CPU before and
     * after it (the bundles' check included), and the server's JIT compilers' and collector's parts
     * (each thread read in clock ticks of 10 ms, so a round's part moves in steps of about 0.6 ms a
     * capture at 16 phones; the sum over the rounds is the figure). The benchmark runs one such round unmeasured
     * before the measured ones. The server's first burst of {@code phoneCount} captures starts in
     * the small heap the serial modes used (32 MB at the start; before 0f7752b G1's periodic
     * collection shrank it to 12-28 MB), and pays for growing it (collections one after another,
     * and every new page touched for the first time); it also grows the tool-call and helper pools
     * and meets the JIT on the concurrent paths. In the four JDK 17 runs of docs/benchmarks.md's "Eighth pass", the first two
     * concurrent rounds cost 36-73 ms a capture and the later ones 29-47; round 1 after the
     * unmeasured one still cost 40-45 ms against 29-36 for rounds 2-10 in the final runs.
     */
    private record Burst(double millis, Map<String, Long> cpuBefore, Map<String, Long> cpuAfter,
            ServerCpu.Overhead overhead) {
        /** The MCP server's CPU a capture in this burst of {@code captures}, in ms. */
        double serverMillis(int captures) {
            return (cpuAfter.getOrDefault("MCP server", 0L) - cpuBefore.getOrDefault("MCP server", 0L)) / 1e6 / captures;
        }
    }

    /** Runs one {@link Burst}, prints the server's CPU a capture in it after {@code label}, and removes its bundles. */
    private Burst burst(ManyPhones phones, McpSession mcp, Map<String, ProcessHandle> processes, String label)
            throws Exception {
        Map<String, Long> before = CpuTime.of(processes);
        ServerCpu.Overhead overheadBefore = ServerCpu.Overhead.of(mcp.server);
        double millis = phones.concurrently(mcp::capture);
        Map<String, Long> after = CpuTime.of(processes);
        ServerCpu.Overhead overhead = ServerCpu.Overhead.of(mcp.server).since(overheadBefore);
        Burst burst = new Burst(millis, before, after, overhead);
        System.out.printf("  %s %.1f ms, of it JIT %.1f ms, collector %.1f ms, kernel %s ms; %s minor page faults a capture%n",
                label, burst.serverMillis(phoneCount),
                overhead.compilerNanos() / 1e6 / phoneCount, overhead.collectorNanos() / 1e6 / phoneCount,
                overhead.kernelNanos() < 0 ? "unreadable" : String.format("%.1f", overhead.kernelNanos() / 1e6 / phoneCount),
                overhead.minorFaults() < 0 ? "unreadable" : String.valueOf(overhead.minorFaults() / phoneCount));
        cleanMcpBundles();
        return burst;
    }

    // --- The product, every way it is used --------------------------------------------------

    private void timedCapture() {
        CaptureDependencies dependencies = phases.decorate(CaptureDependencies.builder(), environment)
                .environment(environment).build();
        phases.take();
        long started = System.nanoTime();
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(newBundle())
                .deviceSerial(serial).operatorPackage(OPERATOR).build(), dependencies);
        double wall = (System.nanoTime() - started) / 1e6;
        Map<String, Double> run = phases.take();
        run.put("wall", wall);
        phaseRuns.add(run);
        record(outcome.toResult());
    }

    private void apiCapture() {
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(newBundle())
                .deviceSerial(serial).operatorPackage(OPERATOR).build(),
                CaptureDependencies.builder().environment(environment).build());
        record(outcome.toResult());
    }

    /**
     * ANDROPERATOR_DAEMON=on, with the daemon's files under out/runtime: the launcher hands the
     * capture to the capture daemon, which its first capture (a JIT warm-up one) started.
     */
    private Map<String, String> daemonEnvironment() {
        Path runtime = out.resolve("runtime");
        try {
            if (!Files.isDirectory(runtime)) {
                Files.createDirectory(runtime, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("ANDROPERATOR_DAEMON", "on", "XDG_RUNTIME_DIR", runtime.toString());
    }

    private void cliCapture(Map<String, String> extra) {
        Path stdout = out.resolve("cli-result.json");
        Process process = start(List.of(root.resolve("bin/androperator").toString(), "evidence", "capture",
                "--device", serial, "--operator-package", OPERATOR, "--output-dir", newBundle().toString()),
                ProcessBuilder.Redirect.to(stdout.toFile()), extra);
        await(process, "androperator evidence capture", true);
        try {
            record(ContractJson.read(Files.readAllBytes(stdout), CommandResult.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** bin/androperator with {@code arguments} and {@code extra} in its environment. */
    private void launch(String what, Map<String, String> extra, String... arguments) {
        List<String> command = new ArrayList<>(List.of(root.resolve("bin/androperator").toString()));
        command.addAll(List.of(arguments));
        await(start(command, ProcessBuilder.Redirect.DISCARD, extra), what, false);
    }

    private void plainJavaVersion() {
        await(start(List.of("java", "-version"), ProcessBuilder.Redirect.DISCARD, Map.of()), "java -version", false);
    }

    /** Both MCP servers' environment: the bench's, with their managed bundles under mcp-root. */
    private Map<String, String> mcpEnvironment() {
        Map<String, String> serverEnvironment = new HashMap<>(environment);
        serverEnvironment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("mcp-root").toString());
        // BENCH_MCP_JAVA_OPTS: JVM options for the MCP servers alone, e.g. a flight recording to profile them.
        String serverOptions = environment.get("BENCH_MCP_JAVA_OPTS");
        if (serverOptions != null && !serverOptions.isBlank()) {
            serverEnvironment.put("ANDROPERATOR_JAVA_OPTS", serverOptions);
        }
        // BENCH_MCP_JAVA_HOME: the JDK the MCP servers alone run on (the launcher's JAVA_HOME), e.g. a
        // JDK 25 as the linux-x64 archive's runtime, which then maps the server's AOT cache.
        String serverJava = environment.get("BENCH_MCP_JAVA_HOME");
        if (serverJava != null && !serverJava.isBlank()) {
            serverEnvironment.put("JAVA_HOME", serverJava);
        }
        return serverEnvironment;
    }

    /** One MCP server process for all calls, as an agent host keeps it, driven by the Java SDK's client. */
    private final class McpSession implements AutoCloseable {
        private final McpSyncClient client;
        /** Its server: the one androperator-mcp JVM among this JVM's descendants when it started. */
        private final ProcessHandle server;

        McpSession() {
            ServerParameters parameters = ServerParameters.builder(root.resolve("bin/androperator-mcp").toString())
                    .env(mcpEnvironment()).build();
            StdioClientTransport transport = new StdioClientTransport(parameters,
                    new JacksonMcpJsonMapper(JsonMapper.builder().build()));
            transport.setStdErrorHandler(line -> System.err.println("mcp server: " + line));
            client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(3)).build();
            client.initialize();
            server = ServerCpu.onlyMcpServer();
        }

        /** Calls whose request the SDK's stdio transport refused to queue, and which were sent again. */
        private final java.util.concurrent.atomic.AtomicInteger resent = new java.util.concurrent.atomic.AtomicInteger();

        /** One evidence_capture of {@code device}; its bundle is kept until the caller cleans up. */
        CommandResult capture(String device) {
            CallToolResult result = callTool(CallToolRequest.builder("evidence_capture")
                    .arguments(Map.of("deviceId", device, "operatorPackage", OPERATOR)).build());
            CommandResult command = ContractJson.mapper().convertValue(result.structuredContent(), CommandResult.class);
            record(command);
            return command;
        }

        /**
         * The SDK 2.2.0 client's stdio transport queues each request with a sink that refuses two
         * threads at once ("Failed to enqueue message", Reactor's rule 1.3), which the concurrent
         * rounds' 16 callers meet now and then. Such a request never reached the server, so it is
         * sent again; how often is printed with the report.
         */
        private CallToolResult callTool(CallToolRequest request) {
            for (int attempt = 1; ; attempt++) {
                try {
                    return client.callTool(request);
                } catch (RuntimeException e) {
                    if (attempt == 5 || !notQueued(e)) {
                        throw e;
                    }
                    resent.incrementAndGet();
                }
            }
        }

        private static boolean notQueued(Throwable e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if ("Failed to enqueue message".equals(cause.getMessage())) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void close() {
            if (resent.get() > 0) {
                System.out.printf("SDK client: %d requests sent again after its transport refused to queue them%n",
                        resent.get());
            }
            client.closeGracefully();
        }
    }

    // --- Reporting --------------------------------------------------------------------------

    private void report(Map<String, long[]> figures, Map<String, Double> throughput, long screenshotBytes) {
        double bare = median(figures.get("bare adb-socket client"));
        System.out.println();
        System.out.printf("screenshot %,d bytes; medians of %d rounds%n", screenshotBytes, iterations);
        System.out.printf("%-38s %10s %9s %9s %9s%n", "mode", "median ms", "min ms", "max ms", "x bare");
        for (Map.Entry<String, long[]> mode : figures.entrySet()) {
            long[] sorted = mode.getValue().clone();
            Arrays.sort(sorted);
            double median = median(mode.getValue());
            System.out.printf("%-38s %10.1f %9.1f %9.1f %9.2f%n", mode.getKey(), median, sorted[0] / 1e3,
                    sorted[sorted.length - 1] / 1e3, median / bare);
        }
        System.out.println();
        System.out.println("phases of the timed Java API capture (self time of each port call; median per phase):");
        double sum = 0;
        for (String phase : phaseRuns.get(0).keySet()) {
            double[] values = phaseRuns.stream().mapToDouble(run -> run.getOrDefault(phase, 0.0)).toArray();
            double median = median(values);
            if (!phase.equals("wall")) {
                sum += median;
            }
            System.out.printf("  %-36s %10.1f ms %9.2f x bare%n", phase, median, median / bare);
        }
        System.out.printf("  %-36s %10.1f ms (the rest of wall: the domain's own work and waiting; negative when"
                + " phases overlap)%n", "wall - sum of phases", median(phaseRuns.stream()
                .mapToDouble(run -> run.get("wall")).toArray()) - sum);
        double api = median(figures.get("warm Java API capture"));
        double mcp = median(figures.get("warm MCP capture"));
        double mcpSdk = median(figures.get("warm MCP capture, Java SDK client"));
        System.out.println();
        System.out.println("the issue's ratios (Done when):");
        System.out.printf("  warm Java API capture / bare client          %6.2f   (target <= 1.0)%n", api / bare);
        System.out.printf("  warm MCP capture / bare client               %6.2f   (target <= 1.0; line client)%n", mcp / bare);
        System.out.printf("  the same through the Java SDK's client       %6.2f   (%.1f ms of it is the SDK client's own)%n",
                mcpSdk / bare, mcpSdk - mcp);
        System.out.printf("  androperator --version / java -version       %6.2f   (target <= 2.5; same JVM flags)%n",
                median(figures.get("androperator --version")) / median(figures.get("java -version, launcher's flags")));
        System.out.printf("  CLI capture process / warm MCP capture       %6.2f   (target <= 2.5; a JVM per capture)%n",
                median(figures.get("CLI capture process")) / mcp);
        System.out.printf("  the same with ANDROPERATOR_DAEMON=on         %6.2f   (target <= 2.5; the launcher hands it to"
                + " the capture daemon)%n", median(figures.get("CLI capture process, daemon")) / mcp);
        serverCpu.report();
        System.out.printf("  %d phones through one MCP server: concurrent %.0f ms, serial %.0f ms, ratio %.2f"
                        + " (target <= 0.33); cross-talk: %s%n", phoneCount, throughput.get("concurrent"),
                throughput.get("serial"), throughput.get("concurrent") / throughput.get("serial"),
                throughput.get("crossTalk") == 0 ? "none, every bundle holds its own phone's screen"
                        : throughput.get("crossTalk").intValue() + " bundles with another phone's screen");
        double cpuPerCapture = 0;
        StringBuilder cpu = new StringBuilder();
        for (Map.Entry<String, Double> figure : throughput.entrySet()) {
            if (figure.getKey().startsWith("cpu ")) {
                cpuPerCapture += figure.getValue();
                cpu.append(String.format(", %s %.1f", figure.getKey().substring(4), figure.getValue()));
            }
        }
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("  CPU per capture while the %d phones are captured at once: %.1f ms in all%s;"
                        + " on %d CPUs that alone takes %.1f ms a capture, against %.1f ms concurrent and %.1f ms serial%n",
                phoneCount, cpuPerCapture, cpu, cores, cpuPerCapture / cores,
                throughput.get("concurrent") / phoneCount, throughput.get("serial") / phoneCount);
        System.out.printf("%d captures, %d not complete%s%n", captures, incomplete.size(),
                incomplete.isEmpty() ? "" : ": " + incomplete.subList(0, Math.min(5, incomplete.size())));
    }

    /** Median in milliseconds of values in microseconds. */
    private static double median(long[] micros) {
        return median(Arrays.stream(micros).mapToDouble(value -> value / 1e3).toArray());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }

    private synchronized void record(CommandResult result) {
        captures++;
        if (!"complete".equals(result.status())) {
            incomplete.add(result.code() + ": " + result.message());
        }
    }

    // --- Processes and files ----------------------------------------------------------------

    private Path newBundle() {
        return out.resolve("bundles").resolve("b" + System.nanoTime());
    }

    /** Sets the bundles of the modes aside ({@link RetiredBundles}) and leaves an empty directory for the next. */
    private void cleanBundles() {
        RetiredBundles.retire(out.resolve("bundles"), out);
        cleanMcpBundles();
        try {
            Files.createDirectories(out.resolve("bundles"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void cleanMcpBundles() {
        RetiredBundles.retire(out.resolve("mcp-root").resolve("bundles"), out);
    }

    private Process start(List<String> command, ProcessBuilder.Redirect stdout, Map<String, String> extra) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().putAll(environment);
            builder.environment().putAll(extra);
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(Process process, String what, boolean anyStatus) {
        try {
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(what + " hung");
            }
            if (process.exitValue() != 0 && !anyStatus) {
                throw new IllegalStateException(what + " exited " + process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
