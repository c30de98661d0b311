package com.androperator.evidence.simulator.transport;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The device end of one TCP connection from an adb server: CNXN negotiation, then any number of
 * concurrent streams, each served on its own thread from {@code serviceExecutor}.
 */
public final class AdbConnection implements Closeable {

    /** How long a cut connection waits for the host to close its side before closing ours. */
    private static final long CUT_GRACE_MILLIS = 2_000;

    private final Socket socket;
    private final Supplier<TransportSettings> settings;
    private final ServiceDispatcher dispatcher;
    private final Executor serviceExecutor;
    private final ScheduledExecutorService scheduler;
    private final Consumer<Duration> onCut;
    private final OutputStream out;
    private final Map<Integer, AdbStream> streams = new ConcurrentHashMap<>();
    private final Object sendLock = new Object();
    private int nextLocalId = 1;
    private volatile boolean connected;
    private volatile int version = AdbMessageCodec.VERSION_MIN;
    private volatile int maxWritePayload = TransportSettings.DEFAULT_MAX_PAYLOAD;
    private volatile int ownMaxPayload = TransportSettings.DEFAULT_MAX_PAYLOAD;
    private volatile boolean outputShut;

    /**
     * @param onCut told how long the device stays unreachable after {@link #cut(Duration)}
     */
    public AdbConnection(Socket socket, Supplier<TransportSettings> settings,
            ServiceDispatcher dispatcher, Executor serviceExecutor,
            ScheduledExecutorService scheduler, Consumer<Duration> onCut) throws IOException {
        this.socket = socket;
        this.settings = settings;
        this.dispatcher = dispatcher;
        this.serviceExecutor = serviceExecutor;
        this.scheduler = scheduler;
        this.onCut = onCut;
        this.out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        socket.setTcpNoDelay(true);
    }

    /** Reads and handles messages until the host disconnects or the connection is closed. */
    public void run() {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            AdbMessage message;
            while ((message = AdbMessageCodec.read(in, ownMaxPayload, verifiesChecksums()))
                    != null) {
                handle(message);
            }
        } catch (IOException | StreamClosedException e) {
            // The host went away, sent garbage or the simulator closed: the connection ends here
            // exactly as a real device's would, and the host sees the transport drop.
        } finally {
            connected = false;
            outputShut = true;
            closeAllStreams();
        }
    }

    /** The negotiated protocol version (the lower of both sides'). */
    public int version() {
        return version;
    }

    /** The largest WRTE payload this side may send: the lower of both sides' maximum. */
    public int maxWritePayload() {
        return maxWritePayload;
    }

    /**
     * Cuts the connection as a dying device does: what was written is flushed, then the host sees
     * the end of the stream. Our socket closes when the host closes its side (closing earlier
     * with unread input would reset the connection and could discard bytes the host has not read
     * yet) or after a short grace period.
     *
     * @param offline how long the device then stays unreachable for new connections
     */
    public void cut(Duration offline) {
        onCut.accept(offline);
        cut();
    }

    /** {@link #cut(Duration)} of this connection only; the device stays reachable. */
    public void cut() {
        synchronized (sendLock) {
            if (outputShut) {
                return;
            }
            outputShut = true;
            try {
                out.flush();
                socket.shutdownOutput();
            } catch (IOException e) {
                closeQuietly();
            }
        }
        scheduler.schedule(this::closeQuietly, CUT_GRACE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        closeQuietly();
    }

    /** @throws StreamClosedException when the connection is closed or was cut */
    void send(AdbMessage message) {
        synchronized (sendLock) {
            if (outputShut) {
                throw new StreamClosedException("connection is closed");
            }
            try {
                AdbMessageCodec.write(out, message, !skipsChecksums());
                out.flush();
            } catch (IOException e) {
                outputShut = true;
                closeQuietly();
                throw new StreamClosedException("connection failed: " + e.getMessage());
            }
        }
    }

    void sendQuietly(AdbMessage message) {
        try {
            send(message);
        } catch (StreamClosedException e) {
            // Closing a stream on a connection that is already gone needs no message.
        }
    }

    void forget(AdbStream stream) {
        streams.remove(stream.localId(), stream);
    }

    private void handle(AdbMessage message) {
        switch (message.command()) {
            case AdbCommand.CNXN -> onConnect(message);
            case AdbCommand.OPEN -> {
                if (connected) {
                    onOpen(message);
                }
            }
            case AdbCommand.OKAY -> {
                AdbStream stream = streams.get(message.arg1());
                if (stream != null && stream.remoteId() == message.arg0()) {
                    stream.onHostOkay();
                }
            }
            case AdbCommand.WRTE -> {
                AdbStream stream = streams.get(message.arg1());
                if (stream != null && stream.remoteId() == message.arg0()) {
                    // Input (shell stdin, window size) is accepted and dropped: no simulated
                    // command reads it, but the host needs the OKAY to go on.
                    send(AdbMessage.of(AdbCommand.OKAY, stream.localId(), stream.remoteId()));
                }
            }
            case AdbCommand.CLSE -> {
                AdbStream stream = streams.get(message.arg1());
                if (stream != null && (message.arg0() == 0 || stream.remoteId() == message.arg0())) {
                    streams.remove(message.arg1(), stream);
                    stream.onHostClose();
                }
            }
            default -> {
                // AUTH, STLS, SYNC and unknown commands: a device without auth ignores them.
            }
        }
    }

    private void onConnect(AdbMessage message) {
        closeAllStreams();
        TransportSettings announced = settings.get();
        ownMaxPayload = announced.maxPayload();
        version = Integer.compareUnsigned(message.arg0(), AdbMessageCodec.VERSION_SKIP_CHECKSUM) < 0
                ? message.arg0()
                : AdbMessageCodec.VERSION_SKIP_CHECKSUM;
        int peerMax = message.arg1();
        maxWritePayload = peerMax <= 0 ? announced.maxPayload()
                : Math.min(peerMax, announced.maxPayload());
        connected = true;
        send(AdbMessage.of(AdbCommand.CNXN, version, announced.maxPayload(), announced.banner()));
    }

    private void onOpen(AdbMessage message) {
        int remoteId = message.arg0();
        Optional<StreamService> service = dispatcher.open(message.payloadText(), this);
        if (service.isEmpty()) {
            send(AdbMessage.of(AdbCommand.CLSE, 0, remoteId));
            return;
        }
        AdbStream stream = new AdbStream(this, nextLocalId++, remoteId);
        streams.put(stream.localId(), stream);
        send(AdbMessage.of(AdbCommand.OKAY, stream.localId(), remoteId));
        StreamService body = service.get();
        serviceExecutor.execute(() -> {
            try {
                body.serve(stream);
            } catch (StreamClosedException e) {
                // The host closed the stream or the connection ended while the service wrote.
            } finally {
                stream.close();
            }
        });
    }

    private boolean skipsChecksums() {
        return Integer.compareUnsigned(version, AdbMessageCodec.VERSION_SKIP_CHECKSUM) >= 0;
    }

    private boolean verifiesChecksums() {
        return connected && !skipsChecksums();
    }

    private void closeAllStreams() {
        List<AdbStream> open = List.copyOf(streams.values());
        streams.clear();
        open.forEach(AdbStream::onHostClose);
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is best effort: the socket is unusable either way.
        }
    }
}
