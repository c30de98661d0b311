package com.androperator.evidence.conformance.content;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/** Writes PNGs for tests: small ones as bytes, large ones streamed to a file with IDAT chunk offsets kept. */
public final class PngFiles {
    public static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private PngFiles() {
    }

    /** A whole chunk: length, type, data, CRC. */
    public static byte[] chunk(String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length).putInt(data.length).put(typeBytes).put(data)
                .putInt((int) crc.getValue()).array();
    }

    public static byte[] ihdr(long width, long height, int depth, int colour, int interlace) {
        return ByteBuffer.allocate(13).putInt((int) width).putInt((int) height).put((byte) depth).put((byte) colour)
                .put((byte) 0).put((byte) 0).put((byte) interlace).array();
    }

    public static byte[] zlib(byte[] raw) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    /** Where the large file's chunks start, and how many pixels it has. */
    public record Layout(int width, int height, List<Long> idatOffsets, long bytes) {
    }

    /** What {@link #writeLarge} leaves wrong; the file's CRCs are right unless the damage is a CRC. */
    public enum Damage {
        NONE,
        /** The zlib stream ends properly, but half a row short of the last row. */
        CUT_IN_LAST_ROW,
        /** One byte of the CRC of the middle IDAT chunk flipped. */
        CRC_OF_MIDDLE_CHUNK
    }

    /**
     * An RGB image of {@code width} x {@code height} pixels streamed to {@code file}: every row has
     * a filter byte (0..4 in turn), a seeded random first quarter (so it does not compress away)
     * and a gradient, in IDAT chunks of {@code chunkBytes}.
     */
    public static Layout writeLarge(Path file, int width, int height, int chunkBytes, long seed, Damage damage) {
        List<Long> offsets = new ArrayList<>();
        try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            raw.write(SIGNATURE);
            raw.write(chunk("IHDR", ihdr(width, height, 8, 2, 0)));
            long[] position = {SIGNATURE.length + 25};
            OutputStream idat = new OutputStream() {
                private final byte[] pending = new byte[chunkBytes];
                private int filled;

                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    while (len > 0) {
                        int take = Math.min(len, pending.length - filled);
                        System.arraycopy(b, off, pending, filled, take);
                        filled += take;
                        off += take;
                        len -= take;
                        if (filled == pending.length) {
                            flushChunk();
                        }
                    }
                }

                private void flushChunk() throws IOException {
                    if (filled == 0) {
                        return;
                    }
                    byte[] data = java.util.Arrays.copyOf(pending, filled);
                    offsets.add(position[0]);
                    raw.write(chunk("IDAT", data));
                    position[0] += 12 + filled;
                    filled = 0;
                }

                @Override
                public void close() throws IOException {
                    flushChunk();
                }
            };
            Random random = new Random(seed);
            byte[] row = new byte[1 + width * 3];
            try (DeflaterOutputStream zlib = new DeflaterOutputStream(idat, new Deflater(Deflater.BEST_SPEED), 1 << 16)) {
                for (int y = 0; y < height; y++) {
                    row[0] = (byte) (y % 5);
                    int noisy = width * 3 / 4;
                    for (int i = 1; i < row.length; i++) {
                        row[i] = i <= noisy ? (byte) random.nextInt(256) : (byte) (i + y);
                    }
                    boolean last = y == height - 1;
                    zlib.write(row, 0, last && damage == Damage.CUT_IN_LAST_ROW ? row.length / 2 : row.length);
                }
            }
            raw.write(chunk("IEND", new byte[0]));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (damage == Damage.CRC_OF_MIDDLE_CHUNK) {
            long middle = offsets.get(offsets.size() / 2);
            try (RandomAccessFile edit = new RandomAccessFile(file.toFile(), "rw")) {
                edit.seek(middle);
                int length = edit.readInt();
                long crcAt = middle + 8 + length;
                edit.seek(crcAt);
                int b = edit.read();
                edit.seek(crcAt);
                edit.write(b ^ 0x01);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try {
            return new Layout(width, height, List.copyOf(offsets), Files.size(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
