package com.androperator.evidence.simulator.shell;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** The shell protocol v2 framing: {@code [id u8][length u32 LE][data]}. */
public final class ShellV2Frames {

    public static final int STDIN = 0;
    public static final int STDOUT = 1;
    public static final int STDERR = 2;
    public static final int EXIT = 3;
    public static final int CLOSE_STDIN = 4;
    public static final int WINDOW_SIZE_CHANGE = 5;

    public static final int HEADER_BYTES = 5;
    /** Whole frames, header included, stay within 64 KiB as adbd's do. */
    public static final int MAX_FRAME_BYTES = 64 * 1024;
    public static final int MAX_DATA_BYTES = MAX_FRAME_BYTES - HEADER_BYTES;

    private ShellV2Frames() {}

    /** One decoded frame. */
    public record Frame(int id, byte[] data) {
        public Frame {
            if (id < 0 || id > 255) {
                throw new IllegalArgumentException("frame id must be a byte: " + id);
            }
            Objects.requireNonNull(data, "data");
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Frame that && id == that.id && Arrays.equals(data, that.data);
        }

        @Override
        public int hashCode() {
            return 31 * id + Arrays.hashCode(data);
        }

        @Override
        public String toString() {
            return "Frame[id=" + id + ", " + data.length + " bytes]";
        }
    }

    /** {@code data} as consecutive frames of {@code id}, none larger than 64 KiB. */
    public static byte[] encode(int id, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length
                + HEADER_BYTES * (data.length / MAX_DATA_BYTES + 1));
        int offset = 0;
        do {
            int length = Math.min(MAX_DATA_BYTES, data.length - offset);
            out.write(id);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(length).array());
            out.write(data, offset, length);
            offset += length;
        } while (offset < data.length);
        return out.toByteArray();
    }

    /** The exit frame: one byte of status, as adbd sends it (so statuses wrap modulo 256). */
    public static byte[] exitFrame(int status) {
        return new byte[] {EXIT, 1, 0, 0, 0, (byte) status};
    }

    /**
     * Decodes a complete byte stream of frames.
     *
     * @throws IllegalArgumentException when the bytes end inside a frame
     */
    public static List<Frame> decode(byte[] stream) {
        List<Frame> frames = new ArrayList<>();
        int offset = 0;
        while (offset < stream.length) {
            if (stream.length - offset < HEADER_BYTES) {
                throw new IllegalArgumentException("stream ends inside a frame header at " + offset);
            }
            int id = stream[offset] & 0xff;
            int length = ByteBuffer.wrap(stream, offset + 1, 4).order(ByteOrder.LITTLE_ENDIAN)
                    .getInt();
            if (length < 0 || length > stream.length - offset - HEADER_BYTES) {
                throw new IllegalArgumentException("frame at " + offset + " declares " + length
                        + " bytes but " + (stream.length - offset - HEADER_BYTES) + " remain");
            }
            frames.add(new Frame(id, Arrays.copyOfRange(stream, offset + HEADER_BYTES,
                    offset + HEADER_BYTES + length)));
            offset += HEADER_BYTES + length;
        }
        return frames;
    }
}
