package com.androperator.evidence.conformance.content;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The verifier's own PNG judgement, written from the PNG specification (ISO/IEC 15948) apart
 * from the writer's verifier so that a false accept in one is caught by the other. One pass over
 * a stream: the signature, IHDR first and within the contract's limits (positive dimensions, at
 * most {@value #MAX_PIXELS} pixels, at most 64 MiB of file), every chunk's CRC, PLTE rules, one
 * run of IDAT chunks whose zlib stream is inflated with {@link Inflater} and walked scanline by
 * scanline (each filter byte checked, each row's length counted, Adam7 passes included) to the
 * last row and the stream's end, IEND last and nothing after it.
 *
 * <p>Memory is fixed whatever the file: one read buffer, one inflate buffer and the inflater's
 * window. {@link ImageIoCrossCheck} adds a second decoder for small images.
 */
public final class PngCheck {
    public static final long MAX_BYTES = 64L * 1024 * 1024;
    public static final long MAX_PIXELS = 32_000_000L;
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final int IHDR = type("IHDR");
    private static final int PLTE = type("PLTE");
    private static final int IDAT = type("IDAT");
    private static final int IEND = type("IEND");

    /**
     * Checks {@code in} to its end (the stream is read, never closed); an image the walk accepts
     * that is small enough is also decoded by the JDK's ImageIO reader, which must agree.
     */
    public ContentVerdict check(InputStream in) throws IOException {
        ImageIoCrossCheck.Retaining retained = new ImageIoCrossCheck.Retaining(in);
        Walk walk = new Walk(retained);
        ContentVerdict verdict;
        try {
            verdict = walk.run();
        } catch (Refusal refusal) {
            return new ContentVerdict.Failed(refusal.getMessage());
        } finally {
            walk.inflater.end();
        }
        return verdict instanceof ContentVerdict.Image image ? ImageIoCrossCheck.confirm(image, retained) : verdict;
    }

    /** A structural problem, thrown to end the walk; never leaves this class. */
    static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;

        Refusal(String format, Object... args) {
            super(String.format(format, args), null, false, false);
        }
    }

    private static final class Walk {
        private final InputStream in;
        private final byte[] buffer = new byte[BUFFER_BYTES];
        private final byte[] inflated = new byte[BUFFER_BYTES];
        private final CRC32 crc = new CRC32();
        private final Inflater inflater = new Inflater();
        private long offset;
        private PngLayout.Header header;
        private boolean palette;
        /** 0 before the IDAT run, 1 inside it, 2 after it. */
        private int imageData;
        private PngLayout.Scanlines scanlines;

        Walk(InputStream in) {
            this.in = in;
        }

        ContentVerdict run() throws IOException, Refusal {
            byte[] signature = new byte[SIGNATURE.length];
            int got = readUpTo(signature, SIGNATURE.length);
            for (int i = 0; i < got; i++) {
                if (signature[i] != SIGNATURE[i]) {
                    throw new Refusal("not a PNG: byte %d of the signature is 0x%02x, not 0x%02x", i,
                            signature[i] & 0xFF, SIGNATURE[i] & 0xFF);
                }
            }
            if (got < SIGNATURE.length) {
                throw new Refusal("the file ends at offset %d inside the PNG signature", offset);
            }
            while (true) {
                long chunkAt = offset;
                byte[] head = new byte[8];
                int headBytes = readUpTo(head, 8);
                if (headBytes == 0) {
                    throw new Refusal("the file ends at offset %d without an IEND chunk", chunkAt);
                }
                if (headBytes < 8) {
                    throw new Refusal("the file ends at offset %d inside the chunk header that starts at %d", offset,
                            chunkAt);
                }
                long length = int32(head, 0) & 0xFFFF_FFFFL;
                int type = (int) int32(head, 4);
                String name = name(type, chunkAt);
                if (length > Integer.MAX_VALUE) {
                    throw new Refusal("%s chunk at offset %d declares %d data bytes, over 2^31-1", name, chunkAt, length);
                }
                if (chunkAt + 12 + length > MAX_BYTES) {
                    throw new Refusal("%s chunk at offset %d runs past %d bytes, the 64 MiB screenshot limit", name,
                            chunkAt, MAX_BYTES);
                }
                crc.reset();
                crc.update(head, 4, 4);
                if (imageData == 1 && type != IDAT) {
                    endImageData(chunkAt);
                }
                if (header == null && type != IHDR) {
                    throw new Refusal("the first chunk is %s at offset %d; IHDR must come first", name, chunkAt);
                }
                if (type == IHDR) {
                    readHeader(length, chunkAt);
                } else if (type == PLTE) {
                    readPalette(length, chunkAt);
                } else if (type == IDAT) {
                    readImageData(length, chunkAt);
                } else if (type == IEND) {
                    if (length != 0) {
                        throw new Refusal("IEND chunk at offset %d has %d data bytes; it has none", chunkAt, length);
                    }
                    if (imageData == 0) {
                        throw new Refusal("IEND chunk at offset %d before any IDAT chunk", chunkAt);
                    }
                } else if ((type & 0x2000_0000) == 0) {
                    throw new Refusal("unknown critical chunk %s at offset %d", name, chunkAt);
                } else {
                    skipData(length, name, chunkAt);
                }
                checkCrc(name, chunkAt);
                if (type == IEND) {
                    if (in.read() >= 0) {
                        throw new Refusal("data after the IEND chunk that ends at offset %d; IEND is last", offset);
                    }
                    return new ContentVerdict.Image(header.width(), header.height());
                }
            }
        }

        private void readHeader(long length, long chunkAt) throws IOException, Refusal {
            if (header != null) {
                throw new Refusal("a second IHDR chunk at offset %d", chunkAt);
            }
            if (length != 13) {
                throw new Refusal("IHDR chunk at offset %d has %d data bytes, not 13", chunkAt, length);
            }
            byte[] data = new byte[13];
            readData(data, 13, "IHDR", chunkAt);
            header = PngLayout.Header.of(data, chunkAt + 8);
        }

        private void readPalette(long length, long chunkAt) throws IOException, Refusal {
            if (header.colourType() == 0 || header.colourType() == 4) {
                throw new Refusal("PLTE chunk at offset %d in a greyscale image (colour type %d)", chunkAt,
                        header.colourType());
            }
            if (palette) {
                throw new Refusal("a second PLTE chunk at offset %d", chunkAt);
            }
            if (imageData != 0) {
                throw new Refusal("PLTE chunk at offset %d after the image data", chunkAt);
            }
            long entries = length / 3;
            if (length % 3 != 0 || entries < 1 || entries > 256
                    || (header.colourType() == 3 && entries > (1L << header.bitDepth()))) {
                throw new Refusal("PLTE chunk at offset %d has %d bytes: not 1 to %d three-byte entries", chunkAt,
                        length, header.colourType() == 3 ? Math.min(256, 1 << header.bitDepth()) : 256);
            }
            palette = true;
            skipData(length, "PLTE", chunkAt);
        }

        private void readImageData(long length, long chunkAt) throws IOException, Refusal {
            if (imageData == 2) {
                throw new Refusal("IDAT chunk at offset %d after other chunks ended the image data", chunkAt);
            }
            if (header.colourType() == 3 && !palette) {
                throw new Refusal("IDAT chunk at offset %d in an indexed image without a PLTE chunk", chunkAt);
            }
            if (scanlines == null) {
                scanlines = new PngLayout.Scanlines(header);
            }
            imageData = 1;
            long left = length;
            while (left > 0) {
                int count = (int) Math.min(buffer.length, left);
                readData(buffer, count, "IDAT", chunkAt);
                left -= count;
                inflate(count, chunkAt);
            }
        }

        private void inflate(int count, long chunkAt) throws Refusal {
            if (inflater.finished()) {
                throw new Refusal("IDAT chunk at offset %d carries data after the end of the zlib stream", chunkAt);
            }
            inflater.setInput(buffer, 0, count);
            // Until it yields nothing more: output it holds back for a full buffer comes out on later calls.
            while (true) {
                int produced;
                try {
                    produced = inflater.inflate(inflated);
                } catch (DataFormatException e) {
                    throw new Refusal("the zlib stream is corrupt in IDAT chunk at offset %d: %s", chunkAt,
                            e.getMessage());
                }
                scanlines.consume(inflated, produced, chunkAt);
                if (inflater.finished()) {
                    if (inflater.getRemaining() > 0) {
                        throw new Refusal("IDAT chunk at offset %d carries %d bytes after the end of the zlib stream",
                                chunkAt, inflater.getRemaining());
                    }
                    return;
                }
                if (produced == 0) {
                    if (inflater.needsDictionary()) {
                        throw new Refusal("the zlib stream in IDAT chunk at offset %d needs a preset dictionary",
                                chunkAt);
                    }
                    if (inflater.needsInput()) {
                        return;
                    }
                    throw new Refusal("the zlib stream in IDAT chunk at offset %d makes no progress", chunkAt);
                }
            }
        }

        private void endImageData(long at) throws Refusal {
            imageData = 2;
            if (!scanlines.complete()) {
                throw new Refusal("the image data ends at offset %d after %s", at, scanlines.progress());
            }
            if (!inflater.finished()) {
                throw new Refusal("the zlib stream does not end where the image data ends (offset %d)", at);
            }
        }

        private void checkCrc(String name, long chunkAt) throws IOException, Refusal {
            byte[] stored = new byte[4];
            if (readUpTo(stored, 4) < 4) {
                throw new Refusal("the file ends at offset %d inside the CRC of the %s chunk at offset %d", offset, name,
                        chunkAt);
            }
            long expected = int32(stored, 0) & 0xFFFF_FFFFL;
            if (expected != crc.getValue()) {
                throw new Refusal("%s chunk at offset %d has CRC 0x%08x; its type and data give 0x%08x", name, chunkAt,
                        expected, crc.getValue());
            }
        }

        private void skipData(long length, String name, long chunkAt) throws IOException, Refusal {
            long left = length;
            while (left > 0) {
                int count = (int) Math.min(buffer.length, left);
                readData(buffer, count, name, chunkAt);
                left -= count;
            }
        }

        /** Reads chunk data into the CRC; the end of the file inside it is a truncation. */
        private void readData(byte[] target, int count, String name, long chunkAt) throws IOException, Refusal {
            if (readUpTo(target, count) < count) {
                throw new Refusal("the file ends at offset %d inside the data of the %s chunk at offset %d", offset,
                        name, chunkAt);
            }
            crc.update(target, 0, count);
        }

        private int readUpTo(byte[] target, int count) throws IOException {
            int got = in.readNBytes(target, 0, count);
            offset += got;
            return got;
        }
    }

    static long int32(byte[] b, int at) {
        return ((b[at] & 0xFFL) << 24) | ((b[at + 1] & 0xFFL) << 16) | ((b[at + 2] & 0xFFL) << 8) | (b[at + 3] & 0xFFL);
    }

    private static String name(int type, long chunkAt) throws Refusal {
        char[] letters = new char[4];
        for (int i = 0; i < 4; i++) {
            int c = (type >>> (24 - 8 * i)) & 0xFF;
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
                throw new Refusal("the chunk at offset %d has type bytes 0x%08x; a chunk type is four ASCII letters",
                        chunkAt, type);
            }
            letters[i] = (char) c;
        }
        return new String(letters);
    }

    private static int type(String letters) {
        return (letters.charAt(0) << 24) | (letters.charAt(1) << 16) | (letters.charAt(2) << 8) | letters.charAt(3);
    }
}
