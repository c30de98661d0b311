import com.androperator.evidence.simulator.profile.ProfileLoader;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP server's CPU per capture (user + system from the process's own accounting, which
 * counts every thread it ever ran, exited ones included) in the warm rounds and the concurrent
 * rounds, against the compute floor ({@link ComputeFloor}) measured in the same run on the same
 * bytes. The process's accounting advances in clock ticks (10 ms): one capture's figure is coarse,
 * the sum over a round's captures is not.
 */
final class ServerCpu {
    /** Floor captures in each reading beside a concurrent round: about 0.2 s of one CPU. */
    private static final int FLOOR_BESIDE_ROUND = 11;
    /** How far above the run's lowest floor reading a reading still counts as that level. */
    private static final int LOWEST_LEVEL_MARGIN_PERCENT = 8;

    private final Map<String, ProcessHandle> watched = new LinkedHashMap<>();
    private final Map<String, long[]> spent = new LinkedHashMap<>();
    private double floorMillis = Double.NaN;
    /** The floor measured again after the concurrent rounds (NaN until then): the machine then, not only before. */
    private double floorAfterMillis = Double.NaN;
    /** The floor read right after each measured concurrent round, in round order. */
    private final List<Double> floorBesideRounds = new ArrayList<>();
    /** The server's CPU a capture in each measured concurrent round, in ms, in the same order. */
    private final List<Double> serverInRounds = new ArrayList<>();
    private FloorProcess floor;
    private long concurrentNanos;
    private long concurrentCompilerNanos;
    private long concurrentCollectorNanos;
    /** The server's system time in the concurrent rounds; -1 when /proc could not be read. */
    private long concurrentKernelNanos = -1;
    private int concurrentCaptures;
    /** The floor readings beside the rounds, summed. */
    private ComputeFloor.Sums floorBesideSums = ComputeFloor.Sums.NONE;

    /** The androperator-mcp JVM among this JVM's descendants; there must be exactly one. */
    static ProcessHandle onlyMcpServer() {
        var servers = ProcessHandle.current().descendants()
                .filter(process -> process.info().commandLine().orElse("").contains("androperator-mcp.jar"))
                .toList();
        if (servers.size() != 1) {
            throw new IllegalStateException("expected one MCP server among this JVM's descendants, found " + servers);
        }
        return servers.get(0);
    }

    /** Captures of {@code mode} are charged the CPU that {@code server} spends during them. */
    void watch(String mode, ProcessHandle server) {
        watched.put(mode, server);
        spent.put(mode, new long[2]);
    }

