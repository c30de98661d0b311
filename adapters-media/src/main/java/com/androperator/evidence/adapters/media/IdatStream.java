package com.androperator.evidence.adapters.media;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/**
 * The zlib stream that the IDAT chunks carry between them, inflated as each chunk arrives and
 * consumed scanline by scanline.
 *
 * <p>Pixels are never unfiltered or kept: what proves the image complete is that every scanline
 * starts with a defined filter type and that the stream holds exactly the bytes the header implies,
 * then ends. Memory is two fixed 64 KiB buffers however large the image is. The same pass tells a
 * single-colour image ({@link SingleColourScan}).
 *
 * <p>A stream with the standard header (deflate, a 32 KiB window, no preset dictionary: what PNG
 * encoders write for a screen-sized image; libpng declares a smaller window for a small one) is
 * inflated as raw deflate and its Adler-32 trailer is checked here with {@link Adler32}, which the
 * server compiler (C2) turns into a vectorized loop on x86-64, instead of zlib's scalar one: about
 * 2.5 ms less for a 1080x2400 screenshot's 10 MB of scanlines in the MCP server and the capture
 * daemon; the same as before where only the client compiler runs (a one-shot CLI capture)
 * (docs/benchmarks.md, "Thirteenth pass"). The raw inflater decodes
 * the same data with the same window as zlib would, and the header and trailer are judged in zlib's
 * order and words, so verdicts and messages are zlib's ({@code ZlibWrapperTest}). Any other header
 * goes to zlib whole, which refuses it or inflates it exactly as before.
 *
 * <p>zlib writes the inflated bytes to, and reads a chunk's bytes of up to 64 KiB from, off-heap
 * buffers ({@link InflateBuffers}, which says why).
 */
final class IdatStream implements AutoCloseable {

    private static final int HIGHEST_FILTER_TYPE = 4;
    private static final int HEADER_BYTES = 2;
    private static final int TRAILER_BYTES = 4;

    private final InflaterFactory inflaters;
    private final ScanlinePass[] passes;
    private final long totalScanlines;
    private final SingleColourScan colour;
    private final byte[] header = new byte[HEADER_BYTES];
    private final byte[] trailer = new byte[TRAILER_BYTES];

    /** Made once the header's two bytes are in, so a stream cut before them never inflates. */
    private @Nullable Inflater inflater;
    /** Taken with the inflater, given back by {@link #close()}. */
    private @Nullable InflateBuffers buffers;
    /** The Adler-32 of the inflated bytes, when this class checks the trailer (raw deflate). */
    private @Nullable Adler32 adler;
    private int headerBytes;
    private int trailerBytes;
    /** The whole zlib stream, trailer included, has been read and checked. */
    private boolean ended;

    private int passIndex;
    private long rowsLeftInPass;
    /** Filtered bytes still due in the current scanline; 0 means the next byte is a filter type. */
    private long bytesLeftInRow;
    private long scanlinesDone;

