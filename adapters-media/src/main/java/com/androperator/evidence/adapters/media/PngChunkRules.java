package com.androperator.evidence.adapters.media;

import static com.androperator.evidence.adapters.media.PngChunkType.IDAT;
import static com.androperator.evidence.adapters.media.PngChunkType.IEND;
import static com.androperator.evidence.adapters.media.PngChunkType.IHDR;
import static com.androperator.evidence.adapters.media.PngChunkType.PLTE;
import static com.androperator.evidence.adapters.media.PngChunkType.typeName;

import java.util.Optional;

/**
 * The PNG rules for whole chunks, judged in the order the chunks came once each one's CRC
 * matched: IHDR first, at most one PLTE before the image data and only where the colour type
 * allows it, one run of consecutive IDAT chunks inflated to the last scanline, IEND last and
 * empty, unknown critical chunks refused and ancillary ones skipped. Kept apart from
 * {@link PngChunkWalk}, which frames the bytes and checks CRCs, so each reads as one concern.
 */
final class PngChunkRules implements AutoCloseable {
    private static final int MAX_PALETTE_ENTRIES = 256;

    /** Where the walk is relative to the single run of consecutive IDAT chunks. */
    private enum ImageDataState {
        NOT_STARTED,
        IN_PROGRESS,
        ENDED
    }

    private final InflaterFactory inflaterFactory;
    private PngHeader header;
    private boolean paletteSeen;
    private ImageDataState imageDataState = ImageDataState.NOT_STARTED;
    private IdatStream imageData;

    /** The chunk being judged: its type, offset, length, IHDR data and the problem found in its data. */
    private int chunkType;
    private long chunkOffset;
    private int chunkLength;
    private byte[] field;
    private InvalidPngException contentProblem;

    PngChunkRules(InflaterFactory inflaterFactory) {
        this.inflaterFactory = inflaterFactory;
    }

    boolean hasHeader() {
        return header != null;
    }

    /** The IHDR chunk's header, once accepted. */
    PngHeader header() {
        return header;
    }

    /**
     * A chunk header was read. An IDAT chunk inflates as its data arrives: whether it may carry
     * image data at all is decided now, and the objection returned (or null) waits for the chunk's
     * CRC like every content problem.
     */
    InvalidPngException beginChunk(int type, long offset) {
        chunkType = type;
        chunkOffset = offset;
        contentProblem = null;
        if (chunkType != IDAT || header == null) {
            return null;
        }
        if (imageDataState == ImageDataState.ENDED) {
            return new InvalidPngException(String.format(
                    "IDAT chunk at offset %d is separated from the earlier IDAT chunks;"
                            + " IDAT chunks must be consecutive", chunkOffset));
        }
        if (header.isIndexed() && !paletteSeen) {
            return new InvalidPngException(String.format(
                    "missing PLTE: colour type 3 needs a PLTE chunk before the IDAT chunk at offset %d",
                    chunkOffset));
        }
        if (imageData == null) {
            // Only now, with the header past every limit check, is there anything worth inflating.
            imageData = new IdatStream(inflaterFactory, ScanlinePass.of(header), new SingleColourScan(header));
        }
        return null;
    }

    /** The one colour of every pixel of a verified image, when it is judged and is one colour. */
    Optional<String> singleColour() {
        return imageData == null ? Optional.empty() : imageData.singleColour();
    }

    /** Bytes of an IDAT chunk that {@link #beginChunk} did not object to. */
    void imageData(byte[] bytes, int position, int length, long offset) throws InvalidPngException {
        imageData.append(bytes, position, length, offset);
    }

    /**
     * The chunk is whole and its CRC matched: judges its contents; true when it was IEND.
     * {@code data} holds the IHDR data, {@code problem} what was found while its data arrived.
     */
    boolean accept(int type, long offset, int length, byte[] data, InvalidPngException problem)
            throws InvalidPngException {
        chunkType = type;
        chunkOffset = offset;
        chunkLength = length;
        field = data;
        contentProblem = problem;
        if (header == null) {
            acceptHeader();
            return false;
        }
        if (imageDataState == ImageDataState.IN_PROGRESS && chunkType != IDAT) {
            imageData.finish(chunkOffset);
            imageDataState = ImageDataState.ENDED;
        }
        if (chunkType == IEND) {
            acceptEnd();
            return true;
        }
        acceptBodyChunk();
        return false;
    }

    @Override
    public void close() {
        if (imageData != null) {
            imageData.close();
            imageData = null;
        }
    }

    private void acceptHeader() throws InvalidPngException {
        if (chunkType != IHDR) {
            throw new InvalidPngException(String.format(
                    "first chunk must be IHDR, found %s at offset %d", typeName(chunkType), chunkOffset));
        }
        if (chunkLength != PngHeader.IHDR_LENGTH) {
            throw new InvalidPngException(String.format("IHDR chunk at offset %d has length %d, expected %d",
                    chunkOffset, chunkLength, PngHeader.IHDR_LENGTH));
        }
        header = PngHeader.parse(field, 0, Math.toIntExact(chunkOffset + 8));
    }

    /** Any chunk between IHDR and IEND. */
    private void acceptBodyChunk() throws InvalidPngException {
        if (chunkType == IDAT) {
            if (contentProblem != null) {
                throw contentProblem;
            }
            imageDataState = ImageDataState.IN_PROGRESS;
        } else if (chunkType == PLTE) {
            acceptPalette();
        } else if (chunkType == IHDR) {
            throw new InvalidPngException(String.format("second IHDR chunk at offset %d", chunkOffset));
        } else if ((chunkType & 0x2000_0000) == 0) {
            // Bit 5 of the first type letter clear (uppercase) marks a chunk a decoder must understand.
            throw new InvalidPngException(String.format(
                    "unknown critical chunk %s at offset %d", typeName(chunkType), chunkOffset));
        }
        // Any other chunk is ancillary: its CRC is checked and its contents are not needed.
    }

    private void acceptPalette() throws InvalidPngException {
        if (!header.allowsPalette()) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d is forbidden for colour type %d", chunkOffset, header.colourType()));
        }
        if (paletteSeen) {
            throw new InvalidPngException(String.format("second PLTE chunk at offset %d", chunkOffset));
        }
        if (imageDataState != ImageDataState.NOT_STARTED) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d comes after IDAT; it must precede the image data", chunkOffset));
        }
        if (chunkLength == 0 || chunkLength % 3 != 0) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has length %d, not a positive multiple of 3", chunkOffset, chunkLength));
        }
        int entries = chunkLength / 3;
        if (entries > MAX_PALETTE_ENTRIES) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has %d entries, above %d", chunkOffset, entries, MAX_PALETTE_ENTRIES));
        }
        if (header.isIndexed() && entries > 1 << header.bitDepth()) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has %d entries, more than bit depth %d can index",
                    chunkOffset, entries, header.bitDepth()));
        }
        paletteSeen = true;
    }

    private void acceptEnd() throws InvalidPngException {
        if (chunkLength != 0) {
            throw new InvalidPngException(String.format(
                    "IEND chunk at offset %d has length %d, expected 0", chunkOffset, chunkLength));
        }
        if (imageDataState == ImageDataState.NOT_STARTED) {
            throw new InvalidPngException(String.format(
                    "IEND chunk at offset %d comes before any IDAT chunk", chunkOffset));
        }
    }
}