    /** The CPU nanoseconds so far of the server {@code mode} drives; 0 for other modes. */
    long nanos(String mode) {
        ProcessHandle server = watched.get(mode);
        return server == null ? 0 : server.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** One capture of {@code mode} has ended; its server had spent {@code before} nanoseconds at its start. */
    void add(String mode, long before) {
        long[] sum = spent.get(mode);
        if (sum != null) {
            sum[0] += nanos(mode) - before;
            sum[1]++;
        }
    }

    void concurrent(long nanos, long compilerNanos, long collectorNanos, long kernelNanos, int captures) {
        concurrentNanos = nanos;
        concurrentCompilerNanos = compilerNanos;
        concurrentCollectorNanos = collectorNanos;
        concurrentKernelNanos = kernelNanos;
        concurrentCaptures = captures;
    }

    /**
     * What a server's JIT compilers and its collector had spent, read together (each as
     * {@link #compilerNanos} and {@link #collectorNanos} read it), so that a round's part is one
     * subtraction.
     */
    record Overhead(long compilerNanos, long collectorNanos, long minorFaults, long kernelNanos) {
        static Overhead of(ProcessHandle process) {
            ProcessStat stat = ProcessStat.of(process);
            return new Overhead(ServerCpu.compilerNanos(process), ServerCpu.collectorNanos(process),
                    stat.minorFaults(), stat.systemTicks() < 0 ? -1 : stat.systemTicks() * TICK_NANOS);
        }

        /** What was spent between {@code before} and this reading; -1 for what either could not read. */
        Overhead since(Overhead before) {
            return new Overhead(compilerNanos - before.compilerNanos, collectorNanos - before.collectorNanos,
                    minorFaults < 0 || before.minorFaults < 0 ? -1 : minorFaults - before.minorFaults,
                    kernelNanos < 0 || before.kernelNanos < 0 ? -1 : kernelNanos - before.kernelNanos);
        }
    }

    /** A clock tick of /proc's times (USER_HZ 100 on every Linux this bench runs on). */
    static final long TICK_NANOS = 10_000_000L;

    /**
     * From the process's /proc stat, every thread's (exited ones included): its minor page faults
     * and its system time in clock ticks. A heap that grows (a young generation
     * sized for one capture at a time that widens for a burst, or one that grows again after the
     * periodic collection gave memory back) pays one fault for each page it touches first, in the
     * kernel time of whichever thread touches it. The system time is the CPU spent in the kernel for
     * the process: its system calls, the network stack its sockets drive, its page faults, and the
     * interrupts and wake-ups taken while it ran. The compute floor spends little there (its file
     * writes, fsyncs and renames); a capture's adb exchanges, threads and files spend much more, and
     * what the kernel charges for them depends on the host ("Eighteenth pass"). Both -1 when unreadable.
     */
    record ProcessStat(long minorFaults, long systemTicks) {
        static ProcessStat of(ProcessHandle process) {
            try {
                String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
                // After the command's closing parenthesis: field 3 (state) first, so minflt (10) and stime (15).
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return new ProcessStat(Long.parseLong(fields[7]), Long.parseLong(fields[12]));
            } catch (IOException | RuntimeException e) {
                return new ProcessStat(-1, -1);
            }
        }
    }

    /** Each watched thread's last reading in ticks, by "group/pid/tid": a thread that has exited keeps what it spent. */
    private static final Map<String, Long> THREAD_TICKS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * CPU so far of the process's JIT compiler threads (C1, C2). A server still compiling its hot
     * path spends this beside the captures themselves.
     */
    static long compilerNanos(ProcessHandle process) {
        return threadNanos(process, "jit", name -> name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler"));
    }

    /**
     * CPU so far of the process's garbage collector threads: G1's pause workers ("GC Thread#n"),
     * its concurrent marking, refinement and service threads ("G1 ..."), and the VM thread, which
     * runs every safepoint operation and, with the serial collector, the collections themselves.
     * A round's collections land in whichever round they fall in, so this tells a round that paid
     * for a collection from one whose captures cost more.
     */
    static long collectorNanos(ProcessHandle process) {
        return threadNanos(process, "gc",
                name -> name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread"));
    }

    /**
     * CPU so far of the process's threads whose names {@code named} accepts, from each thread's
     * /proc stat in clock ticks of 10 ms (USER_HZ 100, as on every Linux this bench runs on); 0 where
     * unreadable. The JVM stops idle compiler and collector threads and starts new ones, so every
     * thread ever read is counted with its last reading, as the process's own accounting counts
     * exited threads; a thread that exits between the listing and its read is skipped, not the whole
     * reading.
     */
    private static long threadNanos(ProcessHandle process, String group, java.util.function.Predicate<String> named) {
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        List<Path> threads;
        try (var listing = java.nio.file.Files.list(tasks)) {
            threads = listing.toList();
        } catch (IOException | RuntimeException e) {
            threads = List.of();
        }
        String prefix = group + "/" + process.pid() + "/";
        for (Path thread : threads) {
            try {
                String stat = java.nio.file.Files.readString(thread.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (named.test(name)) {
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    THREAD_TICKS.merge(prefix + thread.getFileName(),
                            Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Math::max);
                }
            } catch (IOException | RuntimeException e) {
                // Exited since the listing: its last reading, if any, stays counted.
            }
        }
        long ticks = THREAD_TICKS.entrySet().stream().filter(entry -> entry.getKey().startsWith(prefix))
                .mapToLong(Map.Entry::getValue).sum();
        return ticks * 10_000_000L;
    }

    /**
     * The compute floor on the simulated Pixel's own screenshot and hierarchy, files under
     * {@code out}; {@code sample} is a complete bundle the tool captured from it in this run, whose
     * captures.json and manifest.json give the floor's other two files their bytes. It is read in a
     * JVM of its own on {@code serverJava}, the executable the MCP server runs on ({@link FloorProcess});
     * the same floor in this JVM is printed once beside it, as the runs before 2026-12-07 16:30 UTC read it.
     */
    void measureFloor(Path out, Path sample, String serverJava) {
        try {
            SimulatorProfile pixel = ProfileLoader.loadClasspath("profiles/pixel/profile.json");
            byte[] png = pixel.displays().get(0).screenshot().read();
            byte[] hierarchy = pixel.operator().hierarchy().read();
            byte[] captures = java.nio.file.Files.readAllBytes(sample.resolve("captures.json"));
            byte[] manifest = java.nio.file.Files.readAllBytes(sample.resolve("manifest.json"));
            double here = new ComputeFloor(png, hierarchy, captures, manifest, out).medianCpuMillis();
            floor = FloorProcess.start(serverJava, List.of(png, hierarchy, captures, manifest), out);
            floorMillis = floor.medianCpuMillis();
            System.out.printf("compute floor: %.1f ms of CPU a capture on the MCP server's JDK (%s; %.1f on this"
                    + " JVM's, %s) (inflate with CRCs, two SHA-256, one XML parse, the bundle's 4 files (captures.json"
                    + " %d and manifest.json %d bytes as captured) written with 7 fsyncs and 3 renames; median of 40"
                    + " after 40 warm-up)%n", floorMillis, floor.version(), here, Runtime.version(), captures.length,
                    manifest.length);
            double[] parts = floor.partMillis();
            for (int part = 0; part < parts.length; part++) {
                System.out.printf("  floor part: %-40s %6.2f ms (median)%n", ComputeFloor.PARTS.get(part), parts[part]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The java executable {@code server} runs on: the floor's JDK. */
    static String javaOf(ProcessHandle server) {
        return server.info().command().orElseThrow(() -> new IllegalStateException(
                "the MCP server's executable is not readable from /proc; the floor needs its JDK"));
    }

    /** Ends the floor's JVM, if one was started. */
    void close() {
        if (floor != null) {
            floor.close();
        }
    }

    /**
     * The same floor once more, after the concurrent rounds. Between runs of the same code the
     * floor measured before the rounds moved from 16.7 to 19.2 ms, as much as the rounds' own
     * figure. Both are printed, with the ratio to each; the ratio itself is to the readings beside
     * the rounds ({@link #measureFloorBesideRound(double)}), or to the mean of these two without them.
     */
    void measureFloorAgain() {
        if (floor == null) {
            return;
        }
        floorAfterMillis = floor.medianCpuMillis();
        System.out.printf("compute floor after the concurrent rounds: %.1f ms of CPU a capture (before them %.1f)%n",
                floorAfterMillis, floorMillis);
    }

    /**
     * The floor once more, right after a measured concurrent round: the median of
     * {@value #FLOOR_BESIDE_ROUND} floor captures, in ms (NaN when there is no floor). The host's
     * speed drifts over minutes: within one run the floor read before the rounds and after them
     * differed by up to 6.2 ms, 39% (22.1 and 15.9), either way round, so a ratio to either
     * compares the rounds with another moment. Each round is paired with a reading next to it;
     * {@code serverMillis} is the server's CPU a capture in that round.
     */
    double measureFloorBesideRound(double serverMillis) {
        if (floor == null) {
            return Double.NaN;
        }
        double millis = floor.sampleCpuMillis(FLOOR_BESIDE_ROUND);
        floorBesideRounds.add(millis);
        serverInRounds.add(serverMillis);
        floorBesideSums = floorBesideSums.plus(floor.lastSums());
        return millis;
    }

    /** The parts of the floor's last reading, in ms, named as in {@link ComputeFloor#PARTS}. */
    String floorParts() {
        if (floor == null) {
            return "no floor";
        }
        double[] parts = floor.partMillis();
        StringBuilder text = new StringBuilder();
        for (int part = 0; part < parts.length; part++) {
            text.append(part == 0 ? "" : ", ").append(ComputeFloor.PARTS.get(part))
                    .append(String.format(" %.2f", parts[part]));
        }
        ComputeFloor.Sums sums = floor.lastSums();
        if (sums.captures() > 0) {
            text.append(String.format("; in the kernel %.1f", sums.kernelNanos() / 1e6 / sums.captures()));
        }
        return text.toString();
    }

    /**
     * The floor the ratios use: the mean of the readings beside the rounds (every round has as many
     * captures, so this weighs them as the rounds' CPU is weighed); without them, the mean of before
     * and after the rounds, or before alone.
     */
    private double floorForRatio() {
        if (!floorBesideRounds.isEmpty()) {
            return besideRounds().getAverage();
        }
        return Double.isNaN(floorAfterMillis) ? floorMillis : (floorMillis + floorAfterMillis) / 2;
    }

    private DoubleSummaryStatistics besideRounds() {
        return floorBesideRounds.stream().mapToDouble(Double::doubleValue).summaryStatistics();
    }

    /** How {@link #floorForRatio()} was made, for its report line. */
    private String floorSource() {
        String edges = Double.isNaN(floorAfterMillis) ? String.format("%.1f before the rounds", floorMillis)
                : String.format("%.1f before the rounds and %.1f after", floorMillis, floorAfterMillis);
        if (!floorBesideRounds.isEmpty()) {
            DoubleSummaryStatistics readings = besideRounds();
            return String.format("%s; mean of %d readings beside the rounds, %.1f-%.1f, each the median of %d; %s",
                    floorWhat(), readings.getCount(), readings.getMin(), readings.getMax(), FLOOR_BESIDE_ROUND, edges);
        }
        String what = floorWhat();
        return Double.isNaN(floorAfterMillis) ? what : what + "; mean of " + edges;
    }

    private String floorWhat() {
        return "the required work, same bytes, on the server's JDK" + (floor == null ? "" : " " + floor.version().feature());
    }

    /** Lines of the ratios: CPU per capture in ms, and the ratio to the floor. */
    void report() {
        spent.forEach((mode, sum) -> {
            if (sum[1] > 0) {
                line("MCP server CPU per capture, " + mode, sum[0] / 1e6 / sum[1], sum[1] + " captures");
            }
        });
        if (concurrentCaptures > 0) {
            double concurrent = concurrentNanos / 1e6 / concurrentCaptures;
            line("MCP server CPU per capture, concurrent", concurrent, concurrentCaptures + " captures; target <= 40");
            line("of which its JIT compiler threads", concurrentCompilerNanos / 1e6 / concurrentCaptures,
                    "C1 and C2 still compiling; the rest is the captures' own");
            line("of which its collector threads", concurrentCollectorNanos / 1e6 / concurrentCaptures,
                    "G1's pause workers and concurrent threads, and the VM thread");
            double floorMean = floorForRatio();
            line("compute floor (CPU ms per capture)", floorMean, floorSource());
            System.out.printf("  %-48s %6.2f   (target <= 1.5)%n", "concurrent server CPU / compute floor",
                    concurrent / floorMean);
            // Not the target: the CPU outside the compiler threads (code not yet compiled by C2 still
            // runs slower in it), since on 2 busy CPUs the JIT does not settle within the rounds.
            System.out.printf("  %-48s %6.2f   (no target; the captures' own CPU)%n", "the same less its JIT threads",
                    (concurrentNanos - concurrentCompilerNanos) / 1e6 / concurrentCaptures / floorMean);
            System.out.printf("  %-48s %6.2f   (no target)%n", "the same less its JIT and collector threads",
                    (concurrentNanos - concurrentCompilerNanos - concurrentCollectorNanos) / 1e6 / concurrentCaptures
                            / floorMean);
            reportKernel(concurrent);
            reportByHostSpeed();
            if (!Double.isNaN(floorAfterMillis)) {
                System.out.printf("  %-48s %6.2f   (no target; %.2f to the floor after them)%n",
                        "the ratio to the floor before the rounds", concurrent / floorMillis,
                        concurrent / floorAfterMillis);
            }
        }
    }

    /**
     * The concurrent rounds' CPU split at the kernel: the server's system time against the floor's,
     * each summed over the rounds or the readings beside them. Both splits are sampled at the
     * kernel's clock ticks of 10 ms: the server's over about 500 ticks of a run is good to a few
     * per cent, the floor's smaller part over about 200 ticks only to about +-20%, so its ratio is
     * a magnitude, not a figure to compare between runs. The floor here is the mean over all its
     * captures beside the rounds (the goal's ratio uses the mean of the readings' medians), named
     * in the lines. On a host whose system calls, loopback packets and wake-ups are dear the
     * server's kernel part grows and the floor's hardly moves; this shows how much of the goal's
     * ratio that is.
     */
    private void reportKernel(double concurrent) {
        long captures = floorBesideSums.captures();
        if (concurrentKernelNanos < 0 || captures == 0) {
            return;
        }
        double serverKernel = concurrentKernelNanos / 1e6 / concurrentCaptures;
        double floorCpu = floorBesideSums.cpuNanos() / 1e6 / captures;
        double floorKernel = Math.max(0, floorBesideSums.kernelNanos() / 1e6 / captures);
        line("of which in the kernel (system time)", serverKernel,
                "the server's system calls, sockets, files, page faults and wake-ups, its JIT's and collector's too");
        line("the floor's part in the kernel", floorKernel, String.format(
                "its file writes, fsyncs and renames; of %.1f ms, the mean of the %d captures beside the rounds;"
                        + " tick-sampled, about +-20%%", floorCpu, captures));
        System.out.printf("  %-48s %6.2f   (no target; %.1f ms against %.1f)%n", "server CPU / floor outside the kernel",
                (concurrent - serverKernel) / (floorCpu - floorKernel), concurrent - serverKernel, floorCpu - floorKernel);
        if (floorKernel > 0) {
            System.out.printf("  %-48s %6.1f   (no target; %.1f ms against %.1f)%n", "server CPU / floor in the kernel",
                    serverKernel / floorKernel, serverKernel, floorKernel);
        } else {
            System.out.printf("  %-48s    n/a   (no target; %.1f ms against none read)%n", "server CPU / floor in the kernel",
                    serverKernel);
        }
    }

    /**
     * The ratio in the rounds whose floor read within {@value #LOWEST_LEVEL_MARGIN_PERCENT}% of the
     * run's lowest reading (before, beside or after the rounds), against the others. This host
     * runs at two speeds in spells of tens of seconds (docs/benchmarks.md, "Twenty-fifth pass"),
     * and the floor (mostly computation) and the server (a sixth of it the kernel's) need not slow
     * alike in them: in one run the floor took a quarter longer and the server an eighth, in
     * another both slowed alike. So a run's ratio depends on the spells its floor readings fell in,
     * and these two lines say how much. The lowest level is the run's own: a run spent wholly in a
     * slow spell has no faster one to show, unless the floor read before or after the rounds caught one.
     */
    private void reportByHostSpeed() {
        if (serverInRounds.size() < 2) {
            return;
        }
        double lowestReading = besideRounds().getMin();
        for (double edge : new double[] {floorMillis, floorAfterMillis}) {
            lowestReading = Double.isNaN(edge) ? lowestReading : Math.min(lowestReading, edge);
        }
        double lowestUpTo = lowestReading * (1 + LOWEST_LEVEL_MARGIN_PERCENT / 100.0);
        Rounds lowest = new Rounds();
        Rounds other = new Rounds();
        for (int round = 0; round < serverInRounds.size(); round++) {
            double reading = floorBesideRounds.get(round);
            (reading <= lowestUpTo ? lowest : other).add(serverInRounds.get(round), reading);
        }
        lowest.report("server CPU / floor, rounds at the lowest floor", String.format(
                "floor within %d%% of the run's lowest reading, %.1f", LOWEST_LEVEL_MARGIN_PERCENT, lowestReading),
                serverInRounds.size());
        other.report("server CPU / floor, the other rounds", "floor above that", serverInRounds.size());
    }

    /** Concurrent rounds summed: the server's CPU a capture and the floor beside each (every round has as many captures). */
    private static final class Rounds {
        private double server;
        private double floor;
        private int count;

        void add(double serverMillis, double floorMillis) {
            server += serverMillis;
            floor += floorMillis;
            count++;
        }

        void report(String name, String which, int of) {
            if (count == 0) {
                System.out.printf("  %-48s    n/a   (no target; %s: none of %d rounds)%n", name, which, of);
                return;
            }
            System.out.printf("  %-48s %6.2f   (no target; %s: %d of %d rounds, %.1f ms against %.1f)%n", name,
                    server / floor, which, count, of, server / count, floor / count);
        }
    }

    private static void line(String name, double millis, String note) {
        System.out.printf("  %-48s %6.1f   (ms; %s)%n", name, millis, note);
    }
}
