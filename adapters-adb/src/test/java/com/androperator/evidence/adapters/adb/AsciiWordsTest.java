package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time scans answer exactly as a byte-at-a-time scan does, for every byte value and position. */
class AsciiWordsTest {
    /** Bytes a scan must stop at or pass, each likely: the boundaries of every class it tells apart. */
    private static final byte[] EDGES = {0x00, 0x01, 0x1F, 0x20, 0x21, '"', 0x23, '[', '\\', ']', 0x7E, 0x7F,
            (byte) 0x80, (byte) 0xA2, (byte) 0xC2, (byte) 0xDC, (byte) 0xE2, (byte) 0xFF, 'a', 'a', 'a', 'a', 'a', 'a'};

    @Test
    void everySingleByteValueAtEveryPositionOfAWord() {
        for (int value = 0; value < 256; value++) {
            for (int position = 0; position < 24; position++) {
                byte[] bytes = "abcdefghijklmnopqrstuvwx".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                bytes[position] = (byte) value;
                assertSameAsByteByByte(bytes, 0, bytes.length);
                assertSameAsByteByByte(bytes, 3, 19);
            }
        }
    }

    @Test
    void randomInputsMostlyPlainWithEdgesAndEveryBound() {
        SplittableRandom random = new SplittableRandom(26);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[random.nextInt(1, 70)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(12) == 0 ? EDGES[random.nextInt(EDGES.length)]
                        : (byte) random.nextInt(0x20, 0x7F);
            }
            int from = random.nextInt(bytes.length + 1);
            int to = random.nextInt(from, bytes.length + 1);
            assertSameAsByteByByte(bytes, from, to);
        }
    }

    private static void assertSameAsByteByByte(byte[] bytes, int from, int to) {
        int ascii = from;
        while (ascii < to && bytes[ascii] >= 0) {
            ascii++;
        }
        int plain = from;
        while (plain < to && bytes[plain] >= 0 && bytes[plain] >= 0x20 && bytes[plain] != '"' && bytes[plain] != '\\') {
            plain++;
        }
        assertThat(AsciiWords.asciiEnd(bytes, from, to)).as("asciiEnd %s [%d, %d)", java.util.HexFormat.of()
                .formatHex(bytes), from, to).isEqualTo(ascii);
        assertThat(AsciiWords.plainEnd(bytes, from, to)).as("plainEnd %s [%d, %d)", java.util.HexFormat.of()
                .formatHex(bytes), from, to).isEqualTo(plain);
    }
}
