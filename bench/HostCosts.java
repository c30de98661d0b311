import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.SynchronousQueue;

/**
 * What this host charges for the kernel work a capture does and the compute floor does not: a
 * system call, a hand-off between two threads, and a loopback TCP connection. The MCP server makes
 * about 550 system calls, 13 adb connections and about 70 futex calls a capture in the concurrent
 * rounds; the floor's own work makes about 40 system calls on one thread. So the same build's
 * server-to-floor ratio can differ from one host to the next while the floor barely moves
 * (docs/benchmarks.md, "Seventeenth pass"). Printed as one line, {@code host costs: ...}, which the
 * run's recorded section keeps beside the machine; run on the MCP servers' JDK.
 *
 * <p>CPU is read per thread (nanoseconds), not for the process: the process's figure moves in clock
 * ticks of 10 ms and counts the JIT's and the collector's threads too. Each figure is the fastest of
 * {@value #BATCHES} batches, after one batch not counted.
 */
final class HostCosts {
    private static final int BATCHES = 4;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        double systemCall = systemCallMicros();
        HandOff handOff = handOff();
        double connection = loopbackConnectionMicros();
        System.out.printf("host costs: a system call %.2f us (lseek), a hand-off to another thread and back %.1f us"
                + " wall and %.1f us of the two threads' CPU, a loopback TCP connection (connect, accept, close)"
                + " %.0f us CPU%n", systemCall, handOff.wallMicros(), handOff.cpuMicros(), connection);
    }

    /** Microseconds of this thread's CPU a call of {@code FileChannel.position()}, one lseek each. */
    private static double systemCallMicros() throws IOException {
        Path file = Files.createTempFile("host-costs", ".tmp");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            int calls = 200_000;
            double best = Double.MAX_VALUE;
            long sink = 0;
            for (int batch = 0; batch <= BATCHES; batch++) {
                long cpu = THREADS.getCurrentThreadCpuTime();
                for (int i = 0; i < calls; i++) {
                    sink += channel.position();
                }
                double micros = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e3 / calls;
                best = batch == 0 ? best : Math.min(best, micros);
            }
            if (sink != 0) {
                throw new IllegalStateException("an empty file's position moved");
            }
            return best;
        } finally {
            Files.delete(file);
        }
    }

    /**
     * A value handed to a second thread through a {@link SynchronousQueue} and back, as the server's
     * pools and helper threads hand work over: wall microseconds a round trip, and the two threads'
     * CPU microseconds a round trip, of the batch with the least wall time.
     */
    private static HandOff handOff() throws InterruptedException {
        SynchronousQueue<Integer> there = new SynchronousQueue<>();
        SynchronousQueue<Integer> back = new SynchronousQueue<>();
        Thread echo = new Thread(() -> {
            try {
                for (Integer value = there.take(); value >= 0; value = there.take()) {
                    back.put(value);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "host-costs-echo");
        echo.setDaemon(true);
        echo.start();
        int trips = 40_000;
        HandOff best = new HandOff(Double.MAX_VALUE, Double.MAX_VALUE);
        for (int batch = 0; batch <= BATCHES; batch++) {
            long cpu = THREADS.getCurrentThreadCpuTime() + THREADS.getThreadCpuTime(echo.getId());
            long started = System.nanoTime();
            for (int i = 0; i < trips; i++) {
                there.put(i);
                back.take();
            }
            double wall = (System.nanoTime() - started) / 1e3 / trips;
            long cpuAfter = THREADS.getCurrentThreadCpuTime() + THREADS.getThreadCpuTime(echo.getId());
            if (batch > 0 && wall < best.wallMicros()) {
                best = new HandOff(wall, (cpuAfter - cpu) / 1e3 / trips);
            }
        }
        there.put(-1);
        echo.join();
        return best;
    }

    /** One hand-off round trip: its wall time and the two threads' CPU, in microseconds. */
    private record HandOff(double wallMicros, double cpuMicros) {
    }

    /**
     * Microseconds of this thread's CPU a loopback TCP connection, connected, accepted and closed at
     * both ends here (the loopback's kernel work runs on the thread that sends).
     */
    private static double loopbackConnectionMicros() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
            int connections = 1_000; // few: each leaves a connection in TIME_WAIT, on the ephemeral ports the benchmark needs next
            double best = Double.MAX_VALUE;
            for (int batch = 0; batch <= BATCHES; batch++) {
                long cpu = THREADS.getCurrentThreadCpuTime();
                for (int i = 0; i < connections; i++) {
                    try (Socket client = new Socket(java.net.Proxy.NO_PROXY)) {
                        client.connect(address);
                        server.accept().close();
                    }
                }
                double micros = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e3 / connections;
                best = batch == 0 ? best : Math.min(best, micros);
            }
            return best;
        }
    }
}
