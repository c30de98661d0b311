import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a warm MCP capture's CPU goes, by thread: one MCP server (the line client's) captures the
 * simulated Pixel {@code warm} times unmeasured, then {@code measured} times while its threads'
 * CPU is read from {@code /proc/<pid>/task/<tid>/stat} before and after. Live threads are grouped
 * by name (digits and the device serial dropped); threads that started and ended within the window
 * (per-capture threads) show as the process's total less its live threads. Between the two reads
 * an optional hook runs ({@code BENCH_PROFILE_START} / {@code BENCH_PROFILE_STOP}: shell commands
 * with {@code PID} set, e.g. a sampling profiler's attach), so a profile covers warm captures only.
 */
final class CpuProfile {
    private final McpLineClient line;
    private final String serial;

    private CpuProfile(McpLineClient line, String serial) {
        this.line = line;
        this.serial = serial;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[1]);
        String serial = args[2];
        int warm = Integer.parseInt(args[3]);
        int measured = Integer.parseInt(args[4]);
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("mcp-root").toString());
        String serverOptions = environment.get("BENCH_MCP_JAVA_OPTS");
        if (serverOptions != null && !serverOptions.isBlank()) {
            environment.put("ANDROPERATOR_JAVA_OPTS", serverOptions);
        }
        try (McpLineClient line = new McpLineClient(Path.of(args[0]).resolve("bin/androperator-mcp"), environment)) {
            new CpuProfile(line, serial).run(out, warm, measured);
        }
    }

    private void run(Path out, int warm, int measured) throws IOException, InterruptedException {
        var sample = line.capture(serial, CaptureBench.OPERATOR);
        if (!"complete".equals(sample.status())) {
            throw new IllegalStateException("the floor's sample capture is not complete: " + sample.message());
        }
        ServerCpu floor = new ServerCpu();
        floor.measureFloor(out, Path.of(sample.manifestPath()).getParent(), ServerCpu.javaOf(line.process()));
        floor.close();
        captures(out, warm);
        ProcessHandle server = line.process();
        hook("BENCH_PROFILE_START", server);
        Map<String, Long> before = threadTicks(server);
        long totalBefore = totalNanos(server);
        captures(out, measured);
        long totalAfter = totalNanos(server);
        Map<String, Long> after = threadTicks(server);
        hook("BENCH_PROFILE_STOP", server);
        Map<String, Double> perCapture = new TreeMap<>();
        double live = 0;
        for (Map.Entry<String, Long> thread : after.entrySet()) {
            long ticks = thread.getValue() - before.getOrDefault(thread.getKey(), 0L);
            double millis = ticks * 10.0 / measured;
            live += millis;
            perCapture.merge(group(thread.getKey()), millis, Double::sum);
        }
        double total = (totalAfter - totalBefore) / 1e6 / measured;
        System.out.printf("MCP server CPU per warm capture: %.1f ms (%d captures, load %s)%n", total, measured,
                Files.readString(Path.of("/proc/loadavg")).trim());
        perCapture.entrySet().stream().filter(group -> group.getValue() >= 0.05)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(group -> System.out.printf("  %-44s %6.2f ms%n", group.getKey(), group.getValue()));
        System.out.printf("  %-44s %6.2f ms%n", "threads that ended within the window", total - live);
    }

    private void captures(Path out, int count) {
        for (int i = 0; i < count; i++) {
            var result = line.capture(serial, CaptureBench.OPERATOR);
            if (!"complete".equals(result.status())) {
                throw new IllegalStateException("capture not complete: " + result.code() + " " + result.message());
            }
            if (i % 20 == 19) {
                RetiredBundles.retire(out.resolve("mcp-root").resolve("bundles"), out);
            }
        }
        RetiredBundles.retire(out.resolve("mcp-root").resolve("bundles"), out);
    }

    private String group(String key) {
        String name = key.substring(key.indexOf(' ') + 1).replace(serial, "<serial>");
        return name.replaceAll("[0-9]+", "#");
    }

    /** CPU ticks so far of each live thread, keyed by "tid name". */
    private static Map<String, Long> threadTicks(ProcessHandle process) throws IOException {
        Map<String, Long> ticks = new LinkedHashMap<>();
        try (var threads = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
            for (Path thread : threads.toList()) {
                try {
                    String stat = Files.readString(thread.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.put(thread.getFileName() + " " + name, Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                } catch (IOException ended) {
                    // The thread ended between the listing and the read: counted with the ended ones.
                }
            }
        }
        return ticks;
    }

    private static long totalNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElseThrow();
    }

    private static void hook(String variable, ProcessHandle server) throws IOException, InterruptedException {
        String command = System.getenv(variable);
        if (command == null || command.isBlank()) {
            return;
        }
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).inheritIO();
        builder.environment().put("PID", Long.toString(server.pid()));
        if (builder.start().waitFor() != 0) {
            throw new IllegalStateException(variable + " failed: " + command);
        }
    }

}
