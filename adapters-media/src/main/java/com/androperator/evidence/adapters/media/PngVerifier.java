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
 * <p>Decompression is streamed chunk by chunk through one fixed buffer, and the header's pixel
 * limit is enforced before an {@link Inflater} exists, so neither a large screenshot nor a
 * decompression bomb costs more memory than that buffer. Instances are stateless and thread-safe.
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
    public ImageVerification verify(byte[] png) {
        Objects.requireNonNull(png, "png");
        try (ChunkWalk walk = new ChunkWalk(png, inflaterFactory)) {
            return walk.verify();
        } catch (InvalidPngException e) {
            return new ImageVerification.Rejected(e.getMessage());
        }
    }

    /** The position and size of one chunk; {@code offset} is where its length field starts. */
    private record Chunk(int offset, int type, int dataLength) {

        /** Length, type and CRC fields around the data. */
        static final int OVERHEAD = 12;

        static final int IHDR = typeCode("IHDR");
        static final int PLTE = typeCode("PLTE");
        static final int IDAT = typeCode("IDAT");
        static final int IEND = typeCode("IEND");

        Chunk {
            if (offset < SIGNATURE.length || dataLength < 0) {
                throw new IllegalArgumentException("no chunk at " + offset + " of length " + dataLength);
            }
        }

        int dataOffset() {
            return offset + 8;
        }

        int end() {
            return offset + OVERHEAD + dataLength;
        }

        /** Bit 5 of the first type letter clear (uppercase) marks a chunk a decoder must understand. */
        boolean isCritical() {
            return (type & 0x2000_0000) == 0;
        }

        String typeName() {
            return PngVerifier.typeName(type);
        }

        private static int typeCode(String letters) {
            return (letters.charAt(0) << 24) | (letters.charAt(1) << 16) | (letters.charAt(2) << 8) | letters.charAt(3);
        }
    }

    /** Where the walk is relative to the single run of consecutive IDAT chunks. */
    private enum ImageDataState {
        NOT_STARTED,
        IN_PROGRESS,
        ENDED
    }

    /** One verification: a single pass over the chunks, remembering what the chunks so far imply. */
    private static final class ChunkWalk implements AutoCloseable {

        private static final int MAX_PALETTE_ENTRIES = 256;

        private final byte[] png;
        private final Supplier<Inflater> inflaterFactory;
        private final CRC32 crc = new CRC32();

        private PngHeader header;
        private boolean paletteSeen;
        private ImageDataState imageDataState = ImageDataState.NOT_STARTED;
        private IdatStream imageData;

        ChunkWalk(byte[] png, Supplier<Inflater> inflaterFactory) {
            this.png = png;
            this.inflaterFactory = inflaterFactory;
        }

        ImageVerification.Verified verify() throws InvalidPngException {
            if (png.length > MAX_PNG_BYTES) {
                throw new InvalidPngException(String.format(
                        "PNG is %d bytes, above the %d-byte (64 MiB) limit", png.length, MAX_PNG_BYTES));
            }
            checkSignature();
            int offset = SIGNATURE.length;
            while (true) {
                if (offset == png.length) {
                    throw new InvalidPngException(String.format(
                            "truncated: input ends at offset %d without an IEND chunk", offset));
                }
                Chunk chunk = readChunk(offset);
                if (header == null) {
                    acceptHeader(chunk);
                } else {
                    if (imageDataState == ImageDataState.IN_PROGRESS && chunk.type() != Chunk.IDAT) {
                        imageData.finish(chunk.offset());
                        imageDataState = ImageDataState.ENDED;
                    }
                    if (chunk.type() == Chunk.IEND) {
                        acceptEnd(chunk);
                        return new ImageVerification.Verified(header.width(), header.height());
                    }
                    acceptBodyChunk(chunk);
                }
                offset = chunk.end();
            }
        }

        private void checkSignature() throws InvalidPngException {
            if (png.length == 0) {
                throw new InvalidPngException("empty input: no PNG signature");
            }
            int available = Math.min(png.length, SIGNATURE.length);
            for (int i = 0; i < available; i++) {
                if (png[i] != SIGNATURE[i]) {
                    throw new InvalidPngException(String.format(
                            "not a PNG: signature byte at offset %d is 0x%02x, expected 0x%02x",
                            i, png[i] & 0xFF, SIGNATURE[i] & 0xFF));
                }
            }
            if (available < SIGNATURE.length) {
                throw new InvalidPngException(String.format(
                        "truncated: input ends at offset %d inside the 8-byte PNG signature", png.length));
            }
        }

        /** Reads the chunk at {@code offset}, checking that it is whole and that its CRC matches. */
        private Chunk readChunk(int offset) throws InvalidPngException {
            int remaining = png.length - offset;
            if (remaining < 8) {
                throw new InvalidPngException(String.format(
                        "truncated: chunk header at offset %d needs 8 bytes, only %d remain", offset, remaining));
            }
            long dataLength = BigEndian.readUnsigned32(png, offset);
            int type = BigEndian.readInt(png, offset + 4);
            if (!isValidType(type)) {
                throw new InvalidPngException(String.format(
                        "invalid chunk type 0x%08x at offset %d: chunk types are four ASCII letters", type, offset));
            }
            if (dataLength > Integer.MAX_VALUE) {
                throw new InvalidPngException(String.format(
                        "%s chunk at offset %d declares length %d, above the PNG limit of 2^31-1",
                        typeName(type), offset, dataLength));
            }
            if (dataLength + Chunk.OVERHEAD > remaining) {
                throw new InvalidPngException(String.format(
                        "truncated: %s chunk at offset %d declares %d data bytes but the input ends at offset %d",
                        typeName(type), offset, dataLength, png.length));
            }
            Chunk chunk = new Chunk(offset, type, (int) dataLength);
            checkCrc(chunk);
            return chunk;
        }

        /** The CRC covers the type and data fields, so a corrupt type is caught as surely as corrupt data. */
        private void checkCrc(Chunk chunk) throws InvalidPngException {
            crc.reset();
            crc.update(png, chunk.offset() + 4, 4 + chunk.dataLength());
            int computed = (int) crc.getValue();
            int stored = BigEndian.readInt(png, chunk.end() - 4);
            if (computed != stored) {
                throw new InvalidPngException(String.format(
                        "CRC mismatch in %s chunk at offset %d: stored 0x%08x, computed 0x%08x",
                        chunk.typeName(), chunk.offset(), stored, computed));
            }
        }

        private void acceptHeader(Chunk chunk) throws InvalidPngException {
            if (chunk.type() != Chunk.IHDR) {
                throw new InvalidPngException(String.format(
                        "first chunk must be IHDR, found %s at offset %d", chunk.typeName(), chunk.offset()));
            }
            if (chunk.dataLength() != PngHeader.IHDR_LENGTH) {
                throw new InvalidPngException(String.format("IHDR chunk at offset %d has length %d, expected %d",
                        chunk.offset(), chunk.dataLength(), PngHeader.IHDR_LENGTH));
            }
            header = PngHeader.parse(png, chunk.dataOffset());
        }

        /** Any chunk between IHDR and IEND. */
        private void acceptBodyChunk(Chunk chunk) throws InvalidPngException {
            if (chunk.type() == Chunk.IDAT) {
                acceptImageData(chunk);
            } else if (chunk.type() == Chunk.PLTE) {
                acceptPalette(chunk);
            } else if (chunk.type() == Chunk.IHDR) {
                throw new InvalidPngException(String.format("second IHDR chunk at offset %d", chunk.offset()));
            } else if (chunk.isCritical()) {
                throw new InvalidPngException(String.format(
                        "unknown critical chunk %s at offset %d", chunk.typeName(), chunk.offset()));
            }
            // Any other chunk is ancillary: its CRC is checked and its contents are not needed.
        }

        private void acceptImageData(Chunk chunk) throws InvalidPngException {
            if (imageDataState == ImageDataState.ENDED) {
                throw new InvalidPngException(String.format(
                        "IDAT chunk at offset %d is separated from the earlier IDAT chunks;"
                                + " IDAT chunks must be consecutive", chunk.offset()));
            }
            if (header.isIndexed() && !paletteSeen) {
                throw new InvalidPngException(String.format(
                        "missing PLTE: colour type 3 needs a PLTE chunk before the IDAT chunk at offset %d",
                        chunk.offset()));
            }
            if (imageData == null) {
                // Only now, with the header past every limit check, is there anything worth inflating.
                imageData = new IdatStream(inflaterFactory.get(), ScanlinePass.of(header));
            }
            imageDataState = ImageDataState.IN_PROGRESS;
            imageData.append(png, chunk.dataOffset(), chunk.dataLength(), chunk.offset());
        }

        private void acceptPalette(Chunk chunk) throws InvalidPngException {
            int offset = chunk.offset();
            if (!header.allowsPalette()) {
                throw new InvalidPngException(String.format(
                        "PLTE chunk at offset %d is forbidden for colour type %d", offset, header.colourType()));
            }
            if (paletteSeen) {
                throw new InvalidPngException(String.format("second PLTE chunk at offset %d", offset));
            }
            if (imageDataState != ImageDataState.NOT_STARTED) {
                throw new InvalidPngException(String.format(
                        "PLTE chunk at offset %d comes after IDAT; it must precede the image data", offset));
            }
            int length = chunk.dataLength();
            if (length == 0 || length % 3 != 0) {
                throw new InvalidPngException(String.format(
                        "PLTE chunk at offset %d has length %d, not a positive multiple of 3", offset, length));
            }
            int entries = length / 3;
            if (entries > MAX_PALETTE_ENTRIES) {
                throw new InvalidPngException(String.format(
                        "PLTE chunk at offset %d has %d entries, above %d", offset, entries, MAX_PALETTE_ENTRIES));
            }
            if (header.isIndexed() && entries > 1 << header.bitDepth()) {
                throw new InvalidPngException(String.format(
                        "PLTE chunk at offset %d has %d entries, more than bit depth %d can index",
                        offset, entries, header.bitDepth()));
            }
            paletteSeen = true;
        }

        private void acceptEnd(Chunk chunk) throws InvalidPngException {
            if (chunk.dataLength() != 0) {
                throw new InvalidPngException(String.format(
                        "IEND chunk at offset %d has length %d, expected 0", chunk.offset(), chunk.dataLength()));
            }
            if (imageDataState == ImageDataState.NOT_STARTED) {
                throw new InvalidPngException(String.format(
                        "IEND chunk at offset %d comes before any IDAT chunk", chunk.offset()));
            }
            if (chunk.end() != png.length) {
                throw new InvalidPngException(String.format(
                        "%d bytes after the IEND chunk at offset %d; a PNG ends with IEND",
                        png.length - chunk.end(), chunk.offset()));
            }
        }

        @Override
        public void close() {
            if (imageData != null) {
                imageData.close();
            }
        }
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
