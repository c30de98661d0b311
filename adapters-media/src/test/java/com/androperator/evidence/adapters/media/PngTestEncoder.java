package com.androperator.evidence.adapters.media;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A small PNG encoder written for the tests, independent of the verifier's code, so tests control
 * every colour type, bit depth, filter, interlace and chunk layout, and can build invalid files
 * chunk by chunk. {@code PngTestEncoderTest} proves with javax.imageio that its output is real PNG.
 */
final class PngTestEncoder {

    static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    // Adam7 (PNG spec, section 8.2), restated here so the tests do not borrow the verifier's tables.
    private static final int[][] ADAM7 = {
        // startX, startY, stepX, stepY
        {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}
    };

    private PngTestEncoder() {
    }

    /** A valid PNG of {@code image}: one IDAT, filter type {@code row % 5} for variety. */
    static byte[] encode(RawImage image) {
        return png(chunksOf(image, row -> row % 5, Integer.MAX_VALUE, false));
    }

    /**
     * A valid PNG of {@code image} with a random filter per scanline, the zlib stream split into IDAT
     * chunks of at most {@code idatChunkBytes}, and, optionally, ancillary chunks before and after
     * the image data.
     */
    static byte[] encode(RawImage image, Random filterChoice, int idatChunkBytes, boolean withAncillaryChunks) {
        return png(chunksOf(image, row -> filterChoice.nextInt(5), idatChunkBytes, withAncillaryChunks));
    }

    /** The chunks of a valid PNG of {@code image}, for tests that then break one of them. */
    static List<byte[]> chunksOf(
            RawImage image, IntUnaryOperator filterForRow, int idatChunkBytes, boolean withAncillaryChunks) {
        List<byte[]> chunks = new ArrayList<>();
        chunks.add(ihdr(image.width(), image.height(), image.bitDepth(), image.colourType(), image.interlaced() ? 1 : 0));
        if (withAncillaryChunks) {
            chunks.add(chunk("tEXt", "Software\0PngTestEncoder".getBytes(StandardCharsets.ISO_8859_1)));
        }
        if (image.colourType() == 3) {
            chunks.add(chunk("PLTE", image.palette()));
        }
        chunks.addAll(idats(zlib(scanlines(image, filterForRow)), idatChunkBytes));
        if (withAncillaryChunks) {
            chunks.add(chunk("prVt", new byte[] {1, 2, 3}));
        }
        chunks.add(iend());
        return chunks;
    }

