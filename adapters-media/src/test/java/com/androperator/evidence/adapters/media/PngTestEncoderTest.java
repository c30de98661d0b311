package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The test encoder is only a trustworthy source of valid PNGs if an independent decoder agrees:
 * javax.imageio must read back exactly the samples that went in, for every format and interlace.
 */
class PngTestEncoderTest {

    static Stream<Arguments> formatsSizesAndInterlace() {
        int[][] sizes = {{1, 1}, {13, 7}, {8, 8}, {3, 17}};
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
    void imageIoDecodesExactlyTheEncodedSamples(int colourType, int bitDepth, int width, int height, boolean interlaced)
            throws IOException {
        RawImage image = RawImage.random(width, height, colourType, bitDepth, interlaced,
                new Random(31L * colourType + bitDepth + width * 1000L + (interlaced ? 7 : 0)));

        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(
                PngTestEncoder.encode(image, new Random(5), 7, true)));

        assertThat(decoded).isNotNull();
        assertThat(decoded.getWidth()).isEqualTo(width);
        assertThat(decoded.getHeight()).isEqualTo(height);
        Raster raster = decoded.getRaster();
        assertThat(raster.getNumBands()).isEqualTo(image.samplesPerPixel());
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                for (int channel = 0; channel < image.samplesPerPixel(); channel++) {
                    assertThat(raster.getSample(x, y, channel))
                            .as("sample (%d,%d) channel %d", x, y, channel)
                            .isEqualTo(image.sample(x, y, channel));
                }
            }
        }
    }
}
