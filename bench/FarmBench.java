import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Farm mode: N simulated phones with real phones' latencies (screencap 700 ms, each of the
 * Operator's two commands 450 ms, dumpsys/getprop/wm 50-80 ms), each with its own screen, on the
 * bench's one adb server, captured all at once through one MCP server, against one phone alone.
 * Every bundle must be complete and hold its own phone's screen. Prints each farm run's wall time
 * and its ratio to one phone's capture, the server's CPU per capture (its JIT compilers' and
 * collector's shares) and its peak RSS (VmHWM), then what the adb server and this JVM (the phones
 * and the client) spent in the run. Every reading is taken as the run's last answer arrives, before
 * the bundles are checked: work the server's threads finish after it (a compilation, a concurrent
 * collection) is counted in no run. Asserts nothing.
 *
 * <p>Usage (bench/farm-bench.sh runs it): {@code FarmBench <repoRoot> <outDir> <phones> <runs>}, with
 * a private adb server already started on ANDROID_ADB_SERVER_PORT.
 */
public final class FarmBench {
    private static final int ALONE = 5;

    /** A real phone's service times, by the simulator's latency keys (the longest matching words win). */
    static SimulatorProfile.Builder realLatencies(SimulatorProfile.Builder phone) {
        return phone.latency("screencap", 700)
                .latency("dumpsys display", 80).latency("dumpsys input", 60).latency("dumpsys package", 70)
                .latency("getprop", 50).latency("wm size", 60).latency("wm density", 60)
                .operator(operator -> operator.withDelayMs(450));
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int count = Integer.parseInt(args[2]);
        int runs = Integer.parseInt(args[3]);
        Map<String, String> environment = new HashMap<>(System.getenv());
        int port = Integer.parseInt(environment.get("ANDROID_ADB_SERVER_PORT"));
        environment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("farm-root").toString());
        // BENCH_MCP_JAVA_HOME: the JDK the MCP server runs on (the launcher's JAVA_HOME), as in
        // capture-bench.sh; a JDK 25 maps the server's AOT cache, as the linux-x64 archive's runtime does.
        String serverJava = environment.get("BENCH_MCP_JAVA_HOME");
        if (serverJava != null && !serverJava.isBlank()) {
            environment.put("JAVA_HOME", serverJava);
        }
        System.out.printf("farm: %d simulated phones with real phones' latencies (screencap 700 ms, Operator 450 ms"
                + " a command, dumpsys/getprop/wm 50-80 ms), one adb server, one MCP server%n", count);
        try (ManyPhones phones = new ManyPhones(count, AdbServerHarness.locateAdb().toString(), port,
                FarmBench::realLatencies);
             McpLineClient server = new McpLineClient(root.resolve("bin/androperator-mcp"), environment)) {
            List<String> incomplete = new ArrayList<>();
            String first = phones.serials().get(0);
            for (int i = 0; i < 2; i++) { // each capture path warm before the first one is timed
                complete(List.of(server.capture(first, CaptureBench.OPERATOR)), incomplete);
            }
            double[] alone = new double[ALONE];
            for (int i = 0; i < ALONE; i++) {
                long started = System.nanoTime();
                complete(List.of(server.capture(first, CaptureBench.OPERATOR)), incomplete);
                alone[i] = (System.nanoTime() - started) / 1e6;
            }
            double one = median(alone);
            System.out.printf("one phone alone: median %.0f ms of %d captures%n", one, ALONE);
            phones.atOnce(serials -> complete(server.captureAll(serials, CaptureBench.OPERATOR), incomplete));
            System.out.println("warm-up: every phone captured once, all at once (not timed)");
            clean(out);
            System.out.printf("MCP server on %s%n", server.process().info().command().orElse("an unknown java"));
            Map<String, ProcessHandle> participants = CpuTime.participants(port, server.process());
            for (int run = 1; run <= runs; run++) {
                Map<String, Long> cpuBefore = CpuTime.of(participants);
                ServerCpu.Overhead overheadBefore = ServerCpu.Overhead.of(server.process());
                // Read as the last answer arrives, before ManyPhones checks every bundle (untimed).
                Map<String, Long> cpuAfter = new LinkedHashMap<>();
                ServerCpu.Overhead[] overheadAfter = new ServerCpu.Overhead[1];
                double wall = phones.atOnce(serials -> {
                    List<CommandResult> results = server.captureAll(serials, CaptureBench.OPERATOR);
                    cpuAfter.putAll(CpuTime.of(participants));
                    overheadAfter[0] = ServerCpu.Overhead.of(server.process());
                    return complete(results, incomplete);
                });
                Map<String, Long> spent = new LinkedHashMap<>();
                CpuTime.add(spent, cpuBefore, cpuAfter);
                long all = spent.values().stream().mapToLong(Long::longValue).sum();
                int cpus = Runtime.getRuntime().availableProcessors();
                double cpu = spent.getOrDefault("MCP server", 0L) / 1e6 / count;
                ServerCpu.Overhead overhead = overheadAfter[0].since(overheadBefore);
                double compiler = overhead.compilerNanos() / 1e6 / count;
                double collector = overhead.collectorNanos() / 1e6 / count;
                System.out.printf("  farm run %d of %d   %6.0f ms   %5.2f x one phone (target <= 2.0); server CPU %.1f ms"
                        + " a capture (JIT compilers %.1f and collector %.1f of it); peak RSS %s%n", run, runs, wall,
                        wall / one, cpu, compiler, collector, peakRss(server.process()));
                // The farm's time is the host's CPU as much as the server's: what the others spent in the run.
                System.out.printf("    the others' CPU a capture: adb server %.1f ms, phones and client (this JVM) %.1f ms;"
                        + " with the server, all %.1f ms, which alone keep the %d CPUs busy for %.0f ms of the run%n",
                        spent.getOrDefault("adb server", 0L) / 1e6 / count,
                        spent.getOrDefault("phones and client (this JVM)", 0L) / 1e6 / count,
                        all / 1e6 / count, cpus, all / 1e6 / cpus);
                clean(out);
            }
            System.out.printf("%d farm captures not complete%s; cross-talk: %s%n", incomplete.size(),
                    incomplete.isEmpty() ? "" : ": " + incomplete.subList(0, Math.min(5, incomplete.size())),
                    phones.crossTalk().isEmpty() ? "none, every bundle holds its own phone's screen" : phones.crossTalk());
        }
    }

    /** The results as they are, each one that is not complete noted in {@code incomplete}. */
    private static List<CommandResult> complete(List<CommandResult> results, List<String> incomplete) {
        for (CommandResult result : results) {
            if (!"complete".equals(result.status())) {
                incomplete.add(result.code() + ": " + result.message());
            }
        }
        return results;
    }

    /** VmHWM of the process's /proc status: the most resident memory it ever had. */
    private static String peakRss(ProcessHandle process) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status")).stream()
                .filter(line -> line.startsWith("VmHWM:"))
                .map(line -> line.substring("VmHWM:".length()).strip().replaceAll(" +", " "))
                .findFirst().orElse("unknown");
    }

    private static void clean(Path out) throws IOException {
        Path bundles = out.resolve("farm-root").resolve("bundles");
        if (Files.exists(bundles)) {
            try (var files = Files.walk(bundles)) {
                for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }
}
