package com.androperator.evidence.adapters.media;

import java.util.ArrayList;
import java.util.List;

/**
 * One pass of scanlines in the decompressed image data: {@code rows} scanlines, each a filter-type
 * byte followed by {@code bytesPerRow} bytes of filtered pixels. A non-interlaced image is a single
 * pass; an Adam7 image has up to seven, and a pass whose reduced image is empty has no scanlines at
 * all, not even filter bytes, so it is left out.
 *
 * @param number 1-based pass number, for rejection reasons
 * @param passCount how many passes the interlace method defines (1 or 7), for rejection reasons
 */
record ScanlinePass(int number, int passCount, long rows, long bytesPerRow) {

    // Adam7 (PNG spec, section 8.2): where each pass starts and how far it steps.
    private static final int[] ADAM7_START_X = {0, 4, 0, 2, 0, 1, 0};
    private static final int[] ADAM7_START_Y = {0, 0, 4, 0, 2, 0, 1};
    private static final int[] ADAM7_STEP_X = {8, 8, 4, 4, 2, 2, 1};
    private static final int[] ADAM7_STEP_Y = {8, 8, 8, 4, 4, 2, 2};

    ScanlinePass {
        if (number < 1 || number > passCount || (passCount != 1 && passCount != 7)) {
            throw new IllegalArgumentException("pass " + number + " of " + passCount);
        }
        if (rows < 1 || bytesPerRow < 1) {
            throw new IllegalArgumentException("an empty pass has no scanlines: " + rows + "x" + bytesPerRow);
        }
    }

    /** The non-empty passes of {@code header}'s image, in the order their scanlines are stored. */
    static List<ScanlinePass> of(PngHeader header) {
        List<ScanlinePass> passes = new ArrayList<>(7);
        if (!header.interlaced()) {
            passes.add(new ScanlinePass(1, 1, header.height(), bytesPerRow(header.width(), header.bitsPerPixel())));
            return passes;
        }
        for (int pass = 0; pass < 7; pass++) {
            long columns = reducedSize(header.width(), ADAM7_START_X[pass], ADAM7_STEP_X[pass]);
            long rows = reducedSize(header.height(), ADAM7_START_Y[pass], ADAM7_STEP_Y[pass]);
            if (columns > 0 && rows > 0) {
                passes.add(new ScanlinePass(pass + 1, 7, rows, bytesPerRow(columns, header.bitsPerPixel())));
            }
        }
        return passes;
    }

    private static long reducedSize(long fullSize, int start, int step) {
        return fullSize > start ? (fullSize - start + step - 1) / step : 0;
    }

    /** Sub-byte pixels are packed and each scanline is padded to a whole byte. */
    private static long bytesPerRow(long columns, int bitsPerPixel) {
        return (columns * bitsPerPixel + 7) / 8;
    }
}
