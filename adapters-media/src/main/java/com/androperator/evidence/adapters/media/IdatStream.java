package com.androperator.evidence.adapters.media;

import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The zlib stream that the IDAT chunks carry between them, inflated as each chunk arrives and
 * consumed scanline by scanline.
 *
 * <p>Pixels are never unfiltered or kept: what proves the image complete is that every scanline
 * starts with a defined filter type and that the stream holds exactly the bytes the header implies,
 * then ends. Memory is one fixed inflate buffer however large the image is. The same pass tells a
 * single-colour image ({@link SingleColourScan}).
 */
final class IdatStream implements AutoCloseable {

    /** Large enough that a 10 MB screenshot costs only a few hundred inflate calls. */
    private static final int INFLATE_BUFFER_BYTES = 64 * 1024;

    private static final int HIGHEST_FILTER_TYPE = 4;

    private final Inflater inflater;
    private final byte[] inflated = new byte[INFLATE_BUFFER_BYTES];
    private final ScanlinePass[] passes;
    private final long totalScanlines;
    private final SingleColourScan colour;

    private int passIndex;
    private long rowsLeftInPass;
    /** Filtered bytes still due in the current scanline; 0 means the next byte is a filter type. */
    private long bytesLeftInRow;
    private long scanlinesDone;

    IdatStream(Inflater inflater, List<ScanlinePass> passes, SingleColourScan colour) {
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("an image has at least one scanline");
        }
        this.inflater = inflater;
        this.colour = colour;
        this.passes = passes.toArray(new ScanlinePass[0]);
        this.rowsLeftInPass = this.passes[0].rows();
        this.totalScanlines = passes.stream().mapToLong(ScanlinePass::rows).sum();
    }

    /** Feeds the data of the IDAT chunk at {@code chunkOffset} through the inflater. */
    void append(byte[] png, int dataOffset, int length, long chunkOffset) throws InvalidPngException {
        if (inflater.finished()) {
            if (length > 0) {
                throw new InvalidPngException(String.format(
                        "%d bytes after the end of the zlib stream in IDAT chunk at offset %d", length, chunkOffset));
            }
            return;
        }
        // Java 11+ keeps a reference to the array rather than copying the chunk.
        inflater.setInput(png, dataOffset, length);
        while (true) {
            int count;
            try {
                count = inflater.inflate(inflated);
            } catch (DataFormatException e) {
                throw new InvalidPngException(String.format(
                        "corrupt zlib stream in IDAT chunk at offset %d: %s", chunkOffset, e.getMessage()));
            }
            if (count > 0) {
                consume(count, chunkOffset);
            }
            if (inflater.finished()) {
                int trailing = inflater.getRemaining();
                if (trailing > 0) {
                    throw new InvalidPngException(String.format(
                            "%d bytes after the end of the zlib stream in IDAT chunk at offset %d",
                            trailing, chunkOffset));
                }
                return;
            }
            if (count == 0) {
                if (inflater.needsDictionary()) {
                    throw new InvalidPngException(String.format(
                            "zlib stream in IDAT chunk at offset %d asks for a preset dictionary, which PNG forbids",
                            chunkOffset));
                }
                if (inflater.needsInput()) {
                    return;
                }
                // Inflater's contract rules this out; refusing beats spinning forever on it.
                throw new InvalidPngException(String.format(
                        "zlib stream in IDAT chunk at offset %d made no progress", chunkOffset));
            }
        }
    }

    /** Called when the run of IDAT chunks ends at {@code endOffset}: the data must be all there. */
    void finish(long endOffset) throws InvalidPngException {
        if (!inflater.finished()) {
            throw new InvalidPngException(String.format(
                    "incomplete image data: the zlib stream does not end before the IDAT chunks do at offset %d"
                            + " (%d of %d scanlines complete)",
                    endOffset, scanlinesDone, totalScanlines));
        }
        if (scanlinesDone < totalScanlines) {
            throw new InvalidPngException(String.format(
                    "short image data: the zlib stream ends after %d of %d scanlines%s (IDAT chunks end at offset %d)",
                    scanlinesDone, totalScanlines, bytesLeftInRow > 0 ? " and part of the next" : "", endOffset));
        }
    }

    /** Walks the scanline structure over {@code count} fresh bytes, touching only filter-type bytes. */
    private void consume(int count, long chunkOffset) throws InvalidPngException {
        byte[] buffer = inflated;
        int position = 0;
        while (position < count) {
            if (bytesLeftInRow == 0) {
                if (passIndex == passes.length) {
                    throw new InvalidPngException(String.format(
                            "too much image data: the zlib stream holds %d or more bytes after the last of %d"
                                    + " scanlines (IDAT chunk at offset %d)",
                            count - position, totalScanlines, chunkOffset));
                }
                int filterType = buffer[position] & 0xFF;
                if (filterType > HIGHEST_FILTER_TYPE) {
                    throw new InvalidPngException(String.format(
                            "invalid filter type %d at the start of %s (IDAT chunk at offset %d)",
                            filterType, describeCurrentScanline(), chunkOffset));
                }
                position++;
                bytesLeftInRow = passes[passIndex].bytesPerRow();
                colour.startRow(filterType);
            }
            long taken = Math.min(bytesLeftInRow, count - position);
            colour.accept(buffer, position, (int) taken);
            position += (int) taken;
            bytesLeftInRow -= taken;
            if (bytesLeftInRow == 0) {
                completeScanline();
            }
        }
    }

    /** The one colour of every pixel, when the image is judged and is one colour; ask once the data is complete. */
    Optional<String> singleColour() {
        return colour.colour();
    }

    private void completeScanline() {
        scanlinesDone++;
        rowsLeftInPass--;
        if (rowsLeftInPass == 0) {
            passIndex++;
            rowsLeftInPass = passIndex < passes.length ? passes[passIndex].rows() : 0;
        }
    }

    private String describeCurrentScanline() {
        ScanlinePass pass = passes[passIndex];
        long row = pass.rows() - rowsLeftInPass + 1;
        return pass.passCount() == 1
                ? String.format("scanline %d of %d", row, pass.rows())
                : String.format("scanline %d of %d in Adam7 pass %d", row, pass.rows(), pass.number());
    }

    @Override
    public void close() {
        inflater.end();
    }
}
