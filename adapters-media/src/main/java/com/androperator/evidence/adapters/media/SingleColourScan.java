package com.androperator.evidence.adapters.media;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Whether a PNG's pixels are all one colour, decided on the filtered scanlines as they are
 * inflated, in the verifier's one pass and without unfiltering. While every pixel so far has been
 * the first pixel's colour c, the row above is c throughout, so each filter type makes a known
 * pattern of the next row if it is c again: the row's first pixel is c, 0 or c - c/2 byte by byte
 * and the rest is c, 0 or c - c/2 repeated. Comparing against that pattern (a vectorized array
 * compare) is exact; the first byte that differs ends the scan, so a busy screen costs almost
 * nothing.
 *
 * <p>Decided for non-interlaced images of 8 or 16 bits per sample with the colour in the pixels
 * (greyscale, truecolour, with or without alpha); other images are not judged (empty).
 */
final class SingleColourScan {
    /** What a filtered row of colour c holds: c itself, zeros, or c - floor(c/2). */
    private static final int C = 0;
    private static final int ZERO = 1;
    private static final int HALF = 2;
    /** [0 for the first row, 1 for a later one][filter type]: the pattern of the row's first pixel, of the rest. */
    private static final int[][] HEAD = {{C, C, C, C, C}, {C, C, ZERO, HALF, ZERO}};
    private static final int[][] TAIL = {{C, ZERO, C, HALF, ZERO}, {C, ZERO, ZERO, ZERO, ZERO}};
    private static final int PATTERN_PIXELS = 512;

    private final PngHeader header;
    private final int bytesPerPixel;
    private final byte[] colour;
    private int colourBytes;
    private ByteBuffer[] patterns;
    private boolean judged;
    private boolean varied;
    private boolean firstRow = true;
    private boolean rowStarted;
    private int filter;
    private long rowOffset;

    SingleColourScan(PngHeader header) {
        this.header = header;
        this.judged = !header.interlaced() && header.bitDepth() >= 8 && !header.isIndexed();
        this.bytesPerPixel = Math.max(1, header.bitsPerPixel() / 8);
        this.colour = new byte[bytesPerPixel];
    }

    /** A scanline begins with {@code filterType} (0..4, already checked). */
    void startRow(int filterType) {
        if (rowStarted) {
            firstRow = false;
        }
        rowStarted = true;
        filter = filterType;
        rowOffset = 0;
    }

    /** The next {@code length} filtered bytes of the current scanline, at {@code offset} in {@code bytes}. */
    void accept(ByteBuffer bytes, int offset, int length) {
        if (!judged || varied) {
            return;
        }
        int row = firstRow ? 0 : 1;
        int end = offset + length;
        int position = offset;
        while (position < end && rowOffset < bytesPerPixel) {
            int index = (int) rowOffset;
            if (firstRow && colourBytes < bytesPerPixel) {
                colour[colourBytes++] = bytes.get(position);
            } else if (bytes.get(position) != pattern(HEAD[row][filter]).get(index)) {
                varied = true;
                return;
            }
            position++;
            rowOffset++;
        }
        if (position < end) {
            varied = !matchesTail(bytes, position, end, pattern(TAIL[row][filter]));
            rowOffset += end - position;
        }
    }

    /** The colour of every pixel, as {@code #rrggbb} (alpha appended when not opaque), once all rows were seen. */
    Optional<String> colour() {
        return judged && !varied && colourBytes == bytesPerPixel ? Optional.of(hex()) : Optional.empty();
    }

    private boolean matchesTail(ByteBuffer bytes, int from, int to, ByteBuffer pattern) {
        int phase = (int) (rowOffset % bytesPerPixel);
        int position = from;
        while (position < to) {
            int span = Math.min(to - position, pattern.capacity() - phase);
            if (bytes.slice(position, span).mismatch(pattern.slice(phase, span)) >= 0) {
                return false;
            }
            position += span;
            phase = 0;
        }
        return true;
    }

    /** One of the three patterns, made once the first pixel is known: whole pixels, so any phase fits. */
    private ByteBuffer pattern(int kind) {
        if (patterns == null) {
            byte[][] made = new byte[3][bytesPerPixel * PATTERN_PIXELS];
            for (int i = 0; i < made[C].length; i++) {
                int c = colour[i % bytesPerPixel] & 0xFF;
                made[C][i] = (byte) c;
                made[HALF][i] = (byte) (c - (c >> 1));
            }
            patterns = new ByteBuffer[] {ByteBuffer.wrap(made[C]), ByteBuffer.wrap(made[ZERO]), ByteBuffer.wrap(made[HALF])};
        }
        return patterns[kind];
    }

    private String hex() {
        int sampleBytes = header.bitDepth() / 8;
        int samples = bytesPerPixel / sampleBytes;
        boolean alpha = header.colourType() == PngHeader.COLOUR_GREYSCALE_ALPHA
                || header.colourType() == PngHeader.COLOUR_TRUECOLOUR_ALPHA;
        int colourSamples = alpha ? samples - 1 : samples;
        StringBuilder hex = new StringBuilder("#");
        for (int channel = 0; channel < 3; channel++) {
            hex.append(sample(colourSamples == 1 ? 0 : channel, sampleBytes));
        }
        if (alpha) {
            String a = sample(samples - 1, sampleBytes);
            if (a.chars().anyMatch(ch -> ch != 'f')) {
                hex.append(a);
            }
        }
        return hex.toString();
    }

    private String sample(int index, int sampleBytes) {
        StringBuilder digits = new StringBuilder();
        for (int b = 0; b < sampleBytes; b++) {
            digits.append(String.format("%02x", colour[index * sampleBytes + b] & 0xFF));
        }
        return digits.toString();
    }
}
