package com.androperator.evidence.adapters.media;

import java.util.Random;

/**
 * Raw image content for {@link PngTestEncoder}: one unpacked sample per channel per pixel, row
 * major, plus a palette for colour type 3.
 *
 * @param samples {@code width * height * samplesPerPixel} values, each below {@code 2^bitDepth}
 *     (below the palette size for indexed images)
 * @param palette RGB triples for colour type 3, otherwise empty
 */
record RawImage(int width, int height, int colourType, int bitDepth, boolean interlaced, int[] samples, byte[] palette) {

    /** Every {colour type, bit depth} pair the PNG specification allows. */
    static final int[][] VALID_FORMATS = {
        {0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {2, 8}, {2, 16}, {3, 1}, {3, 2}, {3, 4}, {3, 8}, {4, 8}, {4, 16},
        {6, 8}, {6, 16}
    };

    RawImage {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("encodable images have positive dimensions");
        }
        if (samples.length != width * height * samplesPerPixel(colourType)) {
            throw new IllegalArgumentException("expected one sample per channel per pixel");
        }
        if (colourType == 3 && (palette.length == 0 || palette.length % 3 != 0)) {
            throw new IllegalArgumentException("an indexed image needs a palette of RGB triples");
        }
        int limit = colourType == 3 ? palette.length / 3 : 1 << bitDepth;
        for (int sample : samples) {
            if (sample < 0 || sample >= limit) {
                throw new IllegalArgumentException("sample " + sample + " out of range 0.." + (limit - 1));
            }
        }
    }

    /** An image of random samples; indexed images get a random-sized palette their samples fit. */
    static RawImage random(int width, int height, int colourType, int bitDepth, boolean interlaced, Random random) {
        byte[] palette = new byte[0];
        int limit = 1 << bitDepth;
        if (colourType == 3) {
            int entries = 1 + random.nextInt(Math.min(256, limit));
            palette = new byte[entries * 3];
            random.nextBytes(palette);
            limit = entries;
        }
        int[] samples = new int[width * height * samplesPerPixel(colourType)];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = random.nextInt(limit);
        }
        return new RawImage(width, height, colourType, bitDepth, interlaced, samples, palette);
    }

    int samplesPerPixel() {
        return samplesPerPixel(colourType);
    }

    int sample(int x, int y, int channel) {
        return samples[(y * width + x) * samplesPerPixel() + channel];
    }

    static int samplesPerPixel(int colourType) {
        return switch (colourType) {
            case 0, 3 -> 1;
            case 4 -> 2;
            case 2 -> 3;
            case 6 -> 4;
            default -> throw new IllegalArgumentException("colour type " + colourType);
        };
    }
}
