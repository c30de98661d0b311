package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {

    @Test
    void linesSurviveArbitraryReadBoundariesIncludingInsideUtf8() {
        byte[] bytes = "first ü line\r\nsecond\nunfinished".getBytes(StandardCharsets.UTF_8);
        LineSplitter splitter = new LineSplitter(1024);
        List<String> lines = new ArrayList<>();
        for (byte b : bytes) {
            splitter.feed(new byte[] {b}, 0, 1, lines::add);
        }

        assertThat(lines).containsExactly("first ü line", "second");
        assertThat(splitter.lines()).isEqualTo(2);
    }

    @Test
    void anOverlongLineIsDroppedAndCounted() {
        LineSplitter splitter = new LineSplitter(8);
        List<String> lines = new ArrayList<>();
        byte[] bytes = "0123456789abc\nshort\n".getBytes(StandardCharsets.UTF_8);
        splitter.feed(bytes, 0, bytes.length, lines::add);

        assertThat(lines).containsExactly("short");
        assertThat(splitter.lines()).isEqualTo(2);
    }
}