    IdatStream(InflaterFactory inflaters, List<ScanlinePass> passes, SingleColourScan colour) {
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("an image has at least one scanline");
        }
        this.inflaters = inflaters;
        this.colour = colour;
        this.passes = passes.toArray(new ScanlinePass[0]);
        this.rowsLeftInPass = this.passes[0].rows();
        this.totalScanlines = passes.stream().mapToLong(ScanlinePass::rows).sum();
    }

    /** Feeds the data of the IDAT chunk at {@code chunkOffset} through the inflater. */
    void append(byte[] png, int dataOffset, int length, long chunkOffset) throws InvalidPngException {
        if (ended) {
            if (length > 0) {
                throw bytesAfterTheEnd(length, chunkOffset);
            }
            return;
        }
        int position = dataOffset;
        int end = dataOffset + length;
        if (inflater == null) {
            int taken = Math.min(HEADER_BYTES - headerBytes, length);
            System.arraycopy(png, position, header, headerBytes, taken);
            headerBytes += taken;
            position += taken;
            if (headerBytes < HEADER_BYTES) {
                return;
            }
            Inflater started = start();
            if (adler == null) {
                inflate(started, header, 0, HEADER_BYTES, chunkOffset); // zlib judges its own header
            }
        }
        Inflater current = inflater;
        if (ended) {
            if (end > position) {
                throw bytesAfterTheEnd(end - position, chunkOffset);
            }
        } else if (adler != null && current.finished()) {
            readTrailer(png, position, end - position, chunkOffset);
        } else {
            inflate(current, png, position, end - position, chunkOffset);
        }
    }

    /**
     * The inflater the header calls for: raw deflate with the trailer checked here for the standard
     * header, zlib itself for any other (which it refuses or inflates as it always did).
     */
    private Inflater start() {
        int cmf = header[0] & 0xFF;
        int flg = header[1] & 0xFF;
        boolean standard = cmf == 0x78 && (cmf * 256 + flg) % 31 == 0 && (flg & 0x20) == 0 && inflaters.allowsRaw();
        Inflater started = inflaters.create(standard);
        inflater = started;
        buffers = InflateBuffers.take();
        if (standard) {
            adler = new Adler32();
        }
        return started;
    }

    /**
     * Inflates {@code length} bytes of the chunk's data, up to the end of the deflate data. zlib is
     * handed the whole of it in one input, as it always was, so that what it judges in one call
     * (a trailer that arrives with the last data) stays one call: from the off-heap input buffer
     * when it fits there, as a capture's pieces (at most 64 KiB) do, else from the array itself (a
     * whole PNG handed to {@code verify(byte[])} with an IDAT chunk over 64 KiB).
     */
    private void inflate(Inflater current, byte[] bytes, int offset, int length, long chunkOffset)
            throws InvalidPngException {
        ByteBuffer input = buffers.input;
        if (length <= input.capacity()) {
            input.clear();
            input.put(bytes, offset, length).flip();
            current.setInput(input);
        } else {
            current.setInput(bytes, offset, length);
        }
        while (true) {
            int count = inflateOnce(current, chunkOffset);
            if (current.finished()) {
                int trailing = current.getRemaining();
                endOfData(count, bytes, offset + length - trailing, trailing, chunkOffset);
                return;
            }
            consume(count, chunkOffset);
            if (count == 0 && waitsForInput(current, chunkOffset)) {
                return;
            }
        }
    }

    private int inflateOnce(Inflater current, long chunkOffset) throws InvalidPngException {
        ByteBuffer output = buffers.output;
        output.clear();
        int count;
        try {
            count = current.inflate(output);
        } catch (DataFormatException e) {
            throw corrupt(chunkOffset, e.getMessage());
        }
        if (adler != null && count > 0) {
            adler.update(output.flip());
        }
        return count;
    }

    /** The call that ended the data gave {@code count} bytes; {@code trailing} bytes of input follow the data. */
    private void endOfData(int count, byte[] bytes, int trailerStart, int trailing, long chunkOffset)
            throws InvalidPngException {
        if (adler == null) {
            consume(count, chunkOffset);
            ended = true;
            if (trailing > 0) {
                throw bytesAfterTheEnd(trailing, chunkOffset);
            }
            return;
        }
        // zlib checks a trailer it already holds in the call that ends the data, and then hands over
        // none of that call's output: so is a wrong one judged here, before those bytes are.
        if (trailing >= TRAILER_BYTES && !adlerMatches(bytes, trailerStart)) {
            throw wrongAdler(chunkOffset);
        }
        consume(count, chunkOffset);
        readTrailer(bytes, trailerStart, trailing, chunkOffset);
    }

    /** An inflate call that gave nothing: true when it only needs the next chunk, else why it cannot go on. */
    private static boolean waitsForInput(Inflater current, long chunkOffset) throws InvalidPngException {
        if (current.needsDictionary()) {
            throw new InvalidPngException(String.format(
                    "zlib stream in IDAT chunk at offset %d asks for a preset dictionary, which PNG forbids",
                    chunkOffset));
        }
        if (current.needsInput()) {
            return true;
        }
        // Inflater's contract rules this out; refusing beats spinning forever on it.
        throw new InvalidPngException(String.format("zlib stream in IDAT chunk at offset %d made no progress", chunkOffset));
    }

    /**
     * The Adler-32 trailer after raw deflate data, judged as zlib judges it: where its last byte
     * arrives, before any byte that follows it.
     */
    private void readTrailer(byte[] bytes, int offset, int length, long chunkOffset) throws InvalidPngException {
        int taken = Math.min(TRAILER_BYTES - trailerBytes, length);
        System.arraycopy(bytes, offset, trailer, trailerBytes, taken);
        trailerBytes += taken;
        if (trailerBytes < TRAILER_BYTES) {
            return;
        }
        if (!adlerMatches(trailer, 0)) {
            throw wrongAdler(chunkOffset);
        }
        ended = true;
        if (length > taken) {
            throw bytesAfterTheEnd(length - taken, chunkOffset);
        }
    }

    /** Whether the four big-endian bytes at {@code offset} are the Adler-32 of everything inflated. */
    private boolean adlerMatches(byte[] bytes, int offset) {
        long expected = (bytes[offset] & 0xFFL) << 24 | (bytes[offset + 1] & 0xFF) << 16
                | (bytes[offset + 2] & 0xFF) << 8 | bytes[offset + 3] & 0xFF;
        return adler.getValue() == expected;
    }

    private static InvalidPngException wrongAdler(long chunkOffset) {
        return corrupt(chunkOffset, "incorrect data check"); // zlib's words for the same failure
    }

    private static InvalidPngException corrupt(long chunkOffset, String reason) {
        return new InvalidPngException(String.format("corrupt zlib stream in IDAT chunk at offset %d: %s", chunkOffset, reason));
    }

    private static InvalidPngException bytesAfterTheEnd(int count, long chunkOffset) {
        return new InvalidPngException(String.format(
                "%d bytes after the end of the zlib stream in IDAT chunk at offset %d", count, chunkOffset));
    }

    /** Called when the run of IDAT chunks ends at {@code endOffset}: the data must be all there. */
    void finish(long endOffset) throws InvalidPngException {
        if (!ended) {
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
        ByteBuffer buffer = buffers.output;
        int position = 0;
        while (position < count) {
            if (bytesLeftInRow == 0) {
                if (passIndex == passes.length) {
                    throw new InvalidPngException(String.format(
                            "too much image data: the zlib stream holds %d or more bytes after the last of %d"
                                    + " scanlines (IDAT chunk at offset %d)",
                            count - position, totalScanlines, chunkOffset));
                }
                int filterType = buffer.get(position) & 0xFF;
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
        if (inflater != null) {
            inflater.end();
        }
        if (buffers != null) {
            buffers.release();
            buffers = null; // given back once: another check may hold them next
        }
    }
}
