package com.androperator.evidence.simulator.harness;

import com.androperator.evidence.simulator.DeviceSimulator;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A private adb server for tests, isolated from any adb the user runs: its own free port, its own
 * {@code HOME} (where the server keeps its RSA key) and {@code ADB_EMU=0} (or a fresh server also
 * attaches everything listening on 5555-5585 as an emulator). Close it to kill the server.
 */
public final class AdbServerHarness implements AutoCloseable {

    public static final String ADB_MISSING =
            "adb not found on PATH: install it (Debian: apt-get install -y adb)";

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STATE_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CONNECT_ATTEMPT = Duration.ofSeconds(2);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** Variables that would point the client at another server or device. */
    private static final List<String> INHERITED_VARIABLES_REMOVED = List.of(
            "ANDROID_ADB_SERVER_PORT", "ANDROID_ADB_SERVER_ADDRESS", "ADB_SERVER_SOCKET",
            "ANDROID_SERIAL", "ADB_VENDOR_KEYS", "ADB_TRACE", "ADB_EMU");

    private final Path adb;
    private final int port;
    private final Path home;
    private final Thread safetyNet;
    private boolean closed;

    private AdbServerHarness(Path adb, int port, Path home) {
        this.adb = adb;
        this.port = port;
        this.home = home;
        this.safetyNet = new Thread(this::stopServer, "adb-harness-kill-" + port);
    }

    /**
     * Starts a server on a free private port.
     *
     * @throws IllegalStateException with {@link #ADB_MISSING} when adb is not on PATH, or when
     *     the server does not start
     */
    public static AdbServerHarness start() {
        Path adb = locateAdb();
        Path home;
        try {
            home = Files.createTempDirectory("adb-harness-home-");
            Files.createDirectories(home.resolve("tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a private HOME for adb", e);
        }
        String lastFailure = "";
        for (int attempt = 0; attempt < 5; attempt++) {
            int port = freePort();
            AdbServerHarness harness = new AdbServerHarness(adb, port, home);
            AdbInvocation started = harness.run(COMMAND_TIMEOUT, "start-server");
            if (started.exitCode() == 0 && harness.answers()) {
                Runtime.getRuntime().addShutdownHook(harness.safetyNet);
                return harness;
            }
            // Another process may have taken the port between probing and binding: try another.
            lastFailure = started.text().strip();
            harness.stopServer();
        }
        deleteTree(home);
        throw new IllegalStateException("adb start-server failed: " + lastFailure);
    }

    /** The adb executable found on PATH. */
    public static Path locateAdb() {
        return locateAdb(System.getenv("PATH"));
    }

    /**
     * The adb executable in a PATH-style list of folders.
     *
     * @throws IllegalStateException with {@link #ADB_MISSING} when none holds one
     */
    public static Path locateAdb(String path) {
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(dir, "adb");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new IllegalStateException(ADB_MISSING);
    }

    public int port() {
        return port;
    }

    public Path adbPath() {
        return adb;
    }

    /** The private HOME the server was started with. */
    public Path home() {
        return home;
    }

    /**
     * What child processes need to reach this server and no other: ANDROID_ADB_SERVER_PORT,
     * HOME and ADB_EMU=0. Use {@link #applyTo(ProcessBuilder)} to also remove inherited variables
     * that would point elsewhere (ADB_SERVER_SOCKET, ANDROID_SERIAL).
     */
    public Map<String, String> environment() {
        return Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(port),
                "HOME", home.toString(),
                "ADB_EMU", "0");
    }

    /** Sets {@link #environment()} on {@code builder} and removes conflicting variables. */
    public ProcessBuilder applyTo(ProcessBuilder builder) {
        Map<String, String> env = builder.environment();
        INHERITED_VARIABLES_REMOVED.forEach(env::remove);
        env.putAll(environment());
        return builder;
    }

    /**
     * {@code adb connect} to the simulator, then waits until the server reports it in its
     * profile's connection state ({@code device} unless the profile says otherwise).
     *
     * @return the serial
     * @throws IllegalStateException when it is not online within the deadline
     */
    public String connect(DeviceSimulator simulator) {
        // A profile may present the device in recovery or bootloader state instead.
        return connect(simulator.serial(), simulator.profile().connectionState());
    }

    /**
     * {@link #connect(DeviceSimulator)} by serial ({@code HOST:PORT}). A refused connect (a
     * device still offline after a drop) is tried again until the deadline.
     */
    public String connect(String serial) {
        return connect(serial, "device");
    }

