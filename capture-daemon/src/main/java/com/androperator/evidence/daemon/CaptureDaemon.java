package com.androperator.evidence.daemon;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
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
 * <p>It listens on 127.0.0.1 only and serves a client that shows the client token of its port
 * file ({@link DaemonFiles}, readable by its user alone). Before that, a connection holds no
 * capture slot: at most {@link #MAX_UNAUTHENTICATED} wait for their greeting at once and
 * {@link #MAX_HELD} more are held for a slot, each for at most {@link #GREETING_LIMIT} from its
 * accept; any more are closed at once ({@link GreetingSlots}). So other users cannot tie the daemon
 * up cheaply nor fill the kernel's backlog, and refusals are logged at most once a minute. One
 * daemon per port file, arbitrated by a lock beside it. It ignores SIGINT, SIGHUP and SIGTSTP (a
 * terminal's signals are for the client, which forwards them); SIGTERM cancels the captures in
 * flight as SIGTERM cancels a capture process, lets them finalize and answer, then ends it, as
 * {@code daemon stop} and its idle time do without the cancelling. A client of another jar or
 * JVM, and any client once its jar has changed (which also stops it), is told to capture by
 * itself. Started by bin/lib/daemon.sh: {@code CaptureDaemon <port file> <idle seconds> <java>};
 * prints {@code ready <pid>} once it serves. The command it runs is the {@link CaptureRunner} on
 * its class path (the CLI's).
 */
public final class CaptureDaemon {
    private static final int MAX_CAPTURES = 64;
    /** Connections that may wait for their greeting at once. */
    public static final int MAX_UNAUTHENTICATED = 16;
    /** Accepted connections held, with no thread, until a greeting slot is free. */
    public static final int MAX_HELD = 64;
    static final Duration GREETING_LIMIT = Duration.ofSeconds(2);

    private final ServerSocket server;
    private final DaemonFiles files;
    private final int idleSeconds;
    private final byte[] greeting;
    private final String daemonToken;
    private final DaemonIdentity identity;
    private final CaptureRunner runner;
    private final Instant started = Instant.now();
    private final Semaphore captureSlots = new Semaphore(MAX_CAPTURES);
    private final Set<ForwardedSignals> inFlightSignals = ConcurrentHashMap.newKeySet();
    private final ExecutorService connections = Executors.newCachedThreadPool(daemonThreads("daemon-connection"));
    private final GreetingSlots greetingSlots = new GreetingSlots(MAX_UNAUTHENTICATED, MAX_HELD, connections);
    private final ScheduledThreadPoolExecutor timer = timer();
    private int inFlight;
    private long served;
    private long refused;
    private Instant lastRefusalLogged = Instant.EPOCH;
    private boolean stopping;
    /** SIGTERM came: captures in flight and any that begin from now on are cancelled (a stop alone lets them finish). */
    private boolean terminated;
    private ScheduledFuture<?> idleExit;

    private CaptureDaemon(ServerSocket server, DaemonFiles files, int idleSeconds, DaemonFiles.Tokens tokens,
            String launcherJava, CaptureRunner runner) throws IOException {
        this.server = server;
        this.files = files;
        this.idleSeconds = idleSeconds;
        this.greeting = (DaemonWire.GREETING + " " + tokens.client()).getBytes(StandardCharsets.US_ASCII);
        this.daemonToken = tokens.daemon();
        this.identity = DaemonIdentity.ofThisJvm(launcherJava);
        this.runner = runner;
    }

    public static void main(String[] args) throws IOException {
        DaemonFiles files = new DaemonFiles(Path.of(args[0]).toAbsolutePath());
        PrintStream ready = System.out;
        try {
            files.checkDirectory();
        } catch (DaemonFiles.Unusable unusable) {
            ready.println("unusable: " + unusable.getMessage());
            System.exit(1);
        }
        CaptureRunner runner = ServiceLoader.load(CaptureRunner.class).findFirst().orElse(null);
        if (runner == null) {
            ready.println("unusable: no " + CaptureRunner.class.getName() + " on the class path");
            System.exit(1);
        }
        // Another daemon may hold the name: answer once it has published its port, so that the
        // client that started this one finds it; or take over once a stopping one lets go.
        FileLock lock = files.lockOrAwaitPublished(Duration.ofSeconds(30));
        if (lock == null) {
            ready.println("running");
            System.exit(0);
        }
        files.truncateLogIfLarge();
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(DaemonWire.LOOPBACK, 0), MAX_CAPTURES);
        DaemonFiles.Tokens tokens = DaemonFiles.Tokens.random();
        CaptureDaemon daemon = new CaptureDaemon(server, files, Integer.parseInt(args[1]), tokens, args[2], runner);
        files.publish(server.getLocalPort(), tokens);
        for (String name : new String[] {"INT", "HUP", "TSTP"}) {
            try {
                Signal.handle(new Signal(name), ignored -> { });
            } catch (IllegalArgumentException unavailable) {
                // The JVM keeps this one; the daemon runs in a session of its own where setsid exists.
            }
        }
        Signal.handle(new Signal("TERM"), signal -> daemon.terminate());
        daemon.log("serving " + daemon.identity.jar() + " on 127.0.0.1:" + server.getLocalPort() + ", pid "
                + ProcessHandle.current().pid() + ", idle limit " + daemon.idleSeconds + " s");
        synchronized (daemon) {
            daemon.scheduleIdleExit();
        }
        ready.println("ready " + ProcessHandle.current().pid());
        ready.flush();
        // The client reads one line, then closes its end of that pipe: nothing else may go there.
        System.setOut(System.err);
        daemon.serve();
        files.withdraw(server.getLocalPort());
        lock.release();
        System.exit(0);
    }

    private void serve() {
        while (true) {
            Socket connection;
            try {
                connection = server.accept();
            } catch (IOException closed) {
                break;
            }
            // Never waiting here: a connection that finds no slot is held or closed, so this loop
            // keeps the kernel's backlog empty and every client's connect completes at once.
            DaemonGreeting pending = new DaemonGreeting(connection, timer, greetingSlots, GREETING_LIMIT);
            if (!greetingSlots.offer(() -> serveConnection(connection, pending))) {
                pending.refuse(connection);
                refusal("a connection while " + (MAX_UNAUTHENTICATED + MAX_HELD) + " waited for their greeting");
            }
        }
        connections.shutdown();
        try {
            connections.awaitTermination(1, TimeUnit.HOURS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serveConnection(Socket connection, DaemonGreeting pending) {
        try (connection) {
            handle(connection, pending);
        } catch (IOException | RuntimeException broken) {
            if (pending.authenticated()) {
                log("connection ended: " + broken);
            } else {
                refusal("a connection that did not greet within " + GREETING_LIMIT.toMillis() + " ms");
            }
        } finally {
            pending.release();
        }
    }

    private void handle(Socket connection, DaemonGreeting pending) throws IOException {
        connection.setTcpNoDelay(true);
        // Until its request is in, a greeted client has 10 s between bytes; the capture then has no limit.
        connection.setSoTimeout(10_000);
        InputStream in = new BufferedInputStream(connection.getInputStream());
        OutputStream out = new BufferedOutputStream(connection.getOutputStream());
        byte[] shown = DaemonWire.readLine(in).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(shown, greeting)) {
            refusal("a connection without the client token");
            return;
        }
        if (!pending.pass()) {
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
            case "capture" -> {
                DaemonWire.CaptureRequest request;
                try {
                    request = DaemonWire.readCapture(in);
                } catch (IOException unreadable) {
                    // Nothing ran: the client captures by itself. The rest of its request is read
                    // and dropped first, so that closing does not reset the connection under the answer.
                    DaemonWire.control(out, 'r', "the daemon cannot take this request: " + unreadable.getMessage());
                    connection.shutdownOutput();
                    DaemonWire.drain(connection, in);
                    return;
                }
                connection.setSoTimeout(0);
                capture(request, in, out);
            }
            default -> throw new IOException("unknown request '" + kind + "'");
        }
    }

    private void capture(DaemonWire.CaptureRequest request, InputStream in, OutputStream out) throws IOException {
        String refusal = identity.refusal(request);
        if (refusal == null && !captureSlots.tryAcquire()) {
            refusal = "the daemon runs " + MAX_CAPTURES + " captures already";
        }
        if (refusal != null) {
            DaemonWire.control(out, 'r', refusal);
            if (refusal.startsWith("the jar")) {
                stop(refusal);
            }
            return;
        }
        try {
            if (!begin()) {
                DaemonWire.control(out, 'r', "the daemon is stopping");
                return;
            }
            run(request, in, out);
        } finally {
            captureSlots.release();
        }
    }

    private void run(DaemonWire.CaptureRequest request, InputStream in, OutputStream out) throws IOException {
        long start = System.nanoTime();
        int status = 1;
        ForwardedSignals signals = new ForwardedSignals(in);
        inFlightSignals.add(signals);
        try {
            // From here on the capture may create its bundle: the client must not run it again.
            DaemonWire.control(out, 'a', "");
            if (terminated()) {
                signals.interrupt("SIGTERM", 15);
            }
            PrintStream stdout = new PrintStream(DaemonWire.lines(out, 'o'), true, StandardCharsets.UTF_8);
            PrintStream stderr = new PrintStream(DaemonWire.lines(out, 'e'), true, StandardCharsets.UTF_8);
            CaptureInvocation invocation = new CaptureInvocation(request.args(), stdout, stderr, request.environment(),
                    Path.of(request.workingDirectory()), signals, request.errIsTerminal());
            try {
                status = runner.run(invocation);
            } catch (RuntimeException | Error defect) {
                defect.printStackTrace(stderr);
            }
            stdout.flush();
            stderr.flush();
            DaemonWire.control(out, 'x', Integer.toString(status));
        } finally {
            inFlightSignals.remove(signals);
            end();
            log("capture exit " + status + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
    }

    private synchronized String status() {
        return "pid " + ProcessHandle.current().pid() + ", port " + server.getLocalPort() + ", since " + started + ", "
                + served + " captures served, " + inFlight + " in flight, idle limit " + idleSeconds + " s, jar " + identity.jar();
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

    private synchronized boolean terminated() {
        return terminated;
    }

    private void scheduleIdleExit() {
        idleExit = timer.schedule(this::stopWhenIdle, idleSeconds, TimeUnit.SECONDS);
    }

    private void stopWhenIdle() {
        synchronized (this) {
            // Checked and decided in one step: a capture that begins now is refused, not cut short.
            if (inFlight > 0 || stopping) {
                return;
            }
            stopping = true;
        }
        withdraw("idle for " + idleSeconds + " s");
    }

    /** SIGTERM: stop, and cancel every capture in flight as SIGTERM cancels a capture process. */
    private void terminate() {
        synchronized (this) {
            terminated = true;
        }
        stop("SIGTERM");
        inFlightSignals.forEach(signals -> signals.interrupt("SIGTERM", 15));
    }

    /** Stops accepting; the captures in flight finish and answer their clients, then the process ends. */
    private void stop(String why) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            stopping = true;
        }
        withdraw(why);
    }

    private void withdraw(String why) {
        log("stopping: " + why);
        files.withdraw(server.getLocalPort());
        DaemonWire.closeQuietly(server);
    }

    /** Logs a refused connection: the first, then at most one line a minute with the count since. */
    private void refusal(String what) {
        synchronized (this) {
            refused++;
            Instant now = Instant.now();
            if (Duration.between(lastRefusalLogged, now).compareTo(Duration.ofMinutes(1)) < 0) {
                return;
            }
            lastRefusalLogged = now;
        }
        log("refused " + what + " (" + refused + " refused so far)");
    }

    private void log(String line) {
        System.err.println(Instant.now() + " " + line);
    }

    /** The greeting cut-offs and the idle exit; a cancelled cut-off is dropped at once, not kept 2 s. */
    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemonThreads("daemon-timer"));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    private static java.util.concurrent.ThreadFactory daemonThreads(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
