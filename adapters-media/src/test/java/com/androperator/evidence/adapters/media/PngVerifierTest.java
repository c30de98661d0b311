package com.androperator.evidence.adapters.media;

import static com.androperator.evidence.adapters.media.PngTestEncoder.chunk;
import static com.androperator.evidence.adapters.media.PngTestEncoder.idat;
import static com.androperator.evidence.adapters.media.PngTestEncoder.iend;
import static com.androperator.evidence.adapters.media.PngTestEncoder.ihdr;
import static com.androperator.evidence.adapters.media.PngTestEncoder.plte;
import static com.androperator.evidence.adapters.media.PngTestEncoder.png;
import static com.androperator.evidence.adapters.media.PngTestEncoder.scanlines;
import static com.androperator.evidence.adapters.media.PngTestEncoder.zlib;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Rejected;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Verified;
import com.androperator.evidence.adapters.media.PngTestEncoder.ChunkLocation;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PngVerifierTest {

    private static final PngVerifier VERIFIER = new PngVerifier();

    /** A 13x7 RGB image: odd sizes exercise partial Adam7 tiles and every filter type appears. */
    private static final RawImage RGB_13X7 = RawImage.random(13, 7, 2, 8, false, new Random(1));

    private static byte[] rgbPngWithScanlines(byte[] scanlines) {
        return png(ihdr(13, 7, 8, 2, 0), idat(zlib(scanlines)), iend());
    }

    private static byte[] validScanlines() {
        return scanlines(RGB_13X7, row -> row % 5);
    }

    private static String rejectionReason(byte[] png) {
        return rejectionReason(VERIFIER, png);
    }

    private static String rejectionReason(PngVerifier verifier, byte[] png) {
        ImageVerification verification = verifier.verify(png);
        assertThat(verification).isInstanceOf(Rejected.class);
        return ((Rejected) verification).reason();
    }

    private static ChunkLocation first(byte[] png, String type) {
        return PngTestEncoder.chunkLocations(png).stream()
                .filter(location -> location.type().equals(type))
                .findFirst()
                .orElseThrow();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    @Nested
    class ValidImages {

        static Stream<Arguments> formatsSizesAndInterlace() {
            int[][] sizes = {{1, 1}, {13, 7}, {8, 8}, {1, 9}, {9, 1}, {2, 2}, {17, 33}};
            Stream.Builder<Arguments> cases = Stream.builder();
            for (int[] format : RawImage.VALID_FORMATS) {
                for (int[] size : sizes) {
                    for (boolean interlaced : new boolean[] {false, true}) {
                        cases.add(Arguments.of(format[0], format[1], size[0], size[1], interlaced));
                    }
                }
            }
            return cases.build();
        }

        @ParameterizedTest(name = "colour type {0}, bit depth {1}, {2}x{3}, interlaced {4}")
        @MethodSource("formatsSizesAndInterlace")
        void everyColourTypeBitDepthAndInterlaceIsVerifiedWithItsDimensions(
                int colourType, int bitDepth, int width, int height, boolean interlaced) {
            RawImage image = RawImage.random(width, height, colourType, bitDepth, interlaced,
                    new Random(colourType * 100L + bitDepth + width * 7919L + height));

            // A 1x1 image is one colour; the colour itself is SingleColourScanTest's.
            assertThat(VERIFIER.verify(PngTestEncoder.encode(image))).isInstanceOfSatisfying(Verified.class,
                    verified -> assertThat(new int[] {verified.width(), verified.height()}).containsExactly(width, height));
        }

        @Test
        void imageDataSplitIntoOneByteIdatChunksWithAncillaryChunksAround() {
            byte[] png = PngTestEncoder.encode(RGB_13X7, new Random(2), 1, true);

            assertThat(PngTestEncoder.chunkLocations(png)).filteredOn(c -> c.type().equals("IDAT")).hasSizeGreaterThan(10);
            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }

        @Test
        void emptyIdatChunksInsideTheRunAreHarmless() {
            byte[] zlib = zlib(validScanlines());
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(new byte[0]), idat(Arrays.copyOf(zlib, 10)), idat(new byte[0]),
                    idat(Arrays.copyOfRange(zlib, 10, zlib.length)), idat(new byte[0]), iend());

            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }

        @Test
        void aSuggestedPaletteIsAllowedForTruecolour() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), plte(256), idat(zlib(validScanlines())), iend());

            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }

        @Test
        void unknownAncillaryChunksAreAllowedAnywhereBetweenHeaderAndEnd() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), chunk("zzZz", new byte[] {9}), idat(zlib(validScanlines())),
                    chunk("abcd", new byte[0]), iend());

            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }

        @Test
        void exactlyThirtyTwoMillionPixelsIsWithinTheLimit() {
            // 1-bit greyscale keeps the 32-megapixel image at 4 MB of scanlines.
            byte[] scanlines = new byte[4000 * (1 + 1000)];
            byte[] png = png(ihdr(8000, 4000, 1, 0, 0), idat(zlib(scanlines)), iend());

            assertThat(8000L * 4000).isEqualTo(ImageVerifier.MAX_PIXELS);
            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(8000, 4000));
        }

        static Stream<Arguments> imageIoImageTypes() {
            return Stream.of(
                    Arguments.of(BufferedImage.TYPE_INT_ARGB, false),
                    Arguments.of(BufferedImage.TYPE_INT_RGB, false),
                    Arguments.of(BufferedImage.TYPE_BYTE_GRAY, false),
                    Arguments.of(BufferedImage.TYPE_USHORT_GRAY, false),
                    Arguments.of(BufferedImage.TYPE_BYTE_BINARY, false),
                    Arguments.of(BufferedImage.TYPE_BYTE_INDEXED, false),
                    Arguments.of(BufferedImage.TYPE_INT_ARGB, true),
                    Arguments.of(BufferedImage.TYPE_BYTE_INDEXED, true));
        }

        @ParameterizedTest(name = "BufferedImage type {0}, Adam7 {1}")
        @MethodSource("imageIoImageTypes")
        void pngsWrittenByImageIoAreVerified(int imageType, boolean interlaced) throws IOException {
            BufferedImage image = new BufferedImage(37, 23, imageType);
            Random random = new Random(imageType);
            for (int y = 0; y < 23; y++) {
                for (int x = 0; x < 37; x++) {
                    image.setRGB(x, y, random.nextInt());
                }
            }
            ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (MemoryCacheImageOutputStream output = new MemoryCacheImageOutputStream(bytes)) {
                writer.setOutput(output);
                ImageWriteParam param = writer.getDefaultWriteParam();
                param.setProgressiveMode(interlaced ? ImageWriteParam.MODE_DEFAULT : ImageWriteParam.MODE_DISABLED);
                writer.write(null, new IIOImage(image, null, null), param);
            } finally {
                writer.dispose();
            }

            assertThat(VERIFIER.verify(bytes.toByteArray())).isEqualTo(new Verified(37, 23));
        }

        @Test
        void theInputIsNeverModified() {
            byte[] png = PngTestEncoder.encode(RGB_13X7, new Random(3), 9, true);
            byte[] corrupt = png.clone();
            corrupt[40] ^= 0x10;
            byte[] pngBefore = png.clone();
            byte[] corruptBefore = corrupt.clone();

            VERIFIER.verify(png);
            VERIFIER.verify(corrupt);

            assertThat(png).isEqualTo(pngBefore);
            assertThat(corrupt).isEqualTo(corruptBefore);
        }

        @Test
        void everyInflaterIsEndedWhetherVerifiedOrRejected() {
            TrackingInflaterFactory inflaters = new TrackingInflaterFactory();
            PngVerifier verifier = new PngVerifier(inflaters);
            byte[] png = PngTestEncoder.encode(RGB_13X7);
            byte[] badFilter = validScanlines();
            badFilter[0] = 9;

            assertThat(verifier.verify(png)).isInstanceOf(Verified.class);
            assertThat(verifier.verify(rgbPngWithScanlines(badFilter))).isInstanceOf(Rejected.class);
            assertThat(inflaters.createdCount()).isEqualTo(2);
            assertThat(inflaters.allEnded()).isTrue();
        }
    }

    @Nested
    class Structure {

        @Test
        void emptyInput() {
            assertThat(rejectionReason(new byte[0])).isEqualTo("empty input: no PNG signature");
        }

        @ParameterizedTest(name = "signature byte {0}")
        @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7})
        void wrongSignature(int offset) {
            byte[] png = PngTestEncoder.encode(RGB_13X7);
            png[offset] ^= 0x20;

            assertThat(rejectionReason(png)).startsWith("not a PNG: signature byte at offset " + offset + " is");
        }

        @Test
        void signatureAlone() {
            assertThat(rejectionReason(PngTestEncoder.SIGNATURE.clone()))
                    .isEqualTo("truncated: input ends at offset 8 without an IEND chunk");
        }

        @Test
        void firstChunkMustBeIhdr() {
            byte[] png = png(chunk("tEXt", new byte[] {'a', 0}), ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("first chunk must be IHDR, found tEXt at offset 8");
        }

        @ParameterizedTest(name = "IHDR length {0}")
        @ValueSource(ints = {0, 12, 14})
        void ihdrMustBeThirteenBytes(int length) {
            byte[] png = png(chunk("IHDR", new byte[length]), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("IHDR chunk at offset 8 has length " + length + ", expected 13");
        }

        @Test
        void aSecondIhdr() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("second IHDR chunk at offset 33");
        }

        @ParameterizedTest(name = "CRC of {0}")
        @ValueSource(strings = {"IHDR", "tEXt", "PLTE", "IDAT", "prVt", "IEND"})
        void aBadCrcInEachChunkTypeIsRejectedWithTheChunkAndOffset(String type) {
            RawImage indexed = RawImage.random(13, 7, 3, 4, true, new Random(4));
            byte[] png = PngTestEncoder.encode(indexed, new Random(4), 20, true);
            ChunkLocation chunk = first(png, type);
            png[chunk.crcOffset() + 3] ^= 0x01;

            assertThat(rejectionReason(png))
                    .startsWith("CRC mismatch in " + type + " chunk at offset " + chunk.offset() + ": stored 0x");
        }

        @ParameterizedTest(name = "data of {0}")
        @ValueSource(strings = {"IHDR", "tEXt", "PLTE", "IDAT", "prVt"})
        void aCorruptDataByteInEachChunkTypeFailsItsCrc(String type) {
            RawImage indexed = RawImage.random(13, 7, 3, 4, true, new Random(5));
            byte[] png = PngTestEncoder.encode(indexed, new Random(5), 20, true);
            ChunkLocation chunk = first(png, type);
            png[chunk.dataOffset() + chunk.dataLength() / 2] ^= 0x40;

            assertThat(rejectionReason(png)).startsWith("CRC mismatch in " + type + " chunk at offset " + chunk.offset());
        }

        @Test
        void chunkTypesMustBeLetters() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), chunk("ID4T", new byte[0]), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("invalid chunk type 0x49443454 at offset 33: chunk types are four ASCII letters");
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {"ABCD", "CgBI", "IDAt", "PLTe"})
        void unknownCriticalChunksAreRejected(String type) {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), chunk(type, new byte[] {1}), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("unknown critical chunk " + type + " at offset 33");
        }

        @ParameterizedTest(name = "length 0x{0}")
        @ValueSource(strings = {"80000000", "ffffffff"})
        void chunkLengthsAboveTwoToTheThirtyOneMinusOneAreRejected(String hexLength) {
            byte[] huge = chunk("tEXt", new byte[0]);
            PngTestEncoder.putInt(huge, 0, Integer.parseUnsignedInt(hexLength, 16));
            byte[] png = png(ihdr(13, 7, 8, 2, 0), huge, idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("tEXt chunk at offset 33 declares length "
                    + Long.parseLong(hexLength, 16) + ", above the PNG limit of 2^31-1");
        }

        @Test
        void idatChunksMustBeConsecutive() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), chunk("tEXt", new byte[] {'a', 0}),
                    idat(new byte[0]), iend());
            int secondIdat = PngTestEncoder.chunkLocations(png).get(3).offset();

            assertThat(rejectionReason(png)).isEqualTo("IDAT chunk at offset " + secondIdat
                    + " is separated from the earlier IDAT chunks; IDAT chunks must be consecutive");
        }

        @Test
        void anInterruptedIdatRunIsIncompleteImageData() {
            byte[] zlib = zlib(validScanlines());
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(Arrays.copyOf(zlib, 20)), chunk("tEXt", new byte[] {'a', 0}),
                    idat(Arrays.copyOfRange(zlib, 20, zlib.length)), iend());

            assertThat(rejectionReason(png)).startsWith("incomplete image data: the zlib stream does not end");
        }

        @Test
        void missingIend() {
            byte[] complete = PngTestEncoder.encode(RGB_13X7);
            byte[] png = Arrays.copyOf(complete, complete.length - 12);

            assertThat(rejectionReason(png))
                    .isEqualTo("truncated: input ends at offset " + png.length + " without an IEND chunk");
        }

        static Stream<Arguments> trailers() {
            return Stream.of(
                    Arguments.of("one zero byte", new byte[1]),
                    Arguments.of("a second IEND", iend()),
                    Arguments.of("an ancillary chunk", chunk("tEXt", new byte[] {'a', 0})),
                    Arguments.of("a kilobyte of noise", new byte[1024]));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("trailers")
        void anyByteAfterIendIsRejected(String description, byte[] trailer) {
            byte[] complete = PngTestEncoder.encode(RGB_13X7);
            byte[] png = concat(complete, trailer);

            assertThat(rejectionReason(png)).isEqualTo(trailer.length + " bytes after the IEND chunk at offset "
                    + (complete.length - 12) + "; a PNG ends with IEND");
        }

        @Test
        void iendMustBeEmpty() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), chunk("IEND", new byte[4]));

            assertThat(rejectionReason(png)).endsWith("has length 4, expected 0");
        }

        @Test
        void iendBeforeAnyImageData() {
            assertThat(rejectionReason(png(ihdr(13, 7, 8, 2, 0), iend())))
                    .isEqualTo("IEND chunk at offset 33 comes before any IDAT chunk");
        }
    }

    @Nested
    class Header {

        @Test
        void zeroWidth() {
            byte[] png = png(ihdr(0, 7, 8, 2, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("IHDR width at offset 16 is 0, must be positive");
        }

        @Test
        void zeroHeight() {
            byte[] png = png(ihdr(13, 0, 8, 2, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("IHDR height at offset 20 is 0, must be positive");
        }

        static Stream<Arguments> oversizedDimensions() {
            return Stream.of(
                    Arguments.of(8000L, 4001L, "IHDR dimensions at offset 16 are 8000x4001 = 32008000 pixels,"
                            + " above the 32000000-pixel limit"),
                    Arguments.of(1L << 31, 1L, "IHDR width 2147483648 at offset 16 is above the PNG limit of 2^31-1"),
                    Arguments.of(1L, 0xFFFF_FFFFL, "IHDR height 4294967295 at offset 20 is above the PNG limit of 2^31-1"),
                    Arguments.of((1L << 31) - 1, (1L << 31) - 1, "IHDR dimensions at offset 16 are 2147483647x2147483647"
                            + " = 4611686014132420609 pixels, above the 32000000-pixel limit"));
        }

        @ParameterizedTest(name = "{0}x{1}")
        @MethodSource("oversizedDimensions")
        void oversizedDimensionsAreRejectedBeforeAnyInflaterExists(long width, long height, String reason) {
            // Real, inflatable image data follows, so only the header check can stop decompression.
            byte[] png = png(ihdr(width, height, 8, 6, 0), idat(zlib(new byte[64 * 1024])), iend());
            TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

            assertThat(rejectionReason(new PngVerifier(inflaters), png)).isEqualTo(reason);
            assertThat(inflaters.createdCount()).isZero();
        }

        @Test
        void theInflaterCounterDoesSeeInflationOfAValidImage() {
            TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

            assertThat(new PngVerifier(inflaters).verify(PngTestEncoder.encode(RGB_13X7))).isInstanceOf(Verified.class);
            assertThat(inflaters.createdCount()).isEqualTo(1);
        }

        static Stream<Arguments> invalidColourTypeBitDepthPairs() {
            List<Arguments> pairs = new ArrayList<>();
            for (int colourType = 0; colourType <= 8; colourType++) {
                for (int bitDepth : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 32, 255}) {
                    int type = colourType;
                    int depth = bitDepth;
                    boolean valid = Arrays.stream(RawImage.VALID_FORMATS).anyMatch(f -> f[0] == type && f[1] == depth);
                    if (!valid) {
                        pairs.add(Arguments.of(colourType, bitDepth));
                    }
                }
            }
            return pairs.stream();
        }

        @ParameterizedTest(name = "colour type {0}, bit depth {1}")
        @MethodSource("invalidColourTypeBitDepthPairs")
        void invalidColourTypeAndBitDepthCombinations(int colourType, int bitDepth) {
            byte[] png = png(ihdr(13, 7, bitDepth, colourType, 0), plte(2), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).startsWith("IHDR ").containsAnyOf("colour type " + colourType,
                    "bit depth " + bitDepth);
        }

        @Test
        void compressionMethodMustBeZero() {
            byte[] png = png(ihdr(13, 7, 8, 2, 1, 0, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("IHDR compression method 1 at offset 26 is not 0 (deflate)");
        }

        @Test
        void filterMethodMustBeZero() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0, 1, 0), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("IHDR filter method 1 at offset 27 is not 0 (adaptive)");
        }

        @Test
        void interlaceMethodMustBeNoneOrAdam7() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0, 0, 2), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("IHDR interlace method 2 at offset 28 is neither 0 (none) nor 1 (Adam7)");
        }
    }

    @Nested
    class Palette {

        private final RawImage indexed = RawImage.random(13, 7, 3, 2, false, new Random(6));

        private byte[] indexedScanlines() {
            return scanlines(indexed, row -> 0);
        }

        @Test
        void colourTypeThreeNeedsAPalette() {
            byte[] png = png(ihdr(13, 7, 2, 3, 0), idat(zlib(indexedScanlines())), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("missing PLTE: colour type 3 needs a PLTE chunk before the IDAT chunk at offset 33");
        }

        @ParameterizedTest(name = "colour type {0}")
        @ValueSource(ints = {0, 4})
        void greyscaleImagesMustNotHaveAPalette(int colourType) {
            RawImage grey = RawImage.random(13, 7, colourType, 8, false, new Random(7));
            byte[] png = png(ihdr(13, 7, 8, colourType, 0), plte(4), idat(zlib(scanlines(grey, row -> 1))), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("PLTE chunk at offset 33 is forbidden for colour type " + colourType);
        }

        @ParameterizedTest(name = "length {0}")
        @ValueSource(ints = {0, 1, 4, 11})
        void paletteLengthMustBeAPositiveMultipleOfThree(int length) {
            byte[] png = png(ihdr(13, 7, 2, 3, 0), chunk("PLTE", new byte[length]), idat(zlib(indexedScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo(
                    "PLTE chunk at offset 33 has length " + length + ", not a positive multiple of 3");
        }

        @Test
        void atMostTwoHundredFiftySixEntries() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), plte(257), idat(zlib(validScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("PLTE chunk at offset 33 has 257 entries, above 256");
        }

        @Test
        void noMoreEntriesThanTheBitDepthCanIndex() {
            byte[] png = png(ihdr(13, 7, 2, 3, 0), plte(5), idat(zlib(indexedScanlines())), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("PLTE chunk at offset 33 has 5 entries, more than bit depth 2 can index");
        }

        @Test
        void aFullPaletteForTheBitDepthIsAccepted() {
            byte[] png = png(ihdr(13, 7, 2, 3, 0), plte(4), idat(zlib(indexedScanlines())), iend());

            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }

        @Test
        void aSecondPalette() {
            byte[] png = png(ihdr(13, 7, 2, 3, 0), plte(4), plte(4), idat(zlib(indexedScanlines())), iend());

            assertThat(rejectionReason(png)).isEqualTo("second PLTE chunk at offset 57");
        }

        @Test
        void aPaletteAfterTheImageData() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), plte(4), iend());
            int paletteOffset = first(png, "PLTE").offset();

            assertThat(rejectionReason(png)).isEqualTo(
                    "PLTE chunk at offset " + paletteOffset + " comes after IDAT; it must precede the image data");
        }
    }

    @Nested
    class ImageData {

        @Test
        void oneByteShortOfTheLastScanline() {
            byte[] scanlines = validScanlines();

            assertThat(rejectionReason(rgbPngWithScanlines(Arrays.copyOf(scanlines, scanlines.length - 1))))
                    .startsWith("short image data: the zlib stream ends after 6 of 7 scanlines and part of the next");
        }

        @Test
        void aWholeScanlineShort() {
            byte[] scanlines = validScanlines();

            assertThat(rejectionReason(rgbPngWithScanlines(Arrays.copyOf(scanlines, scanlines.length - (1 + 13 * 3)))))
                    .startsWith("short image data: the zlib stream ends after 6 of 7 scanlines (IDAT chunks end");
        }

        @Test
        void noScanlinesAtAll() {
            assertThat(rejectionReason(rgbPngWithScanlines(new byte[0])))
                    .startsWith("short image data: the zlib stream ends after 0 of 7 scanlines");
        }

        @ParameterizedTest(name = "{0} extra bytes")
        @ValueSource(ints = {1, 40, 100_000})
        void inflatedBytesAfterTheLastScanlineAreRejected(int extraBytes) {
            byte[] scanlines = concat(validScanlines(), new byte[extraBytes]);

            assertThat(rejectionReason(rgbPngWithScanlines(scanlines)))
                    .startsWith("too much image data: the zlib stream holds")
                    .contains("bytes after the last of 7 scanlines (IDAT chunk at offset 33)");
        }

        @Test
        void emptyAdam7PassesCarryNoFilterBytes() {
            // A 1x1 interlaced image has only pass 1; an encoder that wrote a filter byte for any
            // of the six empty passes would produce too much data.
            RawImage onePixel = RawImage.random(1, 1, 6, 8, true, new Random(8));
            byte[] scanlines = concat(scanlines(onePixel, row -> 0), new byte[1]);
            byte[] png = png(ihdr(1, 1, 8, 6, 1), idat(zlib(scanlines)), iend());

            assertThat(scanlines).hasSize(1 + 4 + 1);
            assertThat(rejectionReason(png)).startsWith("too much image data");
        }

        @ParameterizedTest(name = "filter type {0}")
        @ValueSource(ints = {5, 6, 127, 255})
        void undefinedFilterTypes(int filterType) {
            byte[] scanlines = validScanlines();
            scanlines[3 * (1 + 13 * 3)] = (byte) filterType;

            assertThat(rejectionReason(rgbPngWithScanlines(scanlines))).isEqualTo("invalid filter type " + filterType
                    + " at the start of scanline 4 of 7 (IDAT chunk at offset 33)");
        }

        @Test
        void anUndefinedFilterTypeInAnAdam7PassNamesThePass() {
            RawImage interlaced = RawImage.random(13, 7, 0, 8, true, new Random(9));
            byte[] scanlines = scanlines(interlaced, row -> 2);
            // In a 13x7 image, passes 1, 2 and 3 each have one scanline, of 2, 2 and 4 bytes.
            int pass4Start = (1 + 2) + (1 + 2) + (1 + 4);
            scanlines[pass4Start] = 5;
            byte[] png = png(ihdr(13, 7, 8, 0, 1), idat(zlib(scanlines)), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("invalid filter type 5 at the start of scanline 1 of 2 in Adam7 pass 4 (IDAT chunk at offset 33)");
        }

        @Test
        void dataThatIsNotZlib() {
            assertThat(rejectionReason(png(ihdr(13, 7, 8, 2, 0), idat(new byte[] {1, 2, 3, 4, 5, 6}), iend())))
                    .startsWith("corrupt zlib stream in IDAT chunk at offset 33: ");
        }

        @Test
        void aCorruptAdlerChecksum() {
            byte[] zlib = zlib(validScanlines());
            zlib[zlib.length - 1] ^= 0x01;

            assertThat(rejectionReason(png(ihdr(13, 7, 8, 2, 0), idat(zlib), iend())))
                    .startsWith("corrupt zlib stream in IDAT chunk at offset 33: ");
        }

        @Test
        void aZlibStreamCutShortInsideValidChunks() {
            byte[] zlib = zlib(validScanlines());
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(Arrays.copyOf(zlib, zlib.length - 4)), iend());

            assertThat(rejectionReason(png)).startsWith(
                    "incomplete image data: the zlib stream does not end before the IDAT chunks do at offset");
        }

        @Test
        void garbageAfterTheZlibStreamInTheSameIdat() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(concat(zlib(validScanlines()), new byte[] {0, 0, 0})), iend());

            assertThat(rejectionReason(png))
                    .isEqualTo("3 bytes after the end of the zlib stream in IDAT chunk at offset 33");
        }

        @Test
        void garbageAfterTheZlibStreamInALaterIdat() {
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(zlib(validScanlines())), idat(new byte[] {7, 7}), iend());
            int secondIdat = PngTestEncoder.chunkLocations(png).get(2).offset();

            assertThat(rejectionReason(png))
                    .isEqualTo("2 bytes after the end of the zlib stream in IDAT chunk at offset " + secondIdat);
        }

        @Test
        void aPresetDictionaryIsRejected() {
            Deflater deflater = new Deflater();
            byte[] compressed = new byte[4096];
            int length;
            try {
                deflater.setDictionary(new byte[] {1, 2, 3, 4});
                deflater.setInput(validScanlines());
                deflater.finish();
                length = deflater.deflate(compressed);
            } finally {
                deflater.end();
            }
            byte[] png = png(ihdr(13, 7, 8, 2, 0), idat(Arrays.copyOf(compressed, length)), iend());

            assertThat(rejectionReason(png)).isEqualTo(
                    "zlib stream in IDAT chunk at offset 33 asks for a preset dictionary, which PNG forbids");
        }
    }

    @Nested
    class Truncation {

        /** A small image with every kind of chunk and several IDAT chunks, fixed by its seed. */
        private static final byte[] SMALL_PNG = PngTestEncoder.encode(
                RawImage.random(5, 3, 3, 4, true, new Random(42)), new Random(42), 16, true);

        static IntStream everyTruncatedLength() {
            return IntStream.range(0, SMALL_PNG.length);
        }

        @ParameterizedTest(name = "first {0} bytes")
        @MethodSource("everyTruncatedLength")
        void everyProperPrefixIsRejectedAsTruncated(int length) {
            String reason = rejectionReason(Arrays.copyOf(SMALL_PNG, length));

            assertThat(reason).containsAnyOf("truncated", "empty input");
        }

        @Test
        void theUntruncatedImageIsValid() {
            assertThat(PngTestEncoder.chunkLocations(SMALL_PNG)).extracting(ChunkLocation::type)
                    .contains("tEXt", "PLTE", "prVt").filteredOn("IDAT"::equals).hasSizeGreaterThan(1);
            assertThat(VERIFIER.verify(SMALL_PNG)).isEqualTo(new Verified(5, 3));
        }
    }

    @Nested
    class SizeLimit {

        @Test
        void inputAboveSixtyFourMebibytesIsRejectedUpFront() {
            byte[] valid = PngTestEncoder.encode(RGB_13X7);
            byte[] tooLarge = Arrays.copyOf(valid, Math.toIntExact(ImageVerifier.MAX_PNG_BYTES + 1));
            TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

            assertThat(rejectionReason(new PngVerifier(inflaters), tooLarge))
                    .isEqualTo("PNG is 67108865 bytes, above the 67108864-byte (64 MiB) limit");
            assertThat(inflaters.createdCount()).isZero();
        }

        @Test
        void exactlySixtyFourMebibytesIsAccepted() {
            byte[] header = ihdr(13, 7, 8, 2, 0);
            byte[] imageData = idat(zlib(validScanlines()));
            int paddingData = Math.toIntExact(ImageVerifier.MAX_PNG_BYTES - 8 - header.length - imageData.length - 12 - 12);
            byte[] png = png(header, chunk("pdDg", new byte[paddingData]), imageData, iend());

            assertThat((long) png.length).isEqualTo(ImageVerifier.MAX_PNG_BYTES);
            assertThat(VERIFIER.verify(png)).isEqualTo(new Verified(13, 7));
        }
    }

    @Nested
    class Properties {

        private static RawImage randomImage(Random random) {
            int[] format = RawImage.VALID_FORMATS[random.nextInt(RawImage.VALID_FORMATS.length)];
            return RawImage.random(1 + random.nextInt(40), 1 + random.nextInt(40), format[0], format[1],
                    random.nextBoolean(), random);
        }

        private static byte[] randomPng(RawImage image, Random random) {
            return PngTestEncoder.encode(image, random, 1 + random.nextInt(300), random.nextBoolean());
        }

        static IntStream seeds() {
            return IntStream.range(0, 200);
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void randomValidImagesAreVerifiedWithTheirDimensions(int seed) {
            Random random = new Random(seed);
            RawImage image = randomImage(random);

            assertThat(VERIFIER.verify(randomPng(image, random))).isEqualTo(new Verified(image.width(), image.height()));
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void aRandomSingleByteChangeIsAlwaysRejected(int seed) {
            // Every byte after the signature is in some chunk's length, type, data or CRC field, and a
            // change anywhere but the length breaks that chunk's CRC, ancillary chunks included; a
            // changed length misplaces the chunk's end and so its CRC too, or truncates the file.
            Random random = new Random(1000 + seed);
            byte[] png = randomPng(randomImage(random), random);
            int offset = random.nextInt(png.length);
            png[offset] ^= (byte) (1 + random.nextInt(255));

            assertThat(VERIFIER.verify(png)).as("byte %d changed", offset).isInstanceOf(Rejected.class);
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void aRandomTruncationIsAlwaysRejected(int seed) {
            Random random = new Random(2000 + seed);
            byte[] png = randomPng(randomImage(random), random);

            assertThat(VERIFIER.verify(Arrays.copyOf(png, random.nextInt(png.length)))).isInstanceOf(Rejected.class);
        }
    }

    /**
     * The check consumes the PNG as it arrives: whatever the pieces, the verdict (and every
     * rejection's wording) is the one the whole file gets, so verifying while reading proves
     * exactly what verifying afterwards would.
     */
    @Nested
    class Streaming {

        private static ImageVerification inPieces(byte[] png, Random random, int maxPiece) {
            try (ImageVerifier.ImageCheck check = VERIFIER.start()) {
                int offset = 0;
                while (offset < png.length) {
                    int length = Math.min(png.length - offset, 1 + random.nextInt(maxPiece));
                    // A fresh array per piece, overwritten after the call as a socket buffer is.
                    byte[] piece = Arrays.copyOfRange(png, offset, offset + length);
                    check.accept(piece, 0, length);
                    Arrays.fill(piece, (byte) 0x55);
                    offset += length;
                }
                return check.finish();
            }
        }

        static IntStream seeds() {
            return IntStream.range(0, 150);
        }

        private static byte[] randomPng(Random random) {
            int[] format = RawImage.VALID_FORMATS[random.nextInt(RawImage.VALID_FORMATS.length)];
            RawImage image = RawImage.random(1 + random.nextInt(40), 1 + random.nextInt(40), format[0], format[1],
                    random.nextBoolean(), random);
            return PngTestEncoder.encode(image, random, 1 + random.nextInt(300), random.nextBoolean());
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void validCorruptedAndTruncatedPngsGetTheSameVerdictInAnyPieces(int seed) {
            Random random = new Random(5000 + seed);
            byte[] valid = randomPng(random);
            byte[] corrupted = valid.clone();
            corrupted[random.nextInt(corrupted.length)] ^= (byte) (1 + random.nextInt(255));
            byte[] truncated = Arrays.copyOf(valid, random.nextInt(valid.length));
            byte[] trailed = concat(valid, new byte[1 + random.nextInt(9)]);
            for (byte[] png : List.of(valid, corrupted, truncated, trailed)) {
                ImageVerification whole = VERIFIER.verify(png);
                for (int maxPiece : new int[] {1, 3, 17, 4096}) {
                    assertThat(inPieces(png, random, maxPiece)).as("pieces of at most %d bytes", maxPiece)
                            .isEqualTo(whole);
                }
            }
        }

        static Stream<Arguments> problemsFoundMidStream() {
            byte[] valid = PngTestEncoder.encode(RGB_13X7);
            ChunkLocation idat = first(valid, "IDAT");
            byte[] badCrc = valid.clone();
            badCrc[idat.offset() + 12 + idat.dataLength() - 1] ^= 1;
            byte[] badZlibAndCrc = valid.clone();
            badZlibAndCrc[idat.offset() + 8] ^= 0x7F;
            byte[] cutInIdat = Arrays.copyOf(valid, idat.offset() + 8 + idat.dataLength() / 2);
            return Stream.of(
                    Arguments.of("CRC mismatch in IDAT", badCrc),
                    Arguments.of("corrupt zlib stream whose chunk CRC also fails: the CRC is reported", badZlibAndCrc),
                    Arguments.of("cut inside IDAT: truncation, not the half-inflated data", cutInIdat),
                    Arguments.of("bytes after IEND", concat(valid, new byte[] {1, 2, 3})));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("problemsFoundMidStream")
        void oneBytePiecesReportWhatTheWholeFileReports(String name, byte[] png) {
            ImageVerification whole = VERIFIER.verify(png);

            assertThat(whole).isInstanceOf(Rejected.class);
            assertThat(inPieces(png, new Random(7), 1)).isEqualTo(whole);
        }

        @Test
        void aCheckReleasesItsInflaterWhenFinishedOrClosed() {
            TrackingInflaterFactory inflaters = new TrackingInflaterFactory();
            PngVerifier verifier = new PngVerifier(inflaters);
            byte[] png = PngTestEncoder.encode(RGB_13X7);
            ImageVerifier.ImageCheck finished = verifier.start();
            finished.accept(png, 0, png.length);
            assertThat(finished.finish()).isEqualTo(new Verified(13, 7));
            try (ImageVerifier.ImageCheck abandoned = verifier.start()) {
                abandoned.accept(png, 0, png.length / 2);
            }

            assertThat(inflaters.createdCount()).isEqualTo(2);
            assertThat(inflaters.allEnded()).isTrue();
        }
    }
}
