package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.ImageVerifier;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

/**
 * Verifies a PNG from its bytes alone, following the PNG specification (ISO/IEC 15948) rather
 * than an image library, so that "complete" means every byte was checked: the signature, IHDR
 * first, every chunk's CRC, chunk ordering, the whole zlib stream inflated to the last scanline of
 * the last pass, and IEND as the final bytes.
 *
 * <p>The check runs as the bytes arrive ({@link #start()}), in pieces of any size, so a screenshot
 * is verified in the same pass that reads and writes it. Decompression streams through one fixed
 * buffer, and the header's pixel limit is enforced before an {@link Inflater} exists, so neither a
 * large screenshot nor a decompression bomb costs more memory than that buffer. A chunk's contents
 * are judged only once its CRC has matched: a problem inside a chunk whose CRC is wrong, or which
 * the input cuts short, is reported as that, exactly as if the whole file had been read first.
 * Instances are stateless and thread-safe; each {@link ImageCheck} is used by one thread.
 */
public final class PngVerifier implements ImageVerifier {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private final Supplier<Inflater> inflaterFactory;

    public PngVerifier() {
        this(Inflater::new);
    }

    /** Lets tests count or instrument inflaters, e.g. to prove an oversized header never inflates. */
    PngVerifier(Supplier<Inflater> inflaterFactory) {
        this.inflaterFactory = Objects.requireNonNull(inflaterFactory, "inflaterFactory");
    }

    @Override
    public ImageCheck start() {
        return new ChunkWalk(inflaterFactory);
    }

    @Override
    public ImageVerification verify(byte[] png) {
        Objects.requireNonNull(png, "png");
        return ImageVerifier.super.verify(png);
    }

    /** Where the walk is relative to the single run of consecutive IDAT chunks. */
    private enum ImageDataState {
        NOT_STARTED,
        IN_PROGRESS,
        ENDED
    }

    /** Which field of the stream the next byte belongs to. */
    private enum Field {
        SIGNATURE,
        CHUNK_HEADER,
        CHUNK_DATA,
        CHUNK_CRC,
        AFTER_IEND
    }

    /** Chunk type codes, and the length, type and CRC fields around the data. */
    private static final int OVERHEAD = 12;
    private static final int IHDR = typeCode("IHDR");
    private static final int PLTE = typeCode("PLTE");
    private static final int IDAT = typeCode("IDAT");
    private static final int IEND = typeCode("IEND");

    /**
     * One verification: a single pass over the bytes as they arrive, remembering what the chunks
     * so far imply. The first problem is final; later bytes are only counted.
     */
    private static final class ChunkWalk implements ImageCheck {

        private static final int MAX_PALETTE_ENTRIES = 256;

        private final Supplier<Inflater> inflaterFactory;
        private final CRC32 crc = new CRC32();
        /** The chunk header's 8 bytes, then (for IHDR) its 13 data bytes. */
        private final byte[] field = new byte[PngHeader.IHDR_LENGTH];
        private final byte[] crcField = new byte[4];

        /** Bytes accepted so far: the offset of the next byte. */
        private long offset;
        private Field at = Field.SIGNATURE;
        /** Bytes of the current fixed-size field (signature, chunk header, CRC, IHDR data) gathered. */
        private int fieldFilled;
        private InvalidPngException problem;

        private long chunkOffset;
        private int chunkType;
        private int chunkLength;
        private long dataLeft;
        /** A problem in the current chunk's contents, reported only once its CRC matched. */
        private InvalidPngException contentProblem;

        private PngHeader header;
        private boolean paletteSeen;
        private ImageDataState imageDataState = ImageDataState.NOT_STARTED;
        private IdatStream imageData;
        private boolean finished;
        /** Bytes after IEND, all of which are reported at the end. */
        private long trailing;

        ChunkWalk(Supplier<Inflater> inflaterFactory) {
            this.inflaterFactory = inflaterFactory;
        }

        @Override
        public void accept(byte[] bytes, int from, int length) {
            Objects.checkFromIndexSize(from, length, bytes.length);
            if (finished) {
                throw new IllegalStateException("the PNG check has finished");
            }
            if (problem != null || offset + length > MAX_PNG_BYTES) {
                // Past a problem or the size limit the bytes are only counted: the verdict is decided,
                // and nothing beyond 64 MiB is ever inflated.
                offset += length;
                return;
            }
            int position = from;
            int end = from + length;
            try {
                while (position < end) {
                    int taken = step(bytes, position, end - position);
                    position += taken;
                    offset += taken;
                }
            } catch (InvalidPngException e) {
                problem = e;
                offset += end - position;
            }
        }

