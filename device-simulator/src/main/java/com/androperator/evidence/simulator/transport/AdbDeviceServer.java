package com.androperator.evidence.simulator.transport;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Listens on loopback as an adbd in TCP mode does, and runs one {@link AdbConnection} per
 * accepted socket: an adb server may connect again after a drop, and several may connect at once.
 */
public final class AdbDeviceServer implements Closeable {

    private static final long REBIND_RETRY_MILLIS = 50;
    private static final int REBIND_ATTEMPTS = 100;

    private final int port;
    private final Supplier<TransportSettings> settings;
    private final ServiceDispatcher dispatcher;
    private final ExecutorService threads;
    private final ScheduledExecutorService scheduler;
    private final Set<AdbConnection> connections = ConcurrentHashMap.newKeySet();
    private ServerSocket serverSocket;
    private long offlineUntilNanos;
    private boolean closed;

    private AdbDeviceServer(ServerSocket serverSocket, Supplier<TransportSettings> settings,
            ServiceDispatcher dispatcher, ExecutorService threads,
            ScheduledExecutorService scheduler) {
        this.serverSocket = serverSocket;
        this.port = serverSocket.getLocalPort();
        this.settings = settings;
        this.dispatcher = dispatcher;
        this.threads = threads;
        this.scheduler = scheduler;
    }

    /**
     * Binds 127.0.0.1:{@code port} (0 picks a free port) and starts accepting.
     *
     * @param threads runs the accept loop, one reader per connection and one thread per stream;
     *     it must not bound its thread count, since long-lived streams (logcat) each hold one
     */
    public static AdbDeviceServer start(int port, Supplier<TransportSettings> settings,
            ServiceDispatcher dispatcher, ExecutorService threads,
            ScheduledExecutorService scheduler) throws IOException {
        AdbDeviceServer server = new AdbDeviceServer(bind(port), settings, dispatcher, threads,
                scheduler);
        ServerSocket listening = server.serverSocket;
        threads.execute(() -> server.acceptLoop(listening));
        return server;
    }

    public int port() {
        return port;
    }

    /** Connections currently open, for tests that check a drop or a reconnect. */
    public int openConnections() {
        return connections.size();
    }

    /** Whether the port currently accepts connections (false while offline after a cut). */
    public synchronized boolean listening() {
        return !closed && serverSocket != null;
    }

    /**
     * Cuts every open connection as {@link AdbConnection#cut(Duration)} does and stays
     * unreachable for {@code offline}.
     */
    public void cutAllConnections(Duration offline) {
        goOffline(offline);
        connections.forEach(AdbConnection::cut);
    }

    /**
     * Stops listening for {@code offline}, so connection attempts are refused as for a device
     * that has gone, then listens on the same port again. Overlapping calls extend the period.
     */
    public synchronized void goOffline(Duration offline) {
        if (closed || offline.isZero() || offline.isNegative()) {
            return;
        }
        long until = System.nanoTime() + offline.toNanos();
        if (serverSocket == null) {
            offlineUntilNanos = Math.max(offlineUntilNanos, until);
            return;
        }
        offlineUntilNanos = until;
        closeQuietly(serverSocket);
        serverSocket = null;
        scheduler.schedule(this::comeBack, offline.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            if (serverSocket != null) {
                closeQuietly(serverSocket);
                serverSocket = null;
            }
        }
        connections.forEach(AdbConnection::close);
    }

    private void comeBack() {
        synchronized (this) {
            if (closed || serverSocket != null) {
                return;
            }
            long remaining = offlineUntilNanos - System.nanoTime();
            if (remaining > 0) {
                scheduler.schedule(this::comeBack, remaining, TimeUnit.NANOSECONDS);
                return;
            }
        }
        rebind(REBIND_ATTEMPTS);
    }

    private void rebind(int attemptsLeft) {
        synchronized (this) {
            if (closed || serverSocket != null) {
                return;
            }
            try {
                ServerSocket listening = bind(port);
                serverSocket = listening;
                threads.execute(() -> acceptLoop(listening));
                return;
            } catch (IOException e) {
                if (attemptsLeft <= 1) {
                    // The port was taken while the device was away; it stays unreachable, as a
                    // device whose adbd cannot restart would.
                    return;
                }
            }
        }
        scheduler.schedule(() -> rebind(attemptsLeft - 1), REBIND_RETRY_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    private void acceptLoop(ServerSocket listening) {
        while (true) {
            Socket socket;
            try {
                socket = listening.accept();
            } catch (IOException e) {
                return;
            }
            try {
                AdbConnection connection = new AdbConnection(socket, settings, dispatcher, threads,
                        scheduler, this::goOffline);
                connections.add(connection);
                synchronized (this) {
                    if (closed) {
                        // close() may have run between accept() and add(): it did not see this one.
                        connection.close();
                    }
                }
                threads.execute(() -> {
                    try {
                        connection.run();
                    } finally {
                        connections.remove(connection);
                    }
                });
            } catch (IOException | RuntimeException e) {
                closeQuietly(socket);
            }
        }
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket serverSocket = new ServerSocket();
        try {
            serverSocket.setReuseAddress(true);
            serverSocket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
            return serverSocket;
        } catch (IOException e) {
            serverSocket.close();
            throw e;
        }
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // Nothing is left to release when closing fails.
        }
    }
}
