package com.androperator.evidence.simulator.testing;

import com.androperator.evidence.simulator.harness.AdbHostClient;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code exec:logcat -v time -T 1} through the adb server, its lines collected by a reader
 * thread. The end of the stream arrives as {@link #END}.
 */
public final class LogcatStream implements Closeable {

    public static final String END = "\u0000end of stream";

    private final Socket socket;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    public LogcatStream(int serverPort, String serial) throws IOException {
        socket = AdbHostClient.openService(serverPort, serial, "exec:logcat -v time -T 1",
                Duration.ofSeconds(30));
        Thread reader = new Thread(this::read, "logcat-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // The test closed the socket, or the stream was cut: either way it has ended.
        } finally {
            lines.add(END);
        }
    }

    /**
     * The next line, waiting at most {@code timeout}.
     *
     * @throws AssertionError when nothing arrives in time
     */
    public String next(Duration timeout) throws InterruptedException {
        String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no logcat line within " + timeout);
        }
        return line;
    }

    /** Skips lines until one matches; fails at the end of the stream or after {@code timeout}. */
    public String awaitLine(Predicate<String> matching, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String line = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (line.equals(END)) {
                throw new AssertionError("logcat ended before a matching line");
            }
            if (matching.test(line)) {
                return line;
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
