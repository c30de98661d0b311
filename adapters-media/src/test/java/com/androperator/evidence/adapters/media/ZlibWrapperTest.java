package com.androperator.evidence.adapters.media;

import static com.androperator.evidence.adapters.media.PngTestEncoder.idat;
import static com.androperator.evidence.adapters.media.PngTestEncoder.iend;
import static com.androperator.evidence.adapters.media.PngTestEncoder.ihdr;
import static com.androperator.evidence.adapters.media.PngTestEncoder.png;
import static com.androperator.evidence.adapters.media.PngTestEncoder.scanlines;
import static com.androperator.evidence.adapters.media.PngTestEncoder.zlib;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Rejected;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Verified;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The zlib wrapper around the IDAT data: its two header bytes and its Adler-32 trailer. The verifier
 * inflates a standard stream (deflate, 32 KiB window, no dictionary) as raw deflate and checks the
 * Adler-32 itself, and hands any other header to zlib whole. Every verdict and message here is the
 * one zlib gave when it inflated every stream whole, so the two paths cannot be told apart from
 * outside: a trailer that is wrong, cut short, split over chunks or followed by more bytes, and every
 * header zlib refuses.
 */
class ZlibWrapperTest {
    private static final PngVerifier VERIFIER = new PngVerifier();
    private static final RawImage RGB_13X7 = RawImage.random(13, 7, 2, 8, false, new Random(1));
    /** The first IDAT chunk's offset in these files: the signature, then IHDR's 12 + 13 bytes. */
    private static final int FIRST_IDAT = 8 + 12 + 13;

    private static byte[] stream() {
        return zlib(scanlines(RGB_13X7, row -> row % 5));
    }

    private static byte[] rgb(byte[]... idatData) {
        byte[][] chunks = new byte[idatData.length + 2][];
        chunks[0] = ihdr(13, 7, 8, 2, 0);
        for (int i = 0; i < idatData.length; i++) {
            chunks[i + 1] = idat(idatData[i]);
        }
        chunks[chunks.length - 1] = iend();
        return png(chunks);
    }

