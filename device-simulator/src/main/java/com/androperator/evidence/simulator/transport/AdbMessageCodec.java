package com.androperator.evidence.simulator.transport;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads and writes the 24-byte little-endian message header {@code command, arg0, arg1,
 * data_length, data_check, magic} followed by the payload.
 *
 * <p>{@code data_check} is the unsigned byte sum of the payload. Peers on protocol version
 * {@link #VERSION_MIN} require it; from {@link #VERSION_SKIP_CHECKSUM} on it is sent as 0 and
 * ignored, which is why both directions take the choice as a flag.
 */
public final class AdbMessageCodec {

    public static final int HEADER_BYTES = 24;
    public static final int VERSION_MIN = 0x01000000;
    public static final int VERSION_SKIP_CHECKSUM = 0x01000001;

    private AdbMessageCodec() {}

    /** The unsigned byte sum of {@code data}, as an unsigned 32-bit value held in an int. */
    public static int checksum(byte[] data) {
        int sum = 0;
        for (byte b : data) {
            sum += b & 0xff;
        }
        return sum;
    }

    public static byte[] encodeHeader(AdbMessage message, boolean withChecksum) {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(message.command());
        header.putInt(message.arg0());
        header.putInt(message.arg1());
        header.putInt(message.payload().length);
        header.putInt(withChecksum ? checksum(message.payload()) : 0);
        header.putInt(~message.command());
        return header.array();
    }

    /** Header and payload in one array, as they go on the wire. */
    public static byte[] encode(AdbMessage message, boolean withChecksum) {
        byte[] header = encodeHeader(message, withChecksum);
        byte[] wire = new byte[header.length + message.payload().length];
        System.arraycopy(header, 0, wire, 0, header.length);
        System.arraycopy(message.payload(), 0, wire, header.length, message.payload().length);
        return wire;
    }

    public static void write(OutputStream out, AdbMessage message, boolean withChecksum)
            throws IOException {
        out.write(encodeHeader(message, withChecksum));
        out.write(message.payload());
    }

    /**
     * Reads one message.
     *
     * @param maxPayload payloads longer than this are a protocol error, so a corrupt length can
     *     never make the reader allocate gigabytes
     * @param verifyChecksum whether {@code data_check} must equal the payload's byte sum
     * @return the message, or null when the stream ended cleanly before a header started
     * @throws AdbProtocolException for a bad magic, an oversized payload or a checksum mismatch
     * @throws EOFException when the stream ended inside a message
     */
    public static AdbMessage read(InputStream in, int maxPayload, boolean verifyChecksum)
            throws IOException {
        byte[] headerBytes = new byte[HEADER_BYTES];
        int first = in.read();
        if (first < 0) {
            return null;
        }
        headerBytes[0] = (byte) first;
        readFully(in, headerBytes, 1, HEADER_BYTES - 1);
        ByteBuffer header = ByteBuffer.wrap(headerBytes).order(ByteOrder.LITTLE_ENDIAN);
        int command = header.getInt();
        int arg0 = header.getInt();
        int arg1 = header.getInt();
        int length = header.getInt();
        int check = header.getInt();
        int magic = header.getInt();
        if (magic != ~command) {
            throw new AdbProtocolException(String.format(
                    "bad magic 0x%08x for command 0x%08x", magic, command));
        }
        if (length < 0 || length > maxPayload) {
            throw new AdbProtocolException(AdbCommand.name(command) + " payload of "
                    + Integer.toUnsignedString(length) + " bytes exceeds " + maxPayload);
        }
        byte[] payload = new byte[length];
        readFully(in, payload, 0, length);
        if (verifyChecksum && checksum(payload) != check) {
            throw new AdbProtocolException(String.format(
                    "%s data_check 0x%08x does not match the payload's byte sum 0x%08x",
                    AdbCommand.name(command), check, checksum(payload)));
        }
        return new AdbMessage(command, arg0, arg1, payload);
    }

    private static void readFully(InputStream in, byte[] target, int offset, int length)
            throws IOException {
        int done = 0;
        while (done < length) {
            int n = in.read(target, offset + done, length - done);
            if (n < 0) {
                throw new EOFException("stream ended inside a message after "
                        + (offset + done) + " bytes");
            }
            done += n;
        }
    }
}
