import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Start-up on Java 25 (issue 26, item 3): the same jar and phone, one process per run, the modes
 * interleaved and rotated round by round as in {@link CaptureBench}: a CLI capture without the daemon
 * through bin/androperator on JDK 17 (its class-data-sharing archive) and on JDK 25 (the AOT cache the
 * build trained on a capture), {@code androperator --version} on both (on 25 the AOT cache trained on
 * {@code --version}, on 17 the CDS archive) against a bare {@code java -version} of the same JVM with
 * the launcher's flags, and
 * a capture handed to the capture daemon running on JDK 25.
 * Prints medians of wall time, each mode's mean CPU time (the launcher's and its JVM's user+system;
 * for the daemon's capture the launcher's side only) and ratios; asserts nothing.
 *
 * <p>Usage (bench/capture-bench.sh runs it after CaptureBench): {@code StartupBench <repoRoot> <outDir>
 * <serial> <rounds>}, with the private adb server on ANDROID_ADB_SERVER_PORT. Without a JDK 25 (at
 * BENCH_JDK25, default Temurin's Debian path) or without the AOT cache it says so and measures nothing.
 */
public final class StartupBench {
    static final Path JDK17 = Path.of(System.getenv().getOrDefault("BENCH_JDK17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    static final Path JDK25 = Path.of(System.getenv().getOrDefault("BENCH_JDK25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final int WARMUP = 2;
    /** USER_HZ, which Linux fixes at 100 for /proc on every architecture this runs on. */
    private static final long CLOCK_TICKS_PER_SECOND = 100;

    private final Path root;
    private final Path out;
    private final String serial;
    private final int rounds;
    private final Map<String, double[]> cpuMillis = new LinkedHashMap<>();

    private StartupBench(Path root, Path out, String serial, int rounds) {
        this.root = root;
        this.out = out;
        this.serial = serial;
        this.rounds = rounds;
    }

    public static void main(String[] args) throws Exception {
        new StartupBench(Path.of(args[0]), Path.of(args[1]), args[2], Integer.parseInt(args[3])).run();
    }

    private void run() throws Exception {
        Path cache = root.resolve("distribution/target/training/androperator.aot");
        if (!Files.isExecutable(JDK25.resolve("bin/java")) || !Files.isRegularFile(cache)) {
            System.out.printf("start-up on Java 25: not measured (no JDK 25 at %s, or no %s: build with one)%n",
                    JDK25, root.relativize(cache));
            return;
        }
        Files.createDirectories(out.resolve("startup-bundles"));
        Map<String, Runnable> modes = new LinkedHashMap<>();
        modes.put("CLI capture, JDK 17 + CDS archive", () -> capture(JDK17, Map.of("ANDROPERATOR_DAEMON", "off")));
        modes.put("CLI capture, JDK 25 + AOT cache", () -> capture(JDK25, Map.of("ANDROPERATOR_DAEMON", "off")));
        modes.put("CLI capture, JDK 25 daemon", () -> capture(JDK25, daemon()));
        modes.put("androperator --version, JDK 17 + CDS", () -> version(JDK17, Map.of()));
        modes.put("java -version, JDK 17, launcher flags", () -> version(JDK17, bareJava()));
        modes.put("androperator --version, JDK 25", () -> version(JDK25, Map.of()));
        modes.put("java -version, JDK 25, launcher flags", () -> version(JDK25, bareJava()));
        Map<String, double[]> millis;
        try {
            millis = interleaved(modes);
        } finally {
            launch(JDK25, daemon(), ProcessBuilder.Redirect.DISCARD, "daemon", "stop");
        }
        report(millis);
    }

    /**
     * WARMUP unmeasured rounds (the first makes JDK 17's archive and starts the daemon), then
     * {@code rounds} measured ones, each starting one mode later than the one before.
     */
    private Map<String, double[]> interleaved(Map<String, Runnable> modes) throws InterruptedException {
        Map<String, double[]> millis = new LinkedHashMap<>();
        modes.keySet().forEach(name -> millis.put(name, new double[rounds]));
        modes.keySet().forEach(name -> cpuMillis.put(name, new double[rounds]));
        for (int round = -WARMUP; round < rounds; round++) {
            if (round == -WARMUP + 1) {
                awaitArchiveDumps();
            }
            List<Map.Entry<String, Runnable>> order = new ArrayList<>(modes.entrySet());
            Collections.rotate(order, -Math.floorMod(round, order.size()));
            for (Map.Entry<String, Runnable> mode : order) {
                long cpuBefore = childrenCpuMillis();
                long started = System.nanoTime();
                mode.getValue().run();
                double elapsed = (System.nanoTime() - started) / 1e6;
                if (round >= 0) {
                    millis.get(mode.getKey())[round] = elapsed;
                    cpuMillis.get(mode.getKey())[round] = childrenCpuMillis() - cpuBefore;
                }
            }
        }
        return millis;
    }

    private void report(Map<String, double[]> millis) {
        System.out.println();
        System.out.printf("start-up on Java 25: %d rounds, interleaved; same jar and phone; load %s%n", rounds, load());
        System.out.printf("%-40s %10s %9s %9s %9s%n", "start-up mode", "median ms", "min ms", "max ms", "CPU ms");
        for (Map.Entry<String, double[]> mode : millis.entrySet()) {
            double[] sorted = mode.getValue().clone();
            Arrays.sort(sorted);
            System.out.printf("%-40s %10.1f %9.1f %9.1f %9.1f%n", mode.getKey(), median(sorted), sorted[0],
                    sorted[sorted.length - 1], cpuMean(mode.getKey()));
        }
        System.out.println();
        System.out.println("start-up ratios (issue 26):");
        System.out.printf("  CLI capture, JDK 25 + AOT / JDK 17 + CDS     %6.2f   (target <= 0.65)%n",
                median(millis, "CLI capture, JDK 25 + AOT cache") / median(millis, "CLI capture, JDK 17 + CDS archive"));
        System.out.printf("  CLI capture CPU, JDK 25 + AOT / JDK 17 + CDS %6.2f   (the processes' user+system time)%n",
                cpuMean("CLI capture, JDK 25 + AOT cache") / cpuMean("CLI capture, JDK 17 + CDS archive"));
        System.out.printf("  --version / java -version, JDK 25            %6.2f   (target <= 1.5; same JVM flags;"
                        + " --version's own AOT cache)%n",
                median(millis, "androperator --version, JDK 25")
                        / median(millis, "java -version, JDK 25, launcher flags"));
        System.out.printf("  --version / java -version, JDK 17 + CDS      %6.2f   (today's launcher)%n",
                median(millis, "androperator --version, JDK 17 + CDS")
                        / median(millis, "java -version, JDK 17, launcher flags"));
        System.out.printf("  daemon capture on JDK 25 / CLI capture on 17 %6.2f   (the daemon kept on Java 25)%n",
                median(millis, "CLI capture, JDK 25 daemon") / median(millis, "CLI capture, JDK 17 + CDS archive"));
    }

    // --- Processes --------------------------------------------------------------------------

    private void capture(Path jdk, Map<String, String> extra) {
        Path stdout = out.resolve("startup-result.json");
        Path bundle = out.resolve("startup-bundles").resolve("b" + System.nanoTime());
        launch(jdk, extra, ProcessBuilder.Redirect.to(stdout.toFile()), "evidence", "capture", "--device", serial,
                "--operator-package", CaptureBench.OPERATOR, "--output-dir", bundle.toString());
        try {
            CommandResult result = ContractJson.read(Files.readAllBytes(stdout), CommandResult.class);
            if (!"complete".equals(result.status())) {
                throw new IllegalStateException("capture on " + jdk + " ended " + result.code() + ": " + result.message());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RetiredBundles.retire(bundle, out);
    }

    private void version(Path jdk, Map<String, String> extra) {
        launch(jdk, extra, ProcessBuilder.Redirect.DISCARD, "--version");
    }

    /** The launcher's JVM and flags, stopped after the banner, without the tool's cache (as CaptureBench). */
    private static Map<String, String> bareJava() {
        return Map.of("ANDROPERATOR_JAVA_OPTS", "-version", "ANDROPERATOR_CDS", "off");
    }

    private Map<String, String> daemon() {
        Path runtime = out.resolve("startup-runtime");
        try {
            if (!Files.isDirectory(runtime)) {
                Files.createDirectory(runtime, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("ANDROPERATOR_DAEMON", "on", "XDG_RUNTIME_DIR", runtime.toString());
    }

    /** bin/androperator with JAVA_HOME at {@code jdk}, to its end. */
    private void launch(Path jdk, Map<String, String> extra, ProcessBuilder.Redirect stdout, String... arguments) {
        List<String> command = new ArrayList<>(List.of(root.resolve("bin/androperator").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(stdout).redirectError(ProcessBuilder.Redirect.DISCARD);
        Map<String, String> environment = builder.environment();
        environment.put("JAVA_HOME", jdk.toString());
        environment.putAll(extra);
        try {
            Process process = builder.start();
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " hung");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The launcher dumps JDK 17's archive in the background on first use: no measured run competes with it. */
    private void awaitArchiveDumps() throws InterruptedException {
        Path target = root.resolve("entrypoint-cli/target");
        for (int tick = 0; tick < 600 && dumping(target); tick++) {
            Thread.sleep(100);
        }
    }

    private static boolean dumping(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.anyMatch(file -> file.getFileName().toString().endsWith(".jsa.lock"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- Figures ----------------------------------------------------------------------------

    private static double median(Map<String, double[]> millis, String mode) {
        double[] sorted = millis.get(mode).clone();
        Arrays.sort(sorted);
        return median(sorted);
    }

    private static double median(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }

    /**
     * The mean CPU time of a mode's runs: the launcher's and its JVM's user+system time (the launcher
     * execs the JVM), as this process's waited-for children add it up in /proc/self/stat, in clock
     * ticks of 10 ms; the mean of many runs resolves finer than one tick. A daemon capture counts only
     * the launcher's side.
     */
    private double cpuMean(String mode) {
        return Arrays.stream(cpuMillis.get(mode)).average().orElse(Double.NaN);
    }

    /** cutime + cstime of /proc/self/stat (fields 16 and 17, after the command's closing parenthesis). */
    private static long childrenCpuMillis() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * 1000 / CLOCK_TICKS_PER_SECOND;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String load() {
        try {
            return String.join(" ", Arrays.asList(Files.readString(Path.of("/proc/loadavg")).split(" ")).subList(0, 3));
        } catch (IOException e) {
            return "unknown";
        }
    }
}
