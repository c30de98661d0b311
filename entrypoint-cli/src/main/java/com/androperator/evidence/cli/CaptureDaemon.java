package com.androperator.evidence.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * The resident process behind {@code ANDROPERATOR_DAEMON=on}: it runs {@code evidence capture}
 * for bin/androperator, each with that client's command line, environment, working directory and
 * forwarded signals ({@link DaemonWire}), in a JVM whose code is already compiled. A one-shot
 * capture otherwise spends most of its time starting a JVM and running its code cold.
 *
 * <p>It listens on the loopback interface only, and serves a client that shows the client token
 * of its port file ({@link DaemonFiles}, readable by its user alone). One daemon per port file,
 * arbitrated by a lock on a file beside it: the loser answers {@code running} and ends. It ignores
 * SIGINT and SIGHUP (a terminal's Ctrl-C is for the client, which forwards it), and ends after its
 * idle time with no capture in flight, on {@code daemon stop}, or on SIGTERM. A client of another
 * JVM, or any client once its jar has changed, is told to capture by itself ({@code r}), and a
 * changed jar also stops the daemon. Started by bin/lib/daemon.sh:
 * {@code CaptureDaemon <port file> <idle seconds>}; prints {@code ready <pid>} once it serves.
 */
final class CaptureDaemon {
    private static final int MAX_CONNECTIONS = 64;
    private static final int HANDSHAKE_TIMEOUT_MS = 5_000;

    private final ServerSocket server;
    private final DaemonFiles files;
    private final int idleSeconds;
    private final byte[] clientToken;
    private final String daemonToken;
    private final Path java;
    private final Path jar;
    private final FileTime jarTime;
    private final Instant started = Instant.now();
    private final Semaphore slots = new Semaphore(MAX_CONNECTIONS);
    private final ExecutorService connections = Executors.newCachedThreadPool(daemonThreads("daemon-connection"));
    private final ScheduledExecutorService idleTimer = Executors.newSingleThreadScheduledExecutor(daemonThreads("daemon-idle"));
    private int inFlight;
    private long served;
    private boolean stopping;
    private ScheduledFuture<?> idleExit;

    private CaptureDaemon(ServerSocket server, DaemonFiles files, int idleSeconds, String clientToken, String daemonToken)
            throws IOException {
        this.server = server;
        this.files = files;
        this.idleSeconds = idleSeconds;
        this.clientToken = clientToken.getBytes(StandardCharsets.US_ASCII);
        this.daemonToken = daemonToken;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java").toRealPath();
        this.jar = Path.of(System.getProperty("java.class.path")).toAbsolutePath();
        this.jarTime = Files.getLastModifiedTime(jar);
    }

    public static void main(String[] args) throws IOException {
        DaemonFiles files = new DaemonFiles(Path.of(args[0]).toAbsolutePath());
        int idleSeconds = Integer.parseInt(args[1]);
        PrintStream ready = System.out;
        try {
            files.checkDirectory();
        } catch (DaemonFiles.Unusable unusable) {
            ready.println("unusable: " + unusable.getMessage());
            ready.flush();
            System.exit(1);
        }
        FileChannel lockChannel = FileChannel.open(files.lock(), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(DaemonFiles.ownerReadWrite()));
        FileLock lock = lockChannel.tryLock();
        if (lock == null) {
            ready.println("running");
            ready.flush();
            System.exit(0);
        }
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), MAX_CONNECTIONS);
        SecureRandom random = new SecureRandom();
        CaptureDaemon daemon = new CaptureDaemon(server, files, idleSeconds, token(random), token(random));
        files.publish(server.getLocalPort(), new String(daemon.clientToken, StandardCharsets.US_ASCII), daemon.daemonToken);
        for (String name : new String[] {"INT", "HUP"}) {
            Signal.handle(new Signal(name), ignored -> { });
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> files.withdraw(server.getLocalPort()), "daemon-exit"));
        daemon.log("serving " + daemon.jar + " on 127.0.0.1:" + server.getLocalPort() + ", pid "
                + ProcessHandle.current().pid() + ", idle limit " + idleSeconds + " s");
        synchronized (daemon) {
            daemon.scheduleIdleExit();
        }
        ready.println("ready " + ProcessHandle.current().pid());
        ready.flush();
        // The client reads one line, then closes its end of that pipe: nothing else may go there.
        System.setOut(System.err);
        daemon.serve();
        lock.release();
        System.exit(0);
    }

    private static String token(SecureRandom random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private void serve() {
        while (true) {
            slots.acquireUninterruptibly();
            Socket connection;
            try {
                connection = server.accept();
            } catch (IOException closed) {
                slots.release();
                break;
            }
            connections.execute(() -> {
                try (connection) {
                    handle(connection);
                } catch (IOException | RuntimeException broken) {
                    log("connection ended: " + broken);
                } finally {
                    slots.release();
                }
            });
        }
        connections.shutdown();
        try {
            connections.awaitTermination(1, TimeUnit.HOURS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(Socket connection) throws IOException {
        connection.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
        connection.setTcpNoDelay(true);
        InputStream in = new BufferedInputStream(connection.getInputStream());
        OutputStream out = new BufferedOutputStream(connection.getOutputStream());
        String greeting = DaemonWire.readLine(in);
        byte[] expected = (DaemonWire.GREETING + " ").getBytes(StandardCharsets.US_ASCII);
        byte[] shown = greeting.getBytes(StandardCharsets.US_ASCII);
        byte[] wanted = new byte[expected.length + clientToken.length];
        System.arraycopy(expected, 0, wanted, 0, expected.length);
        System.arraycopy(clientToken, 0, wanted, expected.length, clientToken.length);
        if (!MessageDigest.isEqual(shown, wanted)) {
            log("refused a connection without the client token");
            return;
        }
        DaemonWire.line(out, "ok " + daemonToken);
        long[] budget = {DaemonWire.MAX_REQUEST_BYTES};
        String kind = DaemonWire.field(in, budget);
        switch (kind) {
            case "status" -> {
                DaemonWire.control(out, 'o', status());
                DaemonWire.control(out, 'x', "0");
            }
            case "stop" -> {
                String status = status();
                stop("daemon stop");
                DaemonWire.control(out, 'o', "stopping once the captures in flight have finished: " + status);
                DaemonWire.control(out, 'x', "0");
            }
            case "capture" -> capture(DaemonWire.readCapture(in), connection, in, out);
            default -> throw new IOException("unknown request '" + kind + "'");
        }
    }

    private void capture(DaemonWire.CaptureRequest request, Socket connection, InputStream in, OutputStream out)
            throws IOException {
        String refusal = refusal(request);
        if (refusal != null || !begin()) {
            DaemonWire.control(out, 'r', refusal != null ? refusal : "the daemon is stopping");
            if (refusal != null && refusal.startsWith("the jar")) {
                stop(refusal);
            }
            return;
        }
        connection.setSoTimeout(0);
        long start = System.nanoTime();
        int status = 1;
        try {
            PrintStream stdout = new PrintStream(DaemonWire.lines(out, 'o'), true, StandardCharsets.UTF_8);
            PrintStream stderr = new PrintStream(DaemonWire.lines(out, 'e'), true, StandardCharsets.UTF_8);
            Io io = new Io(stdout, stderr, request.environment(), Path.of(request.workingDirectory()),
                    new ForwardedSignals(in), request.errIsTerminal());
            try {
                status = Main.run(request.args().toArray(String[]::new), io);
            } catch (RuntimeException | Error defect) {
                defect.printStackTrace(stderr);
            }
            stdout.flush();
            stderr.flush();
            DaemonWire.control(out, 'x', Integer.toString(status));
        } finally {
            end();
            log("capture exit " + status + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
    }

    /** Why this daemon must not serve the request, or null: only captures, of its own JVM and its jar as it started. */
    private String refusal(DaemonWire.CaptureRequest request) {
        if (request.args().size() < 2 || !request.args().get(0).equals("evidence") || !request.args().get(1).equals("capture")) {
            return "the daemon runs evidence capture only";
        }
        try {
            if (!Files.getLastModifiedTime(jar).equals(jarTime)) {
                return "the jar " + jar + " changed since the daemon started; it stops";
            }
            if (!Path.of(request.java()).toRealPath().equals(java)) {
                return "the daemon runs " + java + ", not " + request.java();
            }
        } catch (IOException | RuntimeException unreadable) {
            return "the daemon cannot compare its jar and JVM with the client's: " + unreadable;
        }
        if (!Path.of(request.workingDirectory()).isAbsolute()) {
            return "the working directory is not absolute";
        }
        return null;
    }

    private synchronized String status() {
        return "pid " + ProcessHandle.current().pid() + ", port " + server.getLocalPort() + ", since " + started + ", "
                + served + " captures served, " + inFlight + " in flight, idle limit " + idleSeconds + " s, jar " + jar;
    }

    private synchronized boolean begin() {
        if (stopping) {
            return false;
        }
        inFlight++;
        if (idleExit != null) {
            idleExit.cancel(false);
            idleExit = null;
        }
        return true;
    }

    private synchronized void end() {
        inFlight--;
        served++;
        if (inFlight == 0 && !stopping) {
            scheduleIdleExit();
        }
    }

    private void scheduleIdleExit() {
        idleExit = idleTimer.schedule(this::stopWhenIdle, idleSeconds, TimeUnit.SECONDS);
    }

    private void stopWhenIdle() {
        synchronized (this) {
            if (inFlight > 0) {
                return;
            }
        }
        stop("idle for " + idleSeconds + " s");
    }

    /** Stops accepting; the captures in flight finish and answer their clients, then the process ends. */
    private void stop(String why) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            stopping = true;
        }
        log("stopping: " + why);
        files.withdraw(server.getLocalPort());
        try {
            server.close();
        } catch (IOException e) {
            log("closing the server socket: " + e);
        }
    }

    private void log(String line) {
        System.err.println(Instant.now() + " " + line);
    }

    private static java.util.concurrent.ThreadFactory daemonThreads(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