    /** {@link #connect(String)} waiting for {@code expectedState}, e.g. {@code recovery}. */
    public String connect(String serial, String expectedState) {
        long deadline = System.nanoTime() + STATE_TIMEOUT.toNanos();
        String said;
        String state;
        do {
            // adb connect exits 0 even when it failed: its text is kept for the error message,
            // and the server's own view of the device decides.
            said = run(COMMAND_TIMEOUT, "connect", serial).text().strip();
            long remaining = Math.max(0, deadline - System.nanoTime());
            state = awaitState(serial, expectedState,
                    Duration.ofNanos(Math.min(remaining, CONNECT_ATTEMPT.toNanos())));
        } while (!state.equals(expectedState) && System.nanoTime() - deadline < 0);
        if (!state.equals(expectedState)) {
            throw new IllegalStateException("device " + serial + " is '" + state
                    + "' after adb connect said: " + said + "; server log: " + serverLogTail());
        }
        return serial;
    }

    /** {@code adb disconnect SERIAL}; returns its text. */
    public String disconnect(String serial) {
        return run(COMMAND_TIMEOUT, "disconnect", serial).text().strip();
    }

    /** Disconnects and connects again, e.g. once a dropAfterBytes fault left the device offline. */
    public String reconnect(String serial) {
        disconnect(serial);
        return connect(serial);
    }

    /**
     * The device's state as the server reports it ({@code device}, {@code offline},
     * {@code unauthorized}, ...), or {@code absent: REASON} when the server does not know it.
     */
    public String state(String serial) {
        try {
            return AdbHostClient.query(port, "host-serial:" + serial + ":get-state", QUERY_TIMEOUT);
        } catch (AdbHostException e) {
            // get-state answers FAIL "device offline" (or "device unauthorized ...") for a known
            // device that cannot take commands.
            String reason = e.getMessage();
            if (reason.startsWith("device offline")) {
                return "offline";
            }
            if (reason.startsWith("device unauthorized")) {
                return "unauthorized";
            }
            return "absent: " + reason;
        } catch (IOException e) {
            return "absent: server unreachable: " + e.getMessage();
        }
    }

    /**
     * Polls {@link #state(String)} until it equals {@code wanted} or the timeout passes.
     *
     * @return the last state seen
     */
    public String awaitState(String serial, String wanted, Duration timeout) {
        return awaitState(serial, state -> state.equals(wanted), timeout);
    }

    /** Polls until the state matches; returns the last state seen. */
    public String awaitState(String serial, java.util.function.Predicate<String> wanted,
            Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String state = state(serial);
        while (!wanted.test(state) && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(POLL_NANOS);
            state = state(serial);
        }
        return state;
    }

    /**
     * Runs {@code adb -P PORT ARGS...} with this server's environment and stdin closed.
     *
     * @throws IllegalStateException when it runs longer than {@code timeout} (it is killed)
     */
    public AdbInvocation run(Duration timeout, String... args) {
        List<String> command = command(args);
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile(home.resolve("tmp"), "adb-out-", ".bin");
            err = Files.createTempFile(home.resolve("tmp"), "adb-err-", ".txt");
            // Files rather than pipes: adb start-server forks the server, which must not keep a
            // pipe of ours open.
            Process process = forAdb(new ProcessBuilder(command))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                throw new IllegalStateException(String.join(" ", command) + " ran longer than "
                        + timeout);
            }
            return new AdbInvocation(command, process.exitValue(), Files.readAllBytes(out),
                    Files.readAllBytes(err));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** Starts {@code adb -P PORT ARGS...} (e.g. a long-lived logcat); the caller owns it. */
    public Process startProcess(String... args) {
        try {
            return forAdb(new ProcessBuilder(command(args))).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start adb", e);
        }
    }

    /** The end of the server's own log (it lives in the private TMPDIR), for diagnostics. */
    public String serverLogTail() {
        try (Stream<Path> files = Files.list(home.resolve("tmp"))) {
            Path log = files.filter(p -> p.getFileName().toString().matches("adb\\.\\d+\\.log"))
                    .findFirst().orElse(null);
            if (log == null) {
                return "(no server log)";
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() <= 2_000 ? text : text.substring(text.length() - 2_000);
        } catch (IOException | UncheckedIOException e) {
            return "(server log unreadable: " + e.getMessage() + ")";
        }
    }

    /** {@code adb kill-server} and removes the private HOME. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopServer();
        try {
            Runtime.getRuntime().removeShutdownHook(safetyNet);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down and runs the hook itself.
        }
        deleteTree(home);
    }

    /** {@link #applyTo} plus a private TMPDIR, where adb keeps its server log. */
    private ProcessBuilder forAdb(ProcessBuilder builder) {
        applyTo(builder).environment().put("TMPDIR", home.resolve("tmp").toString());
        return builder;
    }

    private List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(adb.toString(), "-P", Integer.toString(port)));
        command.addAll(List.of(args));
        return command;
    }

    private boolean answers() {
        try {
            AdbHostClient.query(port, "host:version", QUERY_TIMEOUT);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void stopServer() {
        try {
            List<String> command = command("kill-server");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            Process process = forAdb(builder).start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            // Nothing listens or adb vanished: there is no server left to stop.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free local port", e);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A leftover temp file inside the private HOME goes with the HOME.
            }
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(AdbServerHarness::deleteQuietly);
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a temp folder that could not be removed is left to the OS.
        }
    }
}