    /** The decompressed image data: every pass's scanlines, each a filter byte plus filtered bytes. */
    static byte[] scanlines(RawImage image, IntUnaryOperator filterForRow) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        int[][] passes = image.interlaced() ? ADAM7 : new int[][] {{0, 0, 1, 1}};
        int bitsPerPixel = image.samplesPerPixel() * image.bitDepth();
        int filterDistance = Math.max(1, bitsPerPixel / 8);
        int row = 0;
        for (int[] pass : passes) {
            int columns = reducedSize(image.width(), pass[0], pass[2]);
            int rows = reducedSize(image.height(), pass[1], pass[3]);
            if (columns == 0 || rows == 0) {
                continue;
            }
            byte[] previous = new byte[(columns * bitsPerPixel + 7) / 8];
            for (int passRow = 0; passRow < rows; passRow++) {
                byte[] packed = packRow(image, pass, columns, pass[1] + passRow * pass[3]);
                int filterType = filterForRow.applyAsInt(row);
                raw.write(filterType);
                raw.writeBytes(filter(filterType, packed, previous, filterDistance));
                previous = packed;
                row++;
            }
        }
        return raw.toByteArray();
    }

    private static byte[] packRow(RawImage image, int[] pass, int columns, int y) {
        int bitDepth = image.bitDepth();
        byte[] packed = new byte[(columns * image.samplesPerPixel() * bitDepth + 7) / 8];
        int bit = 0;
        for (int column = 0; column < columns; column++) {
            int x = pass[0] + column * pass[2];
            for (int channel = 0; channel < image.samplesPerPixel(); channel++) {
                int sample = image.sample(x, y, channel);
                if (bitDepth == 16) {
                    packed[bit / 8] = (byte) (sample >>> 8);
                    packed[bit / 8 + 1] = (byte) sample;
                } else {
                    // Sub-byte samples are packed most significant bits first.
                    packed[bit / 8] |= (byte) (sample << (8 - bitDepth - bit % 8));
                }
                bit += bitDepth;
            }
        }
        return packed;
    }

    private static byte[] filter(int filterType, byte[] row, byte[] previous, int distance) {
        byte[] filtered = new byte[row.length];
        for (int i = 0; i < row.length; i++) {
            int left = i >= distance ? row[i - distance] & 0xFF : 0;
            int up = previous[i] & 0xFF;
            int upLeft = i >= distance ? previous[i - distance] & 0xFF : 0;
            int predictor = switch (filterType) {
                case 0 -> 0;
                case 1 -> left;
                case 2 -> up;
                case 3 -> (left + up) / 2;
                case 4 -> paeth(left, up, upLeft);
                default -> throw new IllegalArgumentException("filter type " + filterType);
            };
            filtered[i] = (byte) ((row[i] & 0xFF) - predictor);
        }
        return filtered;
    }

    private static int paeth(int left, int up, int upLeft) {
        int estimate = left + up - upLeft;
        int toLeft = Math.abs(estimate - left);
        int toUp = Math.abs(estimate - up);
        int toUpLeft = Math.abs(estimate - upLeft);
        if (toLeft <= toUp && toLeft <= toUpLeft) {
            return left;
        }
        return toUp <= toUpLeft ? up : upLeft;
    }

    static int reducedSize(int fullSize, int start, int step) {
        return fullSize > start ? (fullSize - start + step - 1) / step : 0;
    }

    static byte[] zlib(byte[] raw) {
        return zlib(raw, Deflater.DEFAULT_COMPRESSION);
    }

    static byte[] zlib(byte[] raw, int level) {
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(raw);
            deflater.finish();
            ByteArrayOutputStream compressed = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            while (!deflater.finished()) {
                compressed.write(buffer, 0, deflater.deflate(buffer));
            }
            return compressed.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** Splits a zlib stream over consecutive IDAT chunks of at most {@code chunkBytes} each. */
    static List<byte[]> idats(byte[] zlib, int chunkBytes) {
        List<byte[]> chunks = new ArrayList<>();
        for (int start = 0; start < zlib.length; start += chunkBytes) {
            int end = (int) Math.min(zlib.length, (long) start + chunkBytes);
            chunks.add(chunk("IDAT", Arrays.copyOfRange(zlib, start, end)));
        }
        return chunks;
    }

    static byte[] idat(byte[] data) {
        return chunk("IDAT", data);
    }

    static byte[] ihdr(long width, long height, int bitDepth, int colourType, int interlace) {
        return ihdr(width, height, bitDepth, colourType, 0, 0, interlace);
    }

    static byte[] ihdr(long width, long height, int bitDepth, int colourType, int compression, int filter, int interlace) {
        byte[] data = new byte[13];
        putInt(data, 0, (int) width);
        putInt(data, 4, (int) height);
        data[8] = (byte) bitDepth;
        data[9] = (byte) colourType;
        data[10] = (byte) compression;
        data[11] = (byte) filter;
        data[12] = (byte) interlace;
        return chunk("IHDR", data);
    }

    static byte[] plte(int entries) {
        byte[] data = new byte[entries * 3];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        return chunk("PLTE", data);
    }

    static byte[] iend() {
        return chunk("IEND", new byte[0]);
    }

    /** A chunk with a correct CRC over its type and data. */
    static byte[] chunk(String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        byte[] chunk = new byte[12 + data.length];
        putInt(chunk, 0, data.length);
        System.arraycopy(typeBytes, 0, chunk, 4, 4);
        System.arraycopy(data, 0, chunk, 8, data.length);
        CRC32 crc = new CRC32();
        crc.update(chunk, 4, 4 + data.length);
        putInt(chunk, 8 + data.length, (int) crc.getValue());
        return chunk;
    }

    static byte[] png(byte[]... chunks) {
        return png(List.of(chunks));
    }

    /** The signature followed by {@code chunks} verbatim. */
    static byte[] png(List<byte[]> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(SIGNATURE);
        chunks.forEach(out::writeBytes);
        return out.toByteArray();
    }

    /** Where each chunk of a well-formed file sits, found by walking the length fields. */
    static List<ChunkLocation> chunkLocations(byte[] png) {
        List<ChunkLocation> locations = new ArrayList<>();
        int offset = SIGNATURE.length;
        while (offset + 8 <= png.length) {
            int length = readInt(png, offset);
            String type = new String(png, offset + 4, 4, StandardCharsets.US_ASCII);
            locations.add(new ChunkLocation(type, offset, length));
            offset += 12 + length;
        }
        return locations;
    }

    /** A chunk's position: {@code offset} is where its length field starts. */
    record ChunkLocation(String type, int offset, int dataLength) {
        ChunkLocation {
            if (offset < SIGNATURE.length || dataLength < 0) {
                throw new IllegalArgumentException("not a chunk position: " + offset + "/" + dataLength);
            }
        }

        int dataOffset() {
            return offset + 8;
        }

        int crcOffset() {
            return offset + 8 + dataLength;
        }

        int end() {
            return offset + 12 + dataLength;
        }
    }

    static void putInt(byte[] bytes, int offset, int value) {
        bytes[offset] = (byte) (value >>> 24);
        bytes[offset + 1] = (byte) (value >>> 16);
        bytes[offset + 2] = (byte) (value >>> 8);
        bytes[offset + 3] = (byte) value;
    }

    static int readInt(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xFF) << 24) | ((bytes[offset + 1] & 0xFF) << 16)
                | ((bytes[offset + 2] & 0xFF) << 8) | (bytes[offset + 3] & 0xFF);
    }
}
