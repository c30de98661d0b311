package com.androperator.evidence.simulator.harness;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The adb server's socket protocol, as far as tests need it: a request is 4 hex digits of
 * length and the text; the answer is OKAY or FAIL with a 4-hex-digit length and reason.
 */
public final class AdbHostClient {

    private AdbHostClient() {}

    /**
     * A host query such as {@code host-serial:127.0.0.1:5555:get-state} or {@code host:version}.
     *
     * @return the payload after OKAY
     * @throws AdbHostException when the server answers FAIL
     */
    public static String query(int serverPort, String request, Duration timeout) throws IOException {
        try (Socket socket = connect(serverPort, timeout)) {
            send(socket.getOutputStream(), request);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            expectOkay(in);
            return new String(readLengthPrefixed(in), StandardCharsets.UTF_8);
        }
    }

    /**
     * Opens a device service through the server ({@code host:transport:SERIAL}, then the
     * service). The returned socket's input is the service's raw output; close it to close the
     * stream. Reads time out after {@code timeout}.
     */
    public static Socket openService(int serverPort, String serial, String service,
            Duration timeout) throws IOException {
        Socket socket = connect(serverPort, timeout);
        try {
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            send(out, "host:transport:" + serial);
            expectOkay(in);
            send(out, service);
            expectOkay(in);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** Runs a device service to its end and returns all its output bytes. */
    public static byte[] runService(int serverPort, String serial, String service,
            Duration timeout) throws IOException {
        try (Socket socket = openService(serverPort, serial, service, timeout)) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toByteArray();
        }
    }

    private static Socket connect(int serverPort, Duration timeout) throws IOException {
        Socket socket = new Socket();
        try {
            int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort),
                    millis);
            socket.setSoTimeout(millis);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private static void send(OutputStream out, String request) throws IOException {
        byte[] body = request.getBytes(StandardCharsets.UTF_8);
        out.write(String.format("%04x", body.length).getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private static void expectOkay(DataInputStream in) throws IOException {
        byte[] status = new byte[4];
        in.readFully(status);
        String text = new String(status, StandardCharsets.US_ASCII);
        if (text.equals("OKAY")) {
            return;
        }
        if (text.equals("FAIL")) {
            throw new AdbHostException(new String(readLengthPrefixed(in), StandardCharsets.UTF_8));
        }
        throw new IOException("adb server answered neither OKAY nor FAIL: " + text);
    }

    private static byte[] readLengthPrefixed(DataInputStream in) throws IOException {
        byte[] hex = new byte[4];
        try {
            in.readFully(hex);
        } catch (EOFException e) {
            throw new IOException("adb server closed before the length of its answer", e);
        }
        int length;
        try {
            length = Integer.parseInt(new String(hex, StandardCharsets.US_ASCII), 16);
        } catch (NumberFormatException e) {
            throw new IOException("adb server sent a bad length: "
                    + new String(hex, StandardCharsets.US_ASCII), e);
        }
        byte[] payload = new byte[length];
        in.readFully(payload);
        return payload;
    }
}
