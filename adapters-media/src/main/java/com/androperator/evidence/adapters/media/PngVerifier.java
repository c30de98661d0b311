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

    private static final int IHDR = chunkType("IHDR");
    private static final int PLTE = chunkType("PLTE");
    private static final int IDAT = chunkType("IDAT");
    private static final int IEND = chunkType("IEND");

    /** Length, type and CRC fields around each chunk's data. */
    private static final int CHUNK_OVERHEAD = 12;

    private static final int MAX_PALETTE_ENTRIES = 256;

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
        try {
            return walkChunks(png);
        } catch (InvalidPngException e) {
            return new ImageVerification.Rejected(e.getMessage());
        }
    }

    private ImageVerification.Verified walkChunks(byte[] png) throws InvalidPngException {
        if (png.length > MAX_PNG_BYTES) {
            throw new InvalidPngException(String.format(
                    "PNG is %d bytes, above the %d-byte (64 MiB) limit", png.length, MAX_PNG_BYTES));
        }
        checkSignature(png);
        CRC32 crc = new CRC32();
        PngHeader header = null;
        boolean paletteSeen = false;
        IdatState idatState = IdatState.NOT_YET;
        IdatStream imageData = null;
        try {
            int offset = SIGNATURE.length;
            while (true) {
                if (offset == png.length) {
                    throw new InvalidPngException(String.format(
                            "truncated: input ends at offset %d without an IEND chunk", offset));
                }
                int dataLength = checkedDataLength(png, offset);
                int type = BigEndian.readInt(png, offset + 4);
                int dataOffset = offset + 8;
                checkCrc(png, offset, type, dataLength, crc);
                int nextOffset = dataOffset + dataLength + 4;

                if (header == null) {
                    if (type != IHDR) {
                        throw new InvalidPngException(String.format(
                                "first chunk must be IHDR, found %s at offset %d", typeName(type), offset));
                    }
                    if (dataLength != PngHeader.IHDR_LENGTH) {
                        throw new InvalidPngException(String.format(
                                "IHDR chunk at offset %d has length %d, expected %d",
                                offset, dataLength, PngHeader.IHDR_LENGTH));
                    }
                    header = PngHeader.parse(png, dataOffset);
                    offset = nextOffset;
                    continue;
                }
                if (idatState == IdatState.IN_RUN && type != IDAT) {
                    imageData.finish(offset);
                    idatState = IdatState.DONE;
                }
                if (type == IDAT) {
                    if (idatState == IdatState.DONE) {
                        throw new InvalidPngException(String.format(
                                "IDAT chunk at offset %d is separated from the earlier IDAT chunks;"
                                        + " IDAT chunks must be consecutive", offset));
                    }
                    if (header.isIndexed() && !paletteSeen) {
                        throw new InvalidPngException(String.format(
                                "missing PLTE: colour type 3 needs a PLTE chunk before the IDAT chunk at offset %d",
                                offset));
                    }
                    if (imageData == null) {
                        // Created only now, after the header passed every limit check.
                        imageData = new IdatStream(inflaterFactory.get(), ScanlinePass.of(header));
                    }
                    idatState = IdatState.IN_RUN;
                    imageData.append(png, dataOffset, dataLength, offset);
                } else if (type == IEND) {
                    if (dataLength != 0) {
                        throw new InvalidPngException(String.format(
                                "IEND chunk at offset %d has length %d, expected 0", offset, dataLength));
                    }
                    if (idatState == IdatState.NOT_YET) {
                        throw new InvalidPngException(String.format(
                                "IEND chunk at offset %d comes before any IDAT chunk", offset));
                    }
                    if (nextOffset != png.length) {
                        throw new InvalidPngException(String.format(
                                "%d bytes after the IEND chunk at offset %d; a PNG ends with IEND",
                                png.length - nextOffset, offset));
                    }
                    return new ImageVerification.Verified(header.width(), header.height());
                } else if (type == PLTE) {
                    checkPalette(header, dataLength, offset, paletteSeen, idatState);
                    paletteSeen = true;
                } else if (type == IHDR) {
                    throw new InvalidPngException(String.format("second IHDR chunk at offset %d", offset));
                } else if (isCritical(type)) {
                    throw new InvalidPngException(String.format(
                            "unknown critical chunk %s at offset %d", typeName(type), offset));
                }
                // Any other chunk is ancillary: its CRC is checked above and its contents are not needed.
                offset = nextOffset;
            }
        } finally {
            if (imageData != null) {
                imageData.close();
            }
        }
    }

    private static void checkSignature(byte[] png) throws InvalidPngException {
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

    /** Reads and bounds-checks the length of the chunk at {@code offset}, including its type letters. */
    private static int checkedDataLength(byte[] png, int offset) throws InvalidPngException {
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
        if (dataLength + CHUNK_OVERHEAD > remaining) {
            throw new InvalidPngException(String.format(
                    "truncated: %s chunk at offset %d declares %d data bytes but the input ends at offset %d",
                    typeName(type), offset, dataLength, png.length));
        }
        return (int) dataLength;
    }

    /** The CRC covers the type and data fields, so a corrupt type is caught as surely as corrupt data. */
    private static void checkCrc(byte[] png, int offset, int type, int dataLength, CRC32 crc)
            throws InvalidPngException {
        crc.reset();
        crc.update(png, offset + 4, 4 + dataLength);
        int computed = (int) crc.getValue();
        int stored = BigEndian.readInt(png, offset + 8 + dataLength);
        if (computed != stored) {
            throw new InvalidPngException(String.format(
                    "CRC mismatch in %s chunk at offset %d: stored 0x%08x, computed 0x%08x",
                    typeName(type), offset, stored, computed));
        }
    }

    private static void checkPalette(
            PngHeader header, int dataLength, int offset, boolean paletteSeen, IdatState idatState)
            throws InvalidPngException {
        if (!header.allowsPalette()) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d is forbidden for colour type %d", offset, header.colourType()));
        }
        if (paletteSeen) {
            throw new InvalidPngException(String.format("second PLTE chunk at offset %d", offset));
        }
        if (idatState != IdatState.NOT_YET) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d comes after IDAT; it must precede the image data", offset));
        }
        if (dataLength == 0 || dataLength % 3 != 0) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has length %d, not a positive multiple of 3", offset, dataLength));
        }
        int entries = dataLength / 3;
        if (entries > MAX_PALETTE_ENTRIES) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has %d entries, above %d", offset, entries, MAX_PALETTE_ENTRIES));
        }
        if (header.isIndexed() && entries > 1 << header.bitDepth()) {
            throw new InvalidPngException(String.format(
                    "PLTE chunk at offset %d has %d entries, more than bit depth %d can index",
                    offset, entries, header.bitDepth()));
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

    /** Bit 5 of the first type letter clear (uppercase) marks a chunk a decoder must understand. */
    private static boolean isCritical(int type) {
        return (type & 0x2000_0000) == 0;
    }

    private static String typeName(int type) {
        return new String(
                new char[] {
                    (char) ((type >>> 24) & 0xFF), (char) ((type >>> 16) & 0xFF),
                    (char) ((type >>> 8) & 0xFF), (char) (type & 0xFF)
                });
    }

    private static int chunkType(String letters) {
        return (letters.charAt(0) << 24) | (letters.charAt(1) << 16) | (letters.charAt(2) << 8) | letters.charAt(3);
    }

    /** Where the chunk walk is relative to the single run of consecutive IDAT chunks. */
    private enum IdatState {
        NOT_YET,
        IN_RUN,
        DONE
    }
}
