package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {

    private record Line(byte[] bytes, boolean cut) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static LineSplitter.Sink into(List<Line> lines) {
        return (line, length, cut) -> lines.add(new Line(Arrays.copyOf(line, length), cut));
    }

    @Test
    void linesSurviveArbitraryReadBoundariesIncludingInsideUtf8() {
        byte[] bytes = "first ü line\r\nsecond\nunfinished".getBytes(StandardCharsets.UTF_8);
        LineSplitter splitter = new LineSplitter(1024);
        List<Line> lines = new ArrayList<>();
        for (byte b : bytes) {
            splitter.feed(new byte[] {b}, 0, 1, into(lines));
        }

        assertThat(lines).extracting(Line::text).containsExactly("first ü line", "second");
        assertThat(lines).noneMatch(Line::cut);
        assertThat(splitter.lines()).isEqualTo(2);
    }

    @Test
    void bytesThatAreNotUtf8AreHandedOverUntouched() {
        byte[] bytes = {'a', (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'b', '\n'};
        List<Line> lines = new ArrayList<>();
        new LineSplitter(1024).feed(bytes, 0, bytes.length, into(lines));

        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).bytes()).isEqualTo(Arrays.copyOf(bytes, 6));
    }

    @Test
    void anOverlongLineIsHandedOverCutToItsFirstBytesAndMarked() {
        LineSplitter splitter = new LineSplitter(8);
        List<Line> lines = new ArrayList<>();
        byte[] bytes = "0123456789abc\nshort\n".getBytes(StandardCharsets.UTF_8);
        splitter.feed(bytes, 0, 7, into(lines));
        splitter.feed(bytes, 7, bytes.length - 7, into(lines));

        assertThat(lines).extracting(Line::text).containsExactly("01234567", "short");
        assertThat(lines).extracting(Line::cut).containsExactly(true, false);
        assertThat(splitter.lines()).isEqualTo(2);
    }
}
