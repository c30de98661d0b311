package com.androperator.evidence.conformance.content;

import java.util.ArrayList;
import java.util.List;

/** What IHDR says about a PNG's image data: its header within the limits, and its scanlines pass by pass. */
final class PngLayout {
    private PngLayout() {
    }

    /** IHDR as the limits allow it. */
    record Header(int width, int height, int bitDepth, int colourType, boolean adam7) {
        static Header of(byte[] data, long at) throws PngCheck.Refusal {
            long width = PngCheck.int32(data, 0) & 0xFFFF_FFFFL;
            long height = PngCheck.int32(data, 4) & 0xFFFF_FFFFL;
            if (width == 0 || height == 0 || width > Integer.MAX_VALUE || height > Integer.MAX_VALUE) {
                throw new PngCheck.Refusal("IHDR at offset %d gives %dx%d; both must be 1 to 2^31-1", at, width, height);
            }
            if (width * height > PngCheck.MAX_PIXELS) {
                throw new PngCheck.Refusal("IHDR at offset %d gives %dx%d = %d pixels, over the %d-pixel limit", at, width, height,
                        width * height, PngCheck.MAX_PIXELS);
            }
            int depth = data[8] & 0xFF;
            int colour = data[9] & 0xFF;
            boolean allowed = switch (colour) {
                case 0 -> depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
                case 3 -> depth == 1 || depth == 2 || depth == 4 || depth == 8;
                case 2, 4, 6 -> depth == 8 || depth == 16;
                default -> false;
            };
            if (!allowed) {
                throw new PngCheck.Refusal("IHDR at offset %d: colour type %d with bit depth %d is not a PNG format", at, colour,
                        depth);
            }
            if (data[10] != 0 || data[11] != 0 || (data[12] & 0xFF) > 1) {
                throw new PngCheck.Refusal("IHDR at offset %d: compression %d, filter %d, interlace %d (must be 0, 0, 0 or 1)",
                        at, data[10] & 0xFF, data[11] & 0xFF, data[12] & 0xFF);
            }
            return new Header((int) width, (int) height, depth, colour, data[12] == 1);
        }

        int bitsPerPixel() {
            int samples = switch (colourType) {
                case 2 -> 3;
                case 4 -> 2;
                case 6 -> 4;
                default -> 1;
            };
            return samples * bitDepth;
        }
    }

    /** The filtered scanlines the header implies, pass by pass: a filter byte, then a row of bytes. */
    static final class Scanlines {
        private final List<long[]> passes = new ArrayList<>(7);
        private int pass;
        private long rowsLeft;
        /** Bytes of the current row still due; -1 when the next byte is a filter type. */
        private long rowBytesLeft = -1;
        private long rowsDone;
        private final long rowsTotal;

        Scanlines(Header header) {
            int[][] adam7 = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2},
                {0, 1, 1, 2}};
            int[][] layout = header.adam7 ? adam7 : new int[][] {{0, 0, 1, 1}};
            long total = 0;
            for (int[] p : layout) {
                long columns = header.width > p[0] ? (header.width - p[0] + p[2] - 1) / p[2] : 0;
                long rows = header.height > p[1] ? (header.height - p[1] + p[3] - 1) / p[3] : 0;
                if (columns > 0 && rows > 0) {
                    passes.add(new long[] {rows, (columns * header.bitsPerPixel() + 7) / 8});
                    total += rows;
                }
            }
            rowsTotal = total;
            rowsLeft = passes.get(0)[0];
        }

        void consume(byte[] data, int count, long chunkAt) throws PngCheck.Refusal {
            int i = 0;
            while (i < count) {
                if (rowBytesLeft < 0) {
                    if (pass == passes.size()) {
                        throw new PngCheck.Refusal("the zlib stream holds data after the last of %d scanlines (IDAT chunk at"
                                + " offset %d)", rowsTotal, chunkAt);
                    }
                    int filter = data[i] & 0xFF;
                    if (filter > 4) {
                        throw new PngCheck.Refusal("scanline %d of %d starts with filter type %d (0 to 4 exist); IDAT chunk at"
                                + " offset %d", rowsDone + 1, rowsTotal, filter, chunkAt);
                    }
                    i++;
                    rowBytesLeft = passes.get(pass)[1];
                }
                long take = Math.min(rowBytesLeft, count - i);
                i += (int) take;
                rowBytesLeft -= take;
                if (rowBytesLeft == 0) {
                    rowBytesLeft = -1;
                    rowsDone++;
                    if (--rowsLeft == 0 && ++pass < passes.size()) {
                        rowsLeft = passes.get(pass)[0];
                    }
                }
            }
        }

        boolean complete() {
            return rowsDone == rowsTotal;
        }

        String progress() {
            return rowsDone + " of " + rowsTotal + " scanlines" + (rowBytesLeft >= 0 ? " and part of the next" : "");
        }
    }

}
