package com.androperator.evidence.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Another user's process near the capture daemon, run as the system user {@value #USER} (made with
 * useradd when missing, {@link #userAvailable()}; the tests run as root): {@code listen <port> silent|close} takes a port on
 * 127.0.0.1 and says nothing to whoever connects, or closes each connection at once;
 * {@code flood <port>} keeps opening silent connections to it. Either runs until its stdin ends
 * and prints one line per connection it accepted.
 */
final class ForeignPeer implements AutoCloseable {
    static final String USER = "androperator-peer";
    private static final int KEPT_OPEN = 1000;
    /** About 500 connections a second: far more than the daemon holds within its 2 s greeting limit. */
    private static final long FLOOD_PACE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final Process process;
    private final BufferedReader out;

    private ForeignPeer(Process process, String ready) throws IOException {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        if (!ready.equals(first)) {
            process.destroyForcibly();
            throw new IllegalStateException("the peer said '" + first + "', not '" + ready + "': "
                    + new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Whether {@link #USER} exists, made with useradd if missing (which needs root). */
    static boolean userAvailable() throws IOException, InterruptedException {
        if (id("-u") != null) {
            return true;
        }
        Process add = new ProcessBuilder("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER)
                .redirectErrorStream(true).start();
        add.getInputStream().readAllBytes();
        return add.waitFor() == 0 && id("-u") != null;
    }

    private static String id(String which) throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", which, USER).redirectErrorStream(true).start();
        String answer = new String(id.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        return id.waitFor() == 0 ? answer : null;
    }

    /** Starts the peer as {@link #USER} (see {@link #userAvailable()}) and returns once it listens or floods. */
    static ForeignPeer start(String mode, int port, String... more) throws IOException, InterruptedException {
        Path classes = Path.of(ForeignPeer.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        List<String> command = new java.util.ArrayList<>(List.of("setpriv", "--reuid=" + id("-u"), "--regid=" + id("-g"),
                "--clear-groups", "--", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", "-cp", classes.toString(), ForeignPeer.class.getName(), mode, Integer.toString(port)));
        command.addAll(List.of(more));
        return new ForeignPeer(new ProcessBuilder(command).start(), mode.equals("flood") ? "flooding" : "listening");
    }

    /** Ends the peer and returns the lines it printed for the connections it accepted. */
    List<String> stop() throws IOException, InterruptedException {
        process.getOutputStream().close();
        List<String> accepted = out.lines().toList();
        process.waitFor(60, TimeUnit.SECONDS);
        return accepted;
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[1]);
        Thread peer = new Thread(() -> {
            try {
                if (args[0].equals("flood")) {
                    flood(port);
                } else {
                    listen(port, args[2].equals("close"));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "peer");
        peer.setDaemon(true);
        peer.start();
        System.in.readAllBytes();
        System.out.flush();
        System.exit(0);
    }

    private static void listen(int port, boolean closeAtOnce) throws IOException {
        List<Socket> kept = new java.util.ArrayList<>();
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port));
            System.out.println("listening");
            System.out.flush();
            while (true) {
                Socket connection = server.accept();
                System.out.println("accepted");
                System.out.flush();
                if (closeAtOnce) {
                    connection.close();
                } else {
                    kept.add(connection);
                }
            }
        }
    }

    private static void flood(int port) throws IOException {
        InetSocketAddress daemon = new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
        Deque<Socket> open = new ArrayDeque<>();
        for (long opened = 1; ; opened++) {
            Socket socket = new Socket();
            try {
                socket.connect(daemon, 1000);
                open.add(socket);
            } catch (IOException refusedOrTimedOut) {
                socket.close();
            }
            if (open.size() > KEPT_OPEN) {
                open.poll().close();
            }
            if (opened == 200) {
                System.out.println("flooding");
                System.out.flush();
            }
            LockSupport.parkNanos(FLOOD_PACE_NANOS);
        }
    }
}
