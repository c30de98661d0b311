package com.androperator.evidence.adapters.adb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-test TCP server that speaks the adb SERVER protocol to our client: it reads
 * {@code 4-hex-length + request} and lets each test script the answer (OKAY, FAIL, payloads,
 * raw bytes, shell v2 frames, holding the connection, cutting it).
 */
final class FakeAdbServer implements AutoCloseable {

    @FunctionalInterface
    interface Script {
        void serve(Conversation conversation) throws Exception;
    }

    private final ServerSocket server;
    private final Script script;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final List<Throwable> scriptErrors = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    FakeAdbServer(Script script) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.script = script;
        this.acceptor = new Thread(this::acceptLoop, "fake-adb-server");
        this.acceptor.setDaemon(true);
        this.acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** An environment that points our client at this server and has no adb on PATH. */
    Map<String, String> environment() {
        return Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(port()), "PATH", "/nonexistent");
    }

    /** Every request received, in order, across connections. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    List<Throwable> scriptErrors() {
        return List.copyOf(scriptErrors);
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                open.add(socket);
                Thread handler = new Thread(() -> handle(socket), "fake-adb-connection");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void handle(Socket socket) {
        try (socket) {
            Conversation conversation = new Conversation(socket);
            conversation.readRequest();
            script.serve(conversation);
        } catch (Exception e) {
            if (!server.isClosed()) {
                scriptErrors.add(e);
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
    }

    /** One client connection, seen from the server. */
    final class Conversation {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        private String lastRequest;

        Conversation(Socket socket) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
        }

        String request() {
            return lastRequest;
        }

        String readRequest() throws IOException {
            int length = Integer.parseInt(new String(in.readNBytes(4), StandardCharsets.US_ASCII), 16);
            lastRequest = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            requests.add(lastRequest);
            return lastRequest;
        }

        void okay() throws IOException {
            write("OKAY".getBytes(StandardCharsets.US_ASCII));
        }

        void fail(String reason) throws IOException {
            write(("FAIL" + hex(reason.length()) + reason).getBytes(StandardCharsets.UTF_8));
        }

        void okayPayload(String payload) throws IOException {
            byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
            write(("OKAY" + hex(bytes.length)).getBytes(StandardCharsets.US_ASCII));
            write(bytes);
        }

        void write(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        void write(String text) throws IOException {
            write(text.getBytes(StandardCharsets.UTF_8));
        }

        /** One shell v2 frame: id, length u32 little-endian, data. */
        void frame(int id, byte[] data) throws IOException {
            int n = data.length;
            write(new byte[] {(byte) id, (byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
            write(data);
        }

        void frame(int id, String text) throws IOException {
            frame(id, text.getBytes(StandardCharsets.UTF_8));
        }

        /** Keeps the connection open until the client closes it. */
        void holdUntilClientCloses() throws IOException {
            while (in.read() >= 0) {
                // The client sends nothing more; reading only detects its close.
            }
        }

        /** Answers {@code host:transport:*} with OKAY and returns the device service request. */
        String acceptTransport() throws IOException {
            okay();
            return readRequest();
        }

        Socket socket() {
            return socket;
        }
    }

    private static String hex(int length) {
        return String.format("%04x", length);
    }
}