        @Override
        public ImageVerification finish() {
            finished = true;
            try {
                if (offset > MAX_PNG_BYTES) {
                    return new ImageVerification.Rejected(String.format(
                            "PNG is %d bytes, above the %d-byte (64 MiB) limit", offset, MAX_PNG_BYTES));
                }
                if (problem != null) {
                    return new ImageVerification.Rejected(problem.getMessage());
                }
                InvalidPngException end = atEnd();
                return end == null ? new ImageVerification.Verified(header.width(), header.height())
                        : new ImageVerification.Rejected(end.getMessage());
            } finally {
                close();
            }
        }

        @Override
        public void close() {
            if (imageData != null) {
                imageData.close();
                imageData = null;
            }
        }

        /** Why the input may not end here, or null when it ends exactly after IEND. */
        private InvalidPngException atEnd() {
            return switch (at) {
                case SIGNATURE -> new InvalidPngException(offset == 0 ? "empty input: no PNG signature"
                        : String.format("truncated: input ends at offset %d inside the 8-byte PNG signature", offset));
                case CHUNK_HEADER -> new InvalidPngException(fieldFilled == 0
                        ? String.format("truncated: input ends at offset %d without an IEND chunk", offset)
                        : String.format("truncated: chunk header at offset %d needs 8 bytes, only %d remain",
                        chunkOffset, fieldFilled));
                case CHUNK_DATA, CHUNK_CRC -> new InvalidPngException(String.format(
                        "truncated: %s chunk at offset %d declares %d data bytes but the input ends at offset %d",
                        typeName(chunkType), chunkOffset, chunkLength, offset));
                case AFTER_IEND -> trailing == 0 ? null : new InvalidPngException(String.format(
                        "%d bytes after the IEND chunk at offset %d; a PNG ends with IEND", trailing, chunkOffset));
            };
        }

        /** Consumes bytes of the current field; returns how many. */
        private int step(byte[] bytes, int position, int available) throws InvalidPngException {
            return switch (at) {
                case SIGNATURE -> signature(bytes, position, available);
                case CHUNK_HEADER -> chunkHeader(bytes, position, available);
                case CHUNK_DATA -> chunkData(bytes, position, available);
                case CHUNK_CRC -> chunkCrc(bytes, position, available);
                case AFTER_IEND -> {
                    trailing += available;
                    yield available;
                }
            };
        }

        private int signature(byte[] bytes, int position, int available) throws InvalidPngException {
            int taken = Math.min(available, SIGNATURE.length - fieldFilled);
            for (int i = 0; i < taken; i++) {
                int index = fieldFilled + i;
                if (bytes[position + i] != SIGNATURE[index]) {
                    throw new InvalidPngException(String.format(
                            "not a PNG: signature byte at offset %d is 0x%02x, expected 0x%02x",
                            index, bytes[position + i] & 0xFF, SIGNATURE[index] & 0xFF));
                }
            }
            fieldFilled += taken;
            if (fieldFilled == SIGNATURE.length) {
                at = Field.CHUNK_HEADER;
                fieldFilled = 0;
                chunkOffset = SIGNATURE.length;
            }
            return taken;
        }

        private int chunkHeader(byte[] bytes, int position, int available) throws InvalidPngException {
            int taken = Math.min(available, 8 - fieldFilled);
            System.arraycopy(bytes, position, field, fieldFilled, taken);
            fieldFilled += taken;
            if (fieldFilled < 8) {
                return taken;
            }
            long dataLength = BigEndian.readUnsigned32(field, 0);
            int type = BigEndian.readInt(field, 4);
            if (!isValidType(type)) {
                throw new InvalidPngException(String.format(
                        "invalid chunk type 0x%08x at offset %d: chunk types are four ASCII letters", type, chunkOffset));
            }
            if (dataLength > Integer.MAX_VALUE) {
                throw new InvalidPngException(String.format(
                        "%s chunk at offset %d declares length %d, above the PNG limit of 2^31-1",
                        typeName(type), chunkOffset, dataLength));
            }
            chunkType = type;
            chunkLength = (int) dataLength;
            dataLeft = dataLength;
            contentProblem = null;
            crc.reset();
            crc.update(field, 4, 4);
            fieldFilled = 0;
            beginImageData();
            at = dataLeft == 0 ? Field.CHUNK_CRC : Field.CHUNK_DATA;
            return taken;
        }

