import java.io.IOException;
import java.lang.management.ManagementFactory;
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
 * about 600 system calls, 13 adb connections and several dozen thread hand-offs a capture; the floor
 * makes about 40 system calls on one thread. So the same build's server-to-floor ratio differs from
 * one host to the next: on a virtual machine whose system calls cost ten times a bare machine's,
 * the server's part above the floor grows while the floor barely moves (docs/benchmarks.md,
 * "Seventeenth pass"). Printed as one line, {@code host costs: ...}, which the run's recorded
 * section keeps beside the machine.
 */
final class HostCosts {
    private static final int BATCHES = 5;

    public static void main(String[] args) throws Exception {
        double systemCall = systemCallMicros();
        double[] handOff = handOff();
        double connection = loopbackConnectionMicros();
        System.out.printf("host costs: a system call %.2f us (lseek), a hand-off to another thread and back %.1f us"
                + " wall and %.1f us CPU, a loopback TCP connection (connect, accept, close) %.0f us CPU%n",
                systemCall, handOff[0], handOff[1], connection);
    }

    /** The fastest batch's microseconds a call of {@code FileChannel.position()}, one lseek each. */
    private static double systemCallMicros() throws IOException {
        Path file = Files.createTempFile("host-costs", ".tmp");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            int calls = 100_000;
            double best = Double.MAX_VALUE;
            long sink = 0;
            for (int batch = 0; batch < BATCHES; batch++) {
                long started = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sink += channel.position();
                }
                best = Math.min(best, (System.nanoTime() - started) / 1e3 / calls);
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
     * pools and helper threads hand work over: the fastest batch's wall microseconds a round trip,
     * and the process's CPU microseconds a round trip over that batch.
     */
    private static double[] handOff() throws InterruptedException {
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
        int trips = 5_000;
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
        for (int batch = 0; batch < BATCHES; batch++) {
            long cpu = processCpuNanos();
            long started = System.nanoTime();
            for (int i = 0; i < trips; i++) {
                there.put(i);
                back.take();
            }
            double wall = (System.nanoTime() - started) / 1e3 / trips;
            if (wall < best[0]) {
                best[0] = wall;
                best[1] = (processCpuNanos() - cpu) / 1e3 / trips;
            }
        }
        there.put(-1);
        echo.join();
        return best;
    }

    /** The process's CPU microseconds a loopback TCP connection: connected, accepted and closed at both ends. */
    private static double loopbackConnectionMicros() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
            int connections = 1_000;
            double best = Double.MAX_VALUE;
            for (int batch = 0; batch < BATCHES; batch++) {
                long cpu = processCpuNanos();
                for (int i = 0; i < connections; i++) {
                    try (Socket client = new Socket(java.net.Proxy.NO_PROXY)) {
                        client.connect(address);
                        server.accept().close();
                    }
                }
                best = Math.min(best, (processCpuNanos() - cpu) / 1e3 / connections);
            }
            return best;
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
