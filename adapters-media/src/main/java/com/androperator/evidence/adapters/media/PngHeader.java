package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.ImageVerifier;
import java.util.Arrays;

/**
 * The contents of a validated IHDR chunk.
 *
 * <p>{@link #parse} turns every header problem into a rejection with the offending field's byte
 * offset; the compact constructor only guards the invariants that {@code parse} already
 * established, so a header that exists is always one that is safe to size buffers from.
 */
record PngHeader(int width, int height, int bitDepth, int colourType, boolean interlaced) {

    static final int IHDR_LENGTH = 13;

    static final int COLOUR_GREYSCALE = 0;
    static final int COLOUR_TRUECOLOUR = 2;
    static final int COLOUR_INDEXED = 3;
    static final int COLOUR_GREYSCALE_ALPHA = 4;
    static final int COLOUR_TRUECOLOUR_ALPHA = 6;

    PngHeader {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("dimensions must be positive: " + width + "x" + height);
        }
        if ((long) width * height > ImageVerifier.MAX_PIXELS) {
            throw new IllegalArgumentException("more than " + ImageVerifier.MAX_PIXELS + " pixels");
        }
        if (!isAllowedBitDepth(colourType, bitDepth)) {
            throw new IllegalArgumentException(
                    "bit depth " + bitDepth + " is not allowed for colour type " + colourType);
        }
    }

    /**
     * Validates the 13 IHDR data bytes at {@code dataOffset}. Only arithmetic happens here: the
     * pixel limit is enforced before any caller can size or start decompression.
     */
    static PngHeader parse(byte[] png, int dataOffset) throws InvalidPngException {
        return parse(png, dataOffset, dataOffset);
    }

    /**
     * As {@link #parse(byte[], int)} for the 13 bytes at {@code index} of {@code data}, reporting
     * offsets as if those bytes began at {@code dataOffset} of the file.
     */
    static PngHeader parse(byte[] data, int index, int dataOffset) throws InvalidPngException {
        byte[] png = data;
        int shift = index - dataOffset;
        long width = BigEndian.readUnsigned32(png, dataOffset + shift);
        long height = BigEndian.readUnsigned32(png, dataOffset + 4 + shift);
        checkDimension("width", width, dataOffset);
        checkDimension("height", height, dataOffset + 4);
        long pixels = width * height;
        if (pixels > ImageVerifier.MAX_PIXELS) {
            throw new InvalidPngException(String.format(
                    "IHDR dimensions at offset %d are %dx%d = %d pixels, above the %d-pixel limit",
                    dataOffset, width, height, pixels, ImageVerifier.MAX_PIXELS));
        }
        int bitDepth = png[dataOffset + 8 + shift] & 0xFF;
        int colourType = png[dataOffset + 9 + shift] & 0xFF;
        int compressionMethod = png[dataOffset + 10 + shift] & 0xFF;
        int filterMethod = png[dataOffset + 11 + shift] & 0xFF;
        int interlaceMethod = png[dataOffset + 12 + shift] & 0xFF;
        int[] allowed = allowedBitDepths(colourType);
        if (allowed == null) {
            throw new InvalidPngException(String.format(
                    "IHDR colour type %d at offset %d is not defined (allowed: 0, 2, 3, 4, 6)",
                    colourType, dataOffset + 9));
        }
        if (!isAllowedBitDepth(colourType, bitDepth)) {
            throw new InvalidPngException(String.format(
                    "IHDR bit depth %d at offset %d is not allowed for colour type %d (allowed: %s)",
                    bitDepth, dataOffset + 8, colourType, Arrays.toString(allowed)));
        }
        if (compressionMethod != 0) {
            throw new InvalidPngException(String.format(
                    "IHDR compression method %d at offset %d is not 0 (deflate)",
                    compressionMethod, dataOffset + 10));
        }
        if (filterMethod != 0) {
            throw new InvalidPngException(String.format(
                    "IHDR filter method %d at offset %d is not 0 (adaptive)", filterMethod, dataOffset + 11));
        }
        if (interlaceMethod > 1) {
            throw new InvalidPngException(String.format(
                    "IHDR interlace method %d at offset %d is neither 0 (none) nor 1 (Adam7)",
                    interlaceMethod, dataOffset + 12));
        }
        return new PngHeader((int) width, (int) height, bitDepth, colourType, interlaceMethod == 1);
    }

    boolean isIndexed() {
        return colourType == COLOUR_INDEXED;
    }

    /** Whether a PLTE chunk may appear at all: the spec forbids it for greyscale images. */
    boolean allowsPalette() {
        return colourType != COLOUR_GREYSCALE && colourType != COLOUR_GREYSCALE_ALPHA;
    }

    int bitsPerPixel() {
        return samplesPerPixel(colourType) * bitDepth;
    }

    private static int samplesPerPixel(int colourType) {
        return switch (colourType) {
            case COLOUR_TRUECOLOUR -> 3;
            case COLOUR_GREYSCALE_ALPHA -> 2;
            case COLOUR_TRUECOLOUR_ALPHA -> 4;
            default -> 1;
        };
    }

    private static void checkDimension(String name, long value, int offset) throws InvalidPngException {
        if (value == 0) {
            throw new InvalidPngException(String.format("IHDR %s at offset %d is 0, must be positive", name, offset));
        }
        if (value > Integer.MAX_VALUE) {
            throw new InvalidPngException(String.format(
                    "IHDR %s %d at offset %d is above the PNG limit of 2^31-1", name, value, offset));
        }
    }

    /** The bit depths the PNG specification allows per colour type, or null for an undefined type. */
    private static int[] allowedBitDepths(int colourType) {
        return switch (colourType) {
            case COLOUR_GREYSCALE -> new int[] {1, 2, 4, 8, 16};
            case COLOUR_INDEXED -> new int[] {1, 2, 4, 8};
            case COLOUR_TRUECOLOUR, COLOUR_GREYSCALE_ALPHA, COLOUR_TRUECOLOUR_ALPHA -> new int[] {8, 16};
            default -> null;
        };
    }

    private static boolean isAllowedBitDepth(int colourType, int bitDepth) {
        int[] allowedDepths = allowedBitDepths(colourType);
        if (allowedDepths == null) {
            return false;
        }
        for (int allowed : allowedDepths) {
            if (allowed == bitDepth) {
                return true;
            }
        }
        return false;
    }
}