        /**
         * An IDAT chunk inflates as its data arrives. Whether it may carry image data at all is
         * decided now, and any objection waits for the chunk's CRC like every content problem.
         */
        private void beginImageData() {
            if (chunkType != IDAT || header == null) {
                return;
            }
            if (imageDataState == ImageDataState.ENDED) {
                contentProblem = new InvalidPngException(String.format(
                        "IDAT chunk at offset %d is separated from the earlier IDAT chunks;"
                                + " IDAT chunks must be consecutive", chunkOffset));
                return;
            }
            if (header.isIndexed() && !paletteSeen) {
                contentProblem = new InvalidPngException(String.format(
                        "missing PLTE: colour type 3 needs a PLTE chunk before the IDAT chunk at offset %d",
                        chunkOffset));
                return;
            }
            if (imageData == null) {
                // Only now, with the header past every limit check, is there anything worth inflating.
                imageData = new IdatStream(inflaterFactory.get(), ScanlinePass.of(header));
            }
        }

        private int chunkData(byte[] bytes, int position, int available) {
            int taken = (int) Math.min(available, dataLeft);
            crc.update(bytes, position, taken);
            if (chunkType == IHDR && chunkLength == PngHeader.IHDR_LENGTH) {
                System.arraycopy(bytes, position, field, chunkLength - (int) dataLeft, taken);
            }
            if (chunkType == IDAT && header != null && contentProblem == null) {
                try {
                    imageData.append(bytes, position, taken, chunkOffset);
                } catch (InvalidPngException e) {
                    contentProblem = e;
                }
            }
            dataLeft -= taken;
            if (dataLeft == 0) {
                at = Field.CHUNK_CRC;
                fieldFilled = 0;
            }
            return taken;
        }

        private int chunkCrc(byte[] bytes, int position, int available) throws InvalidPngException {
            int taken = Math.min(available, 4 - fieldFilled);
            for (int i = 0; i < taken; i++) {
                crcField[fieldFilled + i] = bytes[position + i];
            }
            fieldFilled += taken;
            if (fieldFilled < 4) {
                return taken;
            }
            int computed = (int) crc.getValue();
            int stored = BigEndian.readInt(crcField, 0);
            if (computed != stored) {
                throw new InvalidPngException(String.format(
                        "CRC mismatch in %s chunk at offset %d: stored 0x%08x, computed 0x%08x",
                        typeName(chunkType), chunkOffset, stored, computed));
            }
            acceptChunk();
            return taken;
        }

        /** The chunk is whole and its CRC matched: judge its contents in the order the chunks came. */
        private void acceptChunk() throws InvalidPngException {
            long end = chunkOffset + OVERHEAD + chunkLength;
            if (header == null) {
                acceptHeader();
            } else {
                if (imageDataState == ImageDataState.IN_PROGRESS && chunkType != IDAT) {
                    imageData.finish(chunkOffset);
                    imageDataState = ImageDataState.ENDED;
                }
                if (chunkType == IEND) {
                    acceptEnd();
                    at = Field.AFTER_IEND;
                    return;
                }
                acceptBodyChunk();
            }
            at = Field.CHUNK_HEADER;
            fieldFilled = 0;
            chunkOffset = end;
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

    private static int typeCode(String letters) {
        return (letters.charAt(0) << 24) | (letters.charAt(1) << 16) | (letters.charAt(2) << 8) | letters.charAt(3);
    }

    private static boolean isValidType(int type) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            int letter = (type >>> shift) & 0xFF;
            if (!(letter >= 'A' && letter <= 'Z') && !(letter >= 'a' && letter <= 'z')) {
                return false;
            }
        }
        return true;
    }

    /** Only called for types that passed {@link #isValidType}, so the four bytes are letters. */
    private static String typeName(int type) {
        return new String(new char[] {
            (char) (type >>> 24), (char) ((type >>> 16) & 0xFF), (char) ((type >>> 8) & 0xFF), (char) (type & 0xFF)
        });
    }
}
