package com.androperator.evidence.adapters.media;

import static com.androperator.evidence.adapters.media.PngChunkType.IDAT;
import static com.androperator.evidence.adapters.media.PngChunkType.IHDR;
import static com.androperator.evidence.adapters.media.PngChunkType.OVERHEAD;
import static com.androperator.evidence.adapters.media.PngChunkType.isValidType;
import static com.androperator.evidence.adapters.media.PngChunkType.typeName;
import static com.androperator.evidence.domain.port.ImageVerifier.MAX_PNG_BYTES;

import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * One PNG verification: a single pass over the bytes as they arrive that frames them into the
 * signature and chunks (length, type, data, CRC) and checks every CRC, handing each whole chunk to
 * {@link PngChunkRules} in order. The first problem is final; later bytes are only counted.
 */
final class PngChunkWalk implements ImageCheck {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    /** Which field of the stream the next byte belongs to. */
    private enum Field {
        SIGNATURE,
        CHUNK_HEADER,
        CHUNK_DATA,
        CHUNK_CRC,
        AFTER_IEND
    }

    private final PngChunkRules rules;
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

    private boolean finished;
    /** Bytes after IEND, all of which are reported at the end. */
    private long trailing;

    PngChunkWalk(InflaterFactory inflaterFactory) {
        this.rules = new PngChunkRules(inflaterFactory);
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
            return end == null ? new ImageVerification.Verified(rules.header().width(), rules.header().height(),
                    rules.singleColour())
                    : new ImageVerification.Rejected(end.getMessage());
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        rules.close();
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
        crc.reset();
        crc.update(field, 4, 4);
        fieldFilled = 0;
        contentProblem = rules.beginChunk(chunkType, chunkOffset);
        at = dataLeft == 0 ? Field.CHUNK_CRC : Field.CHUNK_DATA;
        return taken;
    }

    private int chunkData(byte[] bytes, int position, int available) {
        int taken = (int) Math.min(available, dataLeft);
        crc.update(bytes, position, taken);
        if (chunkType == IHDR && chunkLength == PngHeader.IHDR_LENGTH) {
            System.arraycopy(bytes, position, field, chunkLength - (int) dataLeft, taken);
        }
        if (chunkType == IDAT && rules.hasHeader() && contentProblem == null) {
            try {
                rules.imageData(bytes, position, taken, chunkOffset);
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
        if (rules.accept(chunkType, chunkOffset, chunkLength, field, contentProblem)) {
            at = Field.AFTER_IEND;
            return;
        }
        at = Field.CHUNK_HEADER;
        fieldFilled = 0;
        chunkOffset = end;
    }
}
