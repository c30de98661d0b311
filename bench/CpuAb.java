import com.androperator.evidence.simulator.harness.AdbServerHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The same warm capture's CPU in MCP servers of several builds at once (bench/cpu-ab.sh): one server
 * per tree (each tree's own bin/androperator-mcp and jars), all on the same simulated Pixel. Each is
 * warmed by {@code warm} captures, then {@code rounds} rounds follow; in each, every server captures
 * {@code batch} times in turn (the order rotates round by round, so load from other work falls on
 * all alike) while its process's user+system time is read before and after. Prints, per tree, the
 * median and mean CPU per capture over the rounds, and the parts its JIT compiler threads and its
 * collector's threads spent (read in clock ticks of 10 ms a thread: a round's part moves in steps).
 * With CPU_AB_PHONES=N in the environment, the rounds are the benchmark's concurrent ones instead:
 * N more simulated phones (each its own screen), and each of a server's {@code batch} captures is
 * all N phones at once through that server (every capture must be complete).
 */
final class CpuAb {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String serial = args[1];
        int warm = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        int batch = Integer.parseInt(args[4]);
        List<Path> trees = Arrays.stream(args).skip(5).map(Path::of).toList();
        int phoneCount = Integer.parseInt(System.getenv().getOrDefault("CPU_AB_PHONES", "0"));
        List<McpLineClient> servers = new ArrayList<>();
        try (ManyPhones phones = phoneCount == 0 ? null : new ManyPhones(phoneCount,
                AdbServerHarness.locateAdb().toString(), Integer.parseInt(System.getenv("ANDROID_ADB_SERVER_PORT")))) {
            for (int i = 0; i < trees.size(); i++) {
                Map<String, String> environment = new HashMap<>(System.getenv());
                environment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("ab-root-" + i).toString());
                servers.add(new McpLineClient(trees.get(i).resolve("bin/androperator-mcp"), environment));
            }
            run(out, phones == null ? List.of(serial) : phones.serials(), warm, rounds, batch, trees, servers);
        } finally {
            for (McpLineClient server : servers) {
                server.close();
            }
        }
    }

    private static void run(Path out, List<String> serials, int warm, int rounds, int batch, List<Path> trees,
            List<McpLineClient> servers) {
        int n = servers.size();
        for (int i = 0; i < warm; i++) {
            for (int s = 0; s < n; s++) {
                captures(out, s, servers.get(s), serials, 1);
            }
        }
        double[][] total = new double[n][rounds];
        double[][] jit = new double[n][rounds];
        double[][] collector = new double[n][rounds];
        double[][] kernel = new double[n][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < n; k++) {
                int s = (round + k) % n;
                ProcessHandle process = servers.get(s).process();
                long cpu = cpuNanos(process);
                ServerCpu.Overhead overheadBefore = ServerCpu.Overhead.of(process);
                captures(out, s, servers.get(s), serials, batch);
                int captured = batch * serials.size();
                total[s][round] = (cpuNanos(process) - cpu) / 1e6 / captured;
                ServerCpu.Overhead overhead = ServerCpu.Overhead.of(process).since(overheadBefore);
                jit[s][round] = overhead.compilerNanos() / 1e6 / captured;
                collector[s][round] = overhead.collectorNanos() / 1e6 / captured;
                kernel[s][round] = overhead.kernelNanos() < 0 ? Double.NaN : overhead.kernelNanos() / 1e6 / captured;
            }
        }
        System.out.printf("%d rounds of %d warm captures a server after %d each%s; load %s%n", rounds, batch, warm,
                serials.size() == 1 ? "" : ", each capture " + serials.size() + " phones at once", readLoad());
        System.out.println("| tree | CPU a capture, median | mean | of it JIT (mean) | of it collector (mean) | of it kernel (mean)"
                + " | mean less JIT |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (int s = 0; s < n; s++) {
            double mean = Arrays.stream(total[s]).average().orElse(0);
            double jitMean = Arrays.stream(jit[s]).average().orElse(0);
            double collectorMean = Arrays.stream(collector[s]).average().orElse(0);
            double kernelMean = Arrays.stream(kernel[s]).average().orElse(Double.NaN);
            System.out.printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |%n", trees.get(s).getFileName(),
                    median(total[s]), mean, jitMean, collectorMean, kernelMean, mean - jitMean);
        }
    }

    private static void captures(Path out, int server, McpLineClient line, List<String> serials, int count) {
        for (int i = 0; i < count; i++) {
            var results = serials.size() == 1 ? List.of(line.capture(serials.get(0), CaptureBench.OPERATOR))
                    : line.captureAll(serials, CaptureBench.OPERATOR);
            for (var result : results) {
                if (!"complete".equals(result.status())) {
                    throw new IllegalStateException("capture not complete: " + result.code() + " " + result.message());
                }
            }
        }
        // Set aside, not deleted (RetiredBundles): deleting them made the next captures' file creations dearer.
        RetiredBundles.retire(out.resolve("ab-root-" + server).resolve("bundles"), out);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long cpuNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElseThrow();
    }

    private static String readLoad() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
