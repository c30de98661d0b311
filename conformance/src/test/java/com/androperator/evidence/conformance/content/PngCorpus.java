package com.androperator.evidence.conformance.content;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded PNGs, valid and broken, each with the verdict the PNG specification and the contract give
 * it. Valid: every colour type and bit depth, Adam7, split and empty IDAT chunks, ancillary chunks.
 * Broken: truncation at every chunk boundary and at many offsets inside IDAT, single flipped bytes,
 * a bad CRC in each chunk, bad filter bytes, short and long image data, data after IEND, wrong IHDR
 * fields, misplaced or missing chunks.
 */
final class PngCorpus {
    record Case(String name, byte[] png, boolean valid) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A parsed-out image: its chunks in order, so a case can edit one. */
    record Image(int width, int height, int depth, int colour, int interlace, List<byte[]> chunks) {
        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(PngFiles.SIGNATURE);
            chunks.forEach(out::writeBytes);
            return out.toByteArray();
        }
    }

    private PngCorpus() {
    }

    static List<Case> all(long seed) {
        Random random = new Random(seed);
        List<Case> cases = new ArrayList<>();
        List<Image> valid = List.of(
                image(random, 7, 5, 8, 2, 0, 1, false),
                image(random, 13, 11, 16, 6, 0, 3, false),
                image(random, 9, 9, 1, 0, 0, 2, false),
                image(random, 10, 3, 4, 3, 0, 1, false),
                image(random, 17, 13, 8, 6, 1, 4, false),
                image(random, 1, 1, 2, 0, 1, 1, false),
                image(random, 3, 2, 8, 4, 1, 1, true),
                image(random, 33, 20, 16, 0, 1, 5, true));
        for (int i = 0; i < valid.size(); i++) {
            Image image = valid.get(i);
            String name = "valid " + image.width() + "x" + image.height() + " depth " + image.depth() + " colour "
                    + image.colour() + (image.interlace() == 1 ? " Adam7" : "");
            cases.add(new Case(name, image.bytes(), true));
            broken(cases, name, image, random);
        }
        Image base = valid.get(0);
        cases.add(new Case("empty file", new byte[0], false));
        cases.add(new Case("not a PNG", "GIF89a....".getBytes(java.nio.charset.StandardCharsets.US_ASCII), false));
        cases.add(new Case("IHDR width 0", withIhdr(base, PngFiles.ihdr(0, 5, 8, 2, 0)), false));
        cases.add(new Case("IHDR 6000x6000 over 32 million pixels", withIhdr(base, PngFiles.ihdr(6000, 6000, 8, 2, 0)), false));
        cases.add(new Case("IHDR width 2^31", withIhdr(base, PngFiles.ihdr(1L << 31, 1, 8, 2, 0)), false));
        cases.add(new Case("IHDR RGB at depth 4", withIhdr(base, PngFiles.ihdr(7, 5, 4, 2, 0)), false));
        cases.add(new Case("IHDR colour type 5", withIhdr(base, PngFiles.ihdr(7, 5, 8, 5, 0)), false));
        cases.add(new Case("IHDR interlace 2", withIhdr(base, PngFiles.ihdr(7, 5, 8, 2, 2)), false));
        cases.add(new Case("IHDR one pixel taller than the data", withIhdr(base, PngFiles.ihdr(7, 6, 8, 2, 0)), false));
        cases.add(new Case("IHDR one pixel narrower than the data", withIhdr(base, PngFiles.ihdr(6, 5, 8, 2, 0)), false));
        byte[] ihdrCompression = PngFiles.ihdr(7, 5, 8, 2, 0);
        ihdrCompression[10] = 1;
        cases.add(new Case("IHDR compression 1", withIhdr(base, ihdrCompression), false));
        cases.add(new Case("IHDR of 14 bytes", withIhdr(base, Arrays.copyOf(PngFiles.ihdr(7, 5, 8, 2, 0), 14)), false));
        cases.add(new Case("no IEND", edit(base, c -> c.remove(c.size() - 1)), false));
        cases.add(new Case("IEND with data", edit(base, c -> c.set(c.size() - 1, PngFiles.chunk("IEND", new byte[] {0}))), false));
        cases.add(new Case("a second IHDR", edit(base, c -> c.add(1, c.get(0))), false));
        cases.add(new Case("tEXt before IHDR", edit(base, c -> c.add(0, c.remove(1))), false));
        cases.add(new Case("unknown critical chunk", edit(base, c -> c.add(1, PngFiles.chunk("ABCD", new byte[3]))), false));
        cases.add(new Case("ancillary chunk between IDATs", edit(image(random, 7, 5, 8, 2, 0, 3, false),
                c -> c.add(3, PngFiles.chunk("tEXt", "k\0v".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)))), false));
        cases.add(new Case("indexed without PLTE", edit(valid.get(3), c -> c.remove(1)), false));
        cases.add(new Case("PLTE in a greyscale image", edit(valid.get(2), c -> c.add(1, PngFiles.chunk("PLTE", new byte[6]))), false));
        cases.add(new Case("PLTE after IDAT", edit(valid.get(3), c -> c.add(c.size() - 1, c.remove(1))), false));
        cases.add(new Case("PLTE of 17 entries at depth 4", edit(valid.get(3), c -> c.set(1, PngFiles.chunk("PLTE", new byte[51]))), false));
        cases.add(new Case("chunk type with a digit", edit(base, c -> c.add(1, PngFiles.chunk("tE1t", new byte[1]))), false));
        byte[] raw = rawRows(random, base.width(), base.height(), 24, 0);
        cases.add(new Case("filter byte 5", imageWithRaw(base, set(raw, 0, (byte) 5)), false));
        cases.add(new Case("filter byte 255 in the last row", imageWithRaw(base, set(raw, (raw.length / base.height()) * (base.height() - 1), (byte) 255)), false));
        cases.add(new Case("image data one byte short", imageWithRaw(base, Arrays.copyOf(raw, raw.length - 1)), false));
        cases.add(new Case("image data one row short", imageWithRaw(base, Arrays.copyOf(raw, raw.length - raw.length / base.height())), false));
        cases.add(new Case("image data one byte long", imageWithRaw(base, Arrays.copyOf(raw, raw.length + 1)), false));
        cases.add(new Case("bytes after the zlib stream in IDAT", withIdat(base, concat(PngFiles.zlib(raw), new byte[] {1, 2})), false));
        cases.add(new Case("an IDAT after the zlib stream ended", edit(imageWithRawBytes(base, raw),
                c -> c.add(c.size() - 1, PngFiles.chunk("IDAT", new byte[] {7}))), false));
        cases.add(new Case("an empty IDAT after the zlib stream ended", edit(imageWithRawBytes(base, raw),
                c -> c.add(c.size() - 1, PngFiles.chunk("IDAT", new byte[0]))), true));
        cases.add(new Case("zlib stream without its Adler-32", withIdat(base, Arrays.copyOf(PngFiles.zlib(raw), PngFiles.zlib(raw).length - 4)), false));
        cases.add(new Case("raw deflate without the zlib header", withIdat(base, Arrays.copyOfRange(PngFiles.zlib(raw), 2, PngFiles.zlib(raw).length)), false));
        return cases;
    }

    /** Truncations at every chunk boundary and inside IDAT, a bad CRC in each chunk, flips, data after IEND. */
    private static void broken(List<Case> cases, String name, Image image, Random random) {
        byte[] png = image.bytes();
        int offset = PngFiles.SIGNATURE.length;
        for (int c = 0; c < image.chunks().size(); c++) {
            byte[] chunk = image.chunks().get(c);
            String type = new String(chunk, 4, 4, java.nio.charset.StandardCharsets.US_ASCII);
            cases.add(new Case(name + ": cut before chunk " + c + " (" + type + ")", Arrays.copyOf(png, offset), false));
            for (int inside : new int[] {1, 4, 8, 9 + random.nextInt(Math.max(1, chunk.length - 10)), chunk.length - 1}) {
                if (inside > 0 && inside < chunk.length) {
                    cases.add(new Case(name + ": cut " + inside + " bytes into chunk " + c + " (" + type + ")",
                            Arrays.copyOf(png, offset + inside), false));
                }
            }
            byte[] badCrc = png.clone();
            badCrc[offset + chunk.length - 1] ^= 0x10;
            cases.add(new Case(name + ": bad CRC of chunk " + c + " (" + type + ")", badCrc, false));
            offset += chunk.length;
        }
        for (int i = 0; i < 6; i++) {
            byte[] flipped = png.clone();
            int at = random.nextInt(png.length);
            flipped[at] ^= (byte) (1 << random.nextInt(8));
            cases.add(new Case(name + ": bit flipped at offset " + at, flipped, false));
        }
        cases.add(new Case(name + ": one byte after IEND", concat(png, new byte[] {0}), false));
        cases.add(new Case(name + ": a second IEND", concat(png, PngFiles.chunk("IEND", new byte[0])), false));
    }

    /**
     * A valid image; {@code idats} IDAT chunks (the first may be empty when {@code emptyIdat}),
     * palette for colour type 3, an ancillary tEXt chunk before the data.
     */
    static Image image(Random random, int width, int height, int depth, int colour, int interlace, int idats,
                       boolean emptyIdat) {
        int samples = switch (colour) {
            case 2 -> 3;
            case 4 -> 2;
            case 6 -> 4;
            default -> 1;
        };
        byte[] raw = colour == 3 ? rawRowsZeroPixels(width, height, depth, interlace)
                : rawRows(random, width, height, samples * depth, interlace);
        List<byte[]> chunks = new ArrayList<>();
        chunks.add(PngFiles.chunk("IHDR", PngFiles.ihdr(width, height, depth, colour, interlace)));
        if (colour == 3) {
            chunks.add(PngFiles.chunk("PLTE", new byte[3 * (1 << depth)]));
        }
        chunks.add(PngFiles.chunk("tEXt", "Software\0corpus".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
        byte[] zlib = PngFiles.zlib(raw);
        if (emptyIdat) {
            chunks.add(PngFiles.chunk("IDAT", new byte[0]));
        }
        int step = Math.max(1, (zlib.length + idats - 1) / idats);
        for (int at = 0; at < zlib.length; at += step) {
            chunks.add(PngFiles.chunk("IDAT", Arrays.copyOfRange(zlib, at, Math.min(zlib.length, at + step))));
        }
        chunks.add(PngFiles.chunk("IEND", new byte[0]));
        return new Image(width, height, depth, colour, interlace, chunks);
    }

    /** Filtered scanlines with seeded content: filter bytes 0..4 in turn. */
    static byte[] rawRows(Random random, int width, int height, int bitsPerPixel, int interlace) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        int row = 0;
        for (long[] pass : passes(width, height, interlace)) {
            for (int y = 0; y < pass[0]; y++) {
                raw.write(row++ % 5);
                byte[] pixels = new byte[(int) ((pass[1] * bitsPerPixel + 7) / 8)];
                random.nextBytes(pixels);
                raw.writeBytes(pixels);
            }
        }
        return raw.toByteArray();
    }

    /** Indexed rows of palette index 0 (filter None), so every index is in the palette. */
    private static byte[] rawRowsZeroPixels(int width, int height, int depth, int interlace) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (long[] pass : passes(width, height, interlace)) {
            for (int y = 0; y < pass[0]; y++) {
                raw.write(0);
                raw.writeBytes(new byte[(int) ((pass[1] * depth + 7) / 8)]);
            }
        }
        return raw.toByteArray();
    }

    /** {rows, columns} of each non-empty pass. */
    private static List<long[]> passes(int width, int height, int interlace) {
        if (interlace == 0) {
            return List.of(new long[] {height, width});
        }
        int[][] adam7 = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
        List<long[]> passes = new ArrayList<>();
        for (int[] p : adam7) {
            long columns = width > p[0] ? (width - p[0] + p[2] - 1) / p[2] : 0;
            long rows = height > p[1] ? (height - p[1] + p[3] - 1) / p[3] : 0;
            if (columns > 0 && rows > 0) {
                passes.add(new long[] {rows, columns});
            }
        }
        return passes;
    }

    private static byte[] withIhdr(Image image, byte[] ihdr) {
        return edit(image, c -> c.set(0, PngFiles.chunk("IHDR", ihdr)));
    }

    private static byte[] imageWithRaw(Image image, byte[] raw) {
        return withIdat(image, PngFiles.zlib(raw));
    }

    private static Image imageWithRawBytes(Image image, byte[] raw) {
        List<byte[]> chunks = new ArrayList<>();
        for (byte[] chunk : image.chunks()) {
            if (!isIdat(chunk)) {
                chunks.add(chunk);
            } else if (chunks.stream().noneMatch(PngCorpus::isIdat)) {
                chunks.add(PngFiles.chunk("IDAT", PngFiles.zlib(raw)));
            }
        }
        return new Image(image.width(), image.height(), image.depth(), image.colour(), image.interlace(), chunks);
    }

    /** The image with its IDAT run replaced by one IDAT of {@code data}. */
    private static byte[] withIdat(Image image, byte[] data) {
        List<byte[]> chunks = new ArrayList<>();
        boolean placed = false;
        for (byte[] chunk : image.chunks()) {
            if (!isIdat(chunk)) {
                chunks.add(chunk);
            } else if (!placed) {
                chunks.add(PngFiles.chunk("IDAT", data));
                placed = true;
            }
        }
        return new Image(image.width(), image.height(), image.depth(), image.colour(), image.interlace(), chunks).bytes();
    }

    private static boolean isIdat(byte[] chunk) {
        return chunk[4] == 'I' && chunk[5] == 'D' && chunk[6] == 'A' && chunk[7] == 'T';
    }

    private static byte[] edit(Image image, java.util.function.Consumer<List<byte[]>> change) {
        return editImage(image, change).bytes();
    }

    private static Image editImage(Image image, java.util.function.Consumer<List<byte[]>> change) {
        List<byte[]> chunks = new ArrayList<>(image.chunks());
        change.accept(chunks);
        return new Image(image.width(), image.height(), image.depth(), image.colour(), image.interlace(), chunks);
    }

    private static byte[] set(byte[] bytes, int at, byte value) {
        byte[] copy = bytes.clone();
        copy[at] = value;
        return copy;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
    }
}
