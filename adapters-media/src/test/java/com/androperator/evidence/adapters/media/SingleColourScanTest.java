package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Verified;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SingleColourScanTest {
    private static final PngVerifier VERIFIER = new PngVerifier();

    private static RawImage uniform(int width, int height, int colourType, int bitDepth, int... pixel) {
        int[] samples = new int[width * height * pixel.length];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = pixel[i % pixel.length];
        }
        return new RawImage(width, height, colourType, bitDepth, false, samples, new byte[0]);
    }

    private static Optional<String> colourOf(byte[] png) {
        ImageVerification verdict = VERIFIER.verify(png);
        assertThat(verdict).isInstanceOf(Verified.class);
        return ((Verified) verdict).singleColour();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "6|8|0,0,0,255|#000000",
            "6|8|255,255,255,255|#ffffff",
            "6|8|18,52,86,128|#12345680",
            "2|8|1,2,3|#010203",
            "0|8|200|#c8c8c8",
            "4|8|7,255|#070707",
            "2|16|4660,0,65535|#12340000ffff",
            "6|16|1,2,3,65535|#000100020003"})
    void aUniformImageIsOneColourWhateverTheFilters(int colourType, int bitDepth, String pixel, String hex) {
        int[] samples = Arrays.stream(pixel.split(",")).mapToInt(Integer::parseInt).toArray();
        RawImage image = uniform(13, 7, colourType, bitDepth, samples);
        for (int filter = 0; filter <= 4; filter++) {
            int only = filter;
            byte[] png = PngTestEncoder.png(PngTestEncoder.chunksOf(image, row -> only, Integer.MAX_VALUE, false));
            assertThat(colourOf(png)).as("filter " + filter).contains(hex);
        }
        assertThat(colourOf(PngTestEncoder.encode(image, new Random(7), 5, true))).contains(hex);
    }

    @Test
    void oneDifferentSampleAnywhereIsNotOneColour() {
        Random random = new Random(25);
        for (int trial = 0; trial < 300; trial++) {
            RawImage base = uniform(9, 5, 6, 8, 0, 0, 0, 255);
            int[] samples = base.samples().clone();
            int at = random.nextInt(samples.length);
            samples[at] = samples[at] == 0 ? 1 + random.nextInt(255) : samples[at] - 1;
            RawImage changed = new RawImage(9, 5, 6, 8, false, samples, new byte[0]);

            assertThat(colourOf(PngTestEncoder.encode(changed, new Random(trial), 7, false)))
                    .as("sample %d changed", at).isEmpty();
        }
    }

    @Test
    void aRandomImageIsNotOneColourAndAOnePixelImageIs() {
        assertThat(colourOf(PngTestEncoder.encode(RawImage.random(40, 30, 6, 8, false, new Random(3))))).isEmpty();
        assertThat(colourOf(PngTestEncoder.encode(uniform(1, 1, 2, 8, 9, 8, 7)))).contains("#090807");
    }

    @ParameterizedTest
    @CsvSource({"0,4", "3,8", "6,8"})
    void imagesThatAreNotJudgedSayNothing(int colourType, int bitDepth) {
        boolean interlaced = colourType == 6;
        byte[] palette = colourType == 3 ? new byte[] {1, 2, 3} : new byte[0];
        int samplesPerPixel = RawImage.samplesPerPixel(colourType);
        RawImage image = new RawImage(8, 8, colourType, bitDepth, interlaced, new int[64 * samplesPerPixel], palette);

        assertThat(colourOf(PngTestEncoder.encode(image))).isEmpty();
    }
}
