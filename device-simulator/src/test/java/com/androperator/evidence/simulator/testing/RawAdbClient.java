package com.androperator.evidence.simulator.testing;

import com.androperator.evidence.simulator.transport.AdbCommand;
import com.androperator.evidence.simulator.transport.AdbMessage;
import com.androperator.evidence.simulator.transport.AdbMessageCodec;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

/** The host end of the adb transport, written plainly, to drive the simulator byte by byte. */
public final class RawAdbClient implements Closeable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private boolean checksums = true;

    public RawAdbClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(10_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    public Socket socket() {
        return socket;
    }

    public InputStream input() {
        return in;
    }

    /** Whether data_check is sent and verified (protocol 0x01000000). */
    public void checksums(boolean enabled) {
        checksums = enabled;
    }

    /** Sends CNXN and returns the device's CNXN, checking its data_check below 0x01000001. */
    public AdbMessage connect(int version, int maxPayload) throws IOException {
        checksums = Integer.compareUnsigned(version, AdbMessageCodec.VERSION_SKIP_CHECKSUM) < 0;
        send(AdbMessage.of(AdbCommand.CNXN, version, maxPayload, "host::features=shell_v2,cmd\0"));
        AdbMessage reply = read();
        checksums = Integer.compareUnsigned(reply.arg0(), AdbMessageCodec.VERSION_SKIP_CHECKSUM) < 0;
        return reply;
    }

    public void send(AdbMessage message) throws IOException {
        AdbMessageCodec.write(out, message, checksums);
        out.flush();
    }

    public void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next message; null at a clean end of the connection. */
    public AdbMessage read() throws IOException {
        return AdbMessageCodec.read(in, 16 * 1024 * 1024, checksums);
    }

    /** Opens {@code service} as stream {@code localId}; returns the device's OKAY or CLSE. */
    public AdbMessage open(int localId, String service) throws IOException {
        send(AdbMessage.of(AdbCommand.OPEN, localId, 0, service + "\0"));
        return read();
    }

    /**
     * Runs a service to its end: OPEN, OKAY each WRTE, until the device's CLSE.
     *
     * @param maxWrite fails when a WRTE is larger
     */
    public byte[] run(int localId, String service, int maxWrite) throws IOException {
        AdbMessage opened = open(localId, service);
        if (opened.command() != AdbCommand.OKAY) {
            throw new IOException("service refused: " + opened);
        }
        int remoteId = opened.arg0();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        while (true) {
            AdbMessage message = read();
            if (message == null) {
                throw new IOException("connection ended inside the stream");
            }
            if (message.arg1() != localId) {
                throw new IOException("message for another stream: " + message);
            }
            if (message.command() == AdbCommand.WRTE) {
                if (message.payload().length > maxWrite) {
                    throw new IOException("WRTE of " + message.payload().length + " > " + maxWrite);
                }
                output.writeBytes(message.payload());
                send(AdbMessage.of(AdbCommand.OKAY, localId, remoteId));
            } else if (message.command() == AdbCommand.CLSE) {
                send(AdbMessage.of(AdbCommand.CLSE, localId, remoteId));
                return output.toByteArray();
            } else {
                throw new IOException("unexpected " + message);
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
