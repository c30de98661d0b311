package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScanlinePassTest {

    /** The Adam7 pass of each pixel in an 8x8 tile, as drawn in the PNG specification. */
    private static final int[][] ADAM7_TILE = {
        {1, 6, 4, 6, 2, 6, 4, 6},
        {7, 7, 7, 7, 7, 7, 7, 7},
        {5, 6, 5, 6, 5, 6, 5, 6},
        {7, 7, 7, 7, 7, 7, 7, 7},
        {3, 6, 4, 6, 3, 6, 4, 6},
        {7, 7, 7, 7, 7, 7, 7, 7},
        {5, 6, 5, 6, 5, 6, 5, 6},
        {7, 7, 7, 7, 7, 7, 7, 7}
    };

    static Stream<Arguments> sizes() {
        return IntStream.rangeClosed(1, 19).boxed()
                .flatMap(width -> IntStream.rangeClosed(1, 19).mapToObj(height -> Arguments.of(width, height)));
    }

    @ParameterizedTest(name = "{0}x{1}")
    @MethodSource("sizes")
    void adam7PassesMatchTheSpecificationTileCountedPixelByPixel(int width, int height) {
        List<ScanlinePass> expected = new ArrayList<>();
        for (int pass = 1; pass <= 7; pass++) {
            // A pass's reduced image has as many rows as image rows containing its pixels, and as
            // many columns as the widest of those rows: count them straight from the tile.
            long rows = 0;
            long columns = 0;
            for (int y = 0; y < height; y++) {
                long inRow = 0;
                for (int x = 0; x < width; x++) {
                    if (ADAM7_TILE[y % 8][x % 8] == pass) {
                        inRow++;
                    }
                }
                rows += inRow > 0 ? 1 : 0;
                columns = Math.max(columns, inRow);
            }
            if (rows > 0 && columns > 0) {
                expected.add(new ScanlinePass(pass, 7, rows, columns));
            }
        }

        List<ScanlinePass> passes = ScanlinePass.of(new PngHeader(width, height, 8, 0, true));

        assertThat(passes).containsExactlyElementsOf(expected);
    }

    @Test
    void aNonInterlacedImageIsOnePassOfPaddedRows() {
        assertThat(ScanlinePass.of(new PngHeader(13, 7, 1, 0, false)))
                .containsExactly(new ScanlinePass(1, 1, 7, 2));
        assertThat(ScanlinePass.of(new PngHeader(13, 7, 16, 6, false)))
                .containsExactly(new ScanlinePass(1, 1, 7, 13 * 8));
        assertThat(ScanlinePass.of(new PngHeader(3, 1, 2, 3, false)))
                .containsExactly(new ScanlinePass(1, 1, 1, 1));
    }

    @Test
    void aOnePixelInterlacedImageHasOnlyTheFirstPass() {
        assertThat(ScanlinePass.of(new PngHeader(1, 1, 8, 6, true)))
                .containsExactly(new ScanlinePass(1, 7, 1, 4));
    }

    @Test
    void emptyPassesAreNotRepresentable() {
        assertThatThrownBy(() -> new ScanlinePass(2, 7, 0, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ScanlinePass(2, 7, 3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ScanlinePass(2, 1, 3, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
