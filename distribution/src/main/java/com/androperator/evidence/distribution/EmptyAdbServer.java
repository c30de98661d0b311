package com.androperator.evidence.distribution;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * An adb server on a loopback port that lists no devices, for the training commands: a capture
 * then takes the same path on every build machine (device not found) instead of depending on
 * whether the builder runs an adb server on 5037, and never talks to the builder's own.
 * Answers {@code host:devices} and {@code host:devices-l} with an empty list, and anything else with
 * FAIL, then closes the connection.
 */
final class EmptyAdbServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread acceptor;

    private EmptyAdbServer(ServerSocket socket) {
        this.socket = socket;
        this.acceptor = new Thread(this::serve, "empty-adb-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static EmptyAdbServer start() throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return new EmptyAdbServer(socket);
    }

    /** The value of ADB_SERVER_SOCKET that reaches this server. */
    String address() {
        return "tcp:127.0.0.1:" + socket.getLocalPort();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                DataInputStream in = new DataInputStream(client.getInputStream());
                byte[] length = new byte[4];
                in.readFully(length);
                byte[] request = new byte[Integer.parseInt(new String(length, StandardCharsets.US_ASCII), 16)];
                in.readFully(request);
                String service = new String(request, StandardCharsets.UTF_8);
                OutputStream out = client.getOutputStream();
                if (service.equals("host:devices") || service.equals("host:devices-l")) {
                    out.write("OKAY0000".getBytes(StandardCharsets.US_ASCII));
                } else {
                    String message = "training: no device";
                    out.write(String.format("FAIL%04x%s", message.length(), message).getBytes(StandardCharsets.US_ASCII));
                }
                out.flush();
            } catch (IOException | NumberFormatException e) {
                // A client that hung up or spoke something else: the next one is served all the same.
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