    private static String rejectionReason(PngVerifier verifier, byte[] png) {
        ImageVerification verification = verifier.verify(png);
        assertThat(verification).isInstanceOf(Rejected.class);
        return ((Rejected) verification).reason();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** The stream with its two header bytes replaced: CMF, and an FLG whose check bits make it valid unless asked not to. */
    private static byte[] withHeader(byte[] zlib, int cmf, int flagBits, boolean validCheck) {
        int flg = flagBits & 0xE0;
        int check = (31 - (cmf * 256 + flg) % 31) % 31;
        flg |= validCheck ? check : (check + 1) % 31;
        byte[] changed = zlib.clone();
        changed[0] = (byte) cmf;
        changed[1] = (byte) flg;
        return changed;
    }

    /**
     * The reference: the same verifier with raw deflate refused, so every stream goes to zlib whole,
     * as every stream did before the verifier read the wrapper itself. It shares the header's own
     * call and the end of the data with the raw path; the fixed cases below were also run against
     * the code before the change and passed.
     */
    private static final PngVerifier ZLIB_WHOLE = new PngVerifier(new InflaterFactory() {
        @Override
        public Inflater create(boolean raw) {
            return new Inflater(raw);
        }

        @Override
        public boolean allowsRaw() {
            return false;
        }
    });

    static IntStream seeds() {
        return IntStream.range(0, 300);
    }

    /**
     * Random images in random IDAT chunks, their zlib stream valid, with one byte changed anywhere
     * (chunk CRCs made to match, so the damage reaches the stream), cut anywhere, or followed by
     * bytes: the same verdict, word for word, as zlib inflating the whole stream gives.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anyStreamGetsTheVerdictZlibGivesIt(int seed) {
        Random random = new Random(7000 + seed);
        int[] format = RawImage.VALID_FORMATS[random.nextInt(RawImage.VALID_FORMATS.length)];
        RawImage image = RawImage.random(1 + random.nextInt(60), 1 + random.nextInt(60), format[0], format[1],
                random.nextBoolean(), random);
        byte[] valid = zlib(scanlines(image, row -> random.nextInt(5)), random.nextInt(10));
        byte[] changed = valid.clone();
        int at = random.nextInt(4) == 0 ? changed.length - 1 - random.nextInt(Math.min(6, changed.length)) : random.nextInt(changed.length);
        changed[at] ^= (byte) (1 + random.nextInt(255));
        byte[] cut = Arrays.copyOf(valid, random.nextInt(valid.length));
        byte[] followed = concat(valid, new byte[1 + random.nextInt(9)]);
        for (byte[] stream : List.of(valid, changed, cut, followed)) {
            List<byte[]> chunks = new ArrayList<>(PngTestEncoder.chunksOf(image, row -> 0, Integer.MAX_VALUE, false));
            chunks.removeIf(chunk -> chunk[4] == 'I' && chunk[5] == 'D');
            chunks.addAll(chunks.size() - 1, PngTestEncoder.idats(stream, 1 + random.nextInt(200)));
            byte[] png = png(chunks);

            assertThat(VERIFIER.verify(png)).isEqualTo(ZLIB_WHOLE.verify(png));
        }
    }

    static IntStream largeSeeds() {
        return IntStream.range(0, 12);
    }

    /**
     * Images large enough that one IDAT chunk takes several inflate calls (the verifier inflates into
     * 64 KiB), with empty IDAT chunks among the others and every file fed in pieces of random size,
     * as a screenshot arrives: the same verdict as zlib whole, fed the same way.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("largeSeeds")
    void largeStreamsInPiecesGetTheVerdictZlibGivesThem(int seed) {
        Random random = new Random(8000 + seed);
        RawImage image = RawImage.random(200 + random.nextInt(400), 100 + random.nextInt(200), 6, 8, false, random);
        byte[] valid = zlib(scanlines(image, row -> random.nextInt(5)), random.nextInt(10));
        byte[] changed = valid.clone();
        changed[valid.length - 1 - random.nextInt(Math.min(8, valid.length))] ^= (byte) (1 + random.nextInt(255));
        byte[] cut = Arrays.copyOf(valid, valid.length - 1 - random.nextInt(6));
        for (byte[] stream : List.of(valid, changed, cut, concat(valid, new byte[1 + random.nextInt(3)]))) {
            List<byte[]> chunks = new ArrayList<>(List.of(PngTestEncoder.ihdr(image.width(), image.height(), 8, 6, 0)));
            for (byte[] idat : PngTestEncoder.idats(stream, 1 + random.nextInt(70_000))) {
                chunks.add(idat);
                if (random.nextInt(3) == 0) {
                    chunks.add(idat(new byte[0]));
                }
            }
            chunks.add(iend());
            byte[] png = png(chunks);
            int maxPiece = 1 + random.nextInt(20_000);

            assertThat(inPieces(VERIFIER, png, new Random(seed), maxPiece))
                    .isEqualTo(inPieces(ZLIB_WHOLE, png, new Random(seed), maxPiece));
        }
    }

    private static ImageVerification inPieces(PngVerifier verifier, byte[] png, Random random, int maxPiece) {
        try (ImageVerifier.ImageCheck check = verifier.start()) {
            for (int offset = 0; offset < png.length; ) {
                int length = Math.min(png.length - offset, 1 + random.nextInt(maxPiece));
                check.accept(png, offset, length);
                offset += length;
            }
            return check.finish();
        }
    }

    @Test
    void aStandardStreamIsInflatedAsRawDeflateWithTheAdlerCheckedHere() {
        TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

        assertThat(new PngVerifier(inflaters).verify(rgb(stream()))).isEqualTo(new Verified(13, 7));
        assertThat(inflaters.createdKinds()).containsExactly("raw");
        assertThat(inflaters.allEnded()).isTrue();
    }

    @Test
    void aWrongAdlerIsACorruptStream() {
        byte[] zlib = stream();
        zlib[zlib.length - 1] ^= 1;

        assertThat(rejectionReason(VERIFIER, rgb(zlib)))
                .isEqualTo("corrupt zlib stream in IDAT chunk at offset " + FIRST_IDAT + ": incorrect data check");
    }

    static IntStream trailerSplits() {
        return IntStream.rangeClosed(1, 4);
    }

    /** The trailer's last {@code inSecond} bytes in a second IDAT chunk: judged where its last byte arrives. */
    @ParameterizedTest(name = "{0} trailer bytes in the second chunk")
    @MethodSource("trailerSplits")
    void aTrailerSplitOverChunksIsCheckedWhereItEnds(int inSecond) {
        byte[] zlib = stream();
        int split = zlib.length - inSecond;
        byte[] good = rgb(Arrays.copyOf(zlib, split), Arrays.copyOfRange(zlib, split, zlib.length));
        byte[] wrong = zlib.clone();
        wrong[zlib.length - 1] ^= 0x40;
        byte[] bad = rgb(Arrays.copyOf(wrong, split), Arrays.copyOfRange(wrong, split, wrong.length));

        assertThat(VERIFIER.verify(good)).isEqualTo(new Verified(13, 7));
        assertThat(rejectionReason(VERIFIER, bad)).isEqualTo("corrupt zlib stream in IDAT chunk at offset "
                + (FIRST_IDAT + 12 + split) + ": incorrect data check");
    }

    @Test
    void bytesAfterTheTrailerInItsChunkAreRefused() {
        assertThat(rejectionReason(VERIFIER, rgb(concat(stream(), new byte[3]))))
                .isEqualTo("3 bytes after the end of the zlib stream in IDAT chunk at offset " + FIRST_IDAT);
    }

    @Test
    void aChunkAfterTheTrailerIsRefused() {
        byte[] zlib = stream();

        assertThat(rejectionReason(VERIFIER, rgb(zlib, new byte[] {1, 2})))
                .isEqualTo("2 bytes after the end of the zlib stream in IDAT chunk at offset "
                        + (FIRST_IDAT + 12 + zlib.length));
    }

    @Test
    void bytesAfterATrailerThatEndsInALaterChunkAreCountedThere() {
        byte[] zlib = stream();
        int split = zlib.length - 2;

        assertThat(rejectionReason(VERIFIER, rgb(Arrays.copyOf(zlib, split),
                concat(Arrays.copyOfRange(zlib, split, zlib.length), new byte[] {7}))))
                .isEqualTo("1 bytes after the end of the zlib stream in IDAT chunk at offset " + (FIRST_IDAT + 12 + split));
    }

    @ParameterizedTest(name = "{0} trailer bytes missing")
    @ValueSource(ints = {1, 2, 3, 4})
    void aStreamCutInsideItsTrailerIsIncomplete(int missing) {
        byte[] zlib = stream();
        byte[] cut = Arrays.copyOf(zlib, zlib.length - missing);

        assertThat(rejectionReason(VERIFIER, rgb(cut))).isEqualTo("incomplete image data: the zlib stream does not"
                + " end before the IDAT chunks do at offset " + (FIRST_IDAT + 12 + cut.length) + " (7 of 7 scanlines complete)");
    }

    @ParameterizedTest(name = "header split after {0} bytes")
    @ValueSource(ints = {0, 1, 2})
    void aHeaderSplitOverChunksIsRead(int first) {
        byte[] zlib = stream();

        assertThat(VERIFIER.verify(rgb(new byte[0], Arrays.copyOf(zlib, first), new byte[0],
                Arrays.copyOfRange(zlib, first, zlib.length)))).isEqualTo(new Verified(13, 7));
    }

    @Test
    void aStreamOfOneHeaderByteIsIncomplete() {
        assertThat(rejectionReason(VERIFIER, rgb(Arrays.copyOf(stream(), 1)))).isEqualTo("incomplete image data:"
                + " the zlib stream does not end before the IDAT chunks do at offset " + (FIRST_IDAT + 12 + 1)
                + " (0 of 7 scanlines complete)");
    }

    /** A smaller declared window is valid zlib (this image's matches are all within 256 bytes): zlib inflates it whole. */
    @ParameterizedTest(name = "CINFO {0}")
    @ValueSource(ints = {0, 1, 6})
    void aSmallerWindowGoesToZlibWhole(int windowBits) {
        byte[] black = new byte[7 * (1 + 13 * 3)]; // filter type None on every row, every pixel 0
        byte[] zlib = withHeader(zlib(black), windowBits << 4 | 8, 0x80, true);
        TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

        assertThat(new PngVerifier(inflaters).verify(rgb(zlib))).isInstanceOf(Verified.class);
        assertThat(inflaters.createdKinds()).containsExactly("zlib");
    }

    static List<Object[]> refusedHeaders() {
        return List.of(
                new Object[] {"a wrong check", 0x78, 0x80, false, "corrupt zlib stream in IDAT chunk at offset "
                        + FIRST_IDAT + ": incorrect header check"},
                new Object[] {"compression method 7", 0x77, 0x80, true, "corrupt zlib stream in IDAT chunk at offset "
                        + FIRST_IDAT + ": unknown compression method"},
                new Object[] {"a 64 KiB window", 0x88, 0x80, true, "corrupt zlib stream in IDAT chunk at offset "
                        + FIRST_IDAT + ": invalid window size"},
                new Object[] {"a preset dictionary", 0x78, 0xA0, true, "zlib stream in IDAT chunk at offset "
                        + FIRST_IDAT + " asks for a preset dictionary, which PNG forbids"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedHeaders")
    void aHeaderZlibRefusesIsRefusedInZlibsWords(String name, int cmf, int flagBits, boolean validCheck, String reason) {
        TrackingInflaterFactory inflaters = new TrackingInflaterFactory();

        assertThat(rejectionReason(new PngVerifier(inflaters), rgb(withHeader(stream(), cmf, flagBits, validCheck))))
                .isEqualTo(reason);
        assertThat(inflaters.createdKinds()).containsExactly("zlib");
        assertThat(inflaters.allEnded()).isTrue();
    }
    /** A one-chunk stream of stored blocks: one greyscale row of {@code width} pixels, and {@code excess} bytes past it. */
    private record StoredStream(int width, byte[] zlib) {
        /** The stream of exactly {@code length} bytes with header {@code cmf}, the widest row that fits. */
        static StoredStream ofLength(int cmf, int length, int excess) {
            for (int width = length - 30; width < length; width++) { // a stored block adds 5 bytes, the wrapper 6
                byte[] zlib = PngTestEncoder.zlib(new byte[1 + width + excess], 0); // filter None, every pixel 0
                if (zlib.length == length) {
                    return new StoredStream(width, withHeader(zlib, cmf, 0, true));
                }
            }
            throw new IllegalArgumentException("no stored stream of " + length + " bytes");
        }

        byte[] png() {
            return PngTestEncoder.png(ihdr(width, 1, 8, 0, 0), idat(zlib), iend());
        }

        byte[] pngWithWrongTrailer() {
            byte[] wrong = zlib.clone();
            wrong[wrong.length - 1] ^= 0x10;
            return PngTestEncoder.png(ihdr(width, 1, 8, 0, 0), idat(wrong), iend());
        }
    }

    /**
     * One IDAT chunk the size of the inflater's 64 KiB input buffer or larger, for a stream read raw
     * (CMF 0x78) and one zlib checks whole (0x68, a 16 KiB window). zlib judges a trailer it holds in
     * the call that ends the data, before handing over that call's bytes, so a stream with one byte
     * too many and a wrong trailer is refused for its trailer: the whole chunk is one input, however
     * long. (Cut into 64 KiB pieces instead, two of these cases got "too much image data".)
     */
    @ParameterizedTest(name = "CMF {0}, {1} bytes")
    @MethodSource("boundaryStreams")
    void aTrailerAtTheInflatersInputBoundaryIsJudgedAsAWholeChunksIs(int cmf, int length) {
        StoredStream exact = StoredStream.ofLength(cmf, length, 0);
        StoredStream oneTooMany = StoredStream.ofLength(cmf, length, 1);
        String wrongTrailer = "corrupt zlib stream in IDAT chunk at offset " + FIRST_IDAT + ": incorrect data check";

        assertThat(VERIFIER.verify(exact.png())).isEqualTo(new Verified(exact.width(), 1, Optional.of("#000000")));
        assertThat(rejectionReason(VERIFIER, exact.pngWithWrongTrailer())).isEqualTo(wrongTrailer);
        assertThat(rejectionReason(VERIFIER, oneTooMany.pngWithWrongTrailer())).isEqualTo(wrongTrailer);
        assertThat(rejectionReason(VERIFIER, oneTooMany.png())).isEqualTo("too much image data: the zlib stream"
                + " holds 1 or more bytes after the last of 1 scanlines (IDAT chunk at offset " + FIRST_IDAT + ")");
    }

    static List<Object[]> boundaryStreams() {
        List<Object[]> streams = new ArrayList<>();
        for (int cmf : new int[] {0x78, 0x68}) {
            for (int length : new int[] {65_535, 65_536, 65_537, 65_538, 65_539, 65_540, 2 * 65_536 + 2}) {
                streams.add(new Object[] {cmf, length});
            }
        }
        return streams;
    }
}
