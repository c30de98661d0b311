package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PngHeaderTest {

    @Test
    void aHeaderCannotExistOutsideTheLimitsParseEnforces() {
        assertThatThrownBy(() -> new PngHeader(0, 1, 8, 2, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PngHeader(1, -1, 8, 2, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PngHeader(8000, 4001, 8, 2, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PngHeader(1, 1, 4, 2, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PngHeader(1, 1, 8, 5, false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bitsPerPixelFollowTheColourType() {
        assertThat(new PngHeader(1, 1, 1, 0, false).bitsPerPixel()).isEqualTo(1);
        assertThat(new PngHeader(1, 1, 16, 2, false).bitsPerPixel()).isEqualTo(48);
        assertThat(new PngHeader(1, 1, 4, 3, false).bitsPerPixel()).isEqualTo(4);
        assertThat(new PngHeader(1, 1, 8, 4, false).bitsPerPixel()).isEqualTo(16);
        assertThat(new PngHeader(1, 1, 16, 6, false).bitsPerPixel()).isEqualTo(64);
    }
}
