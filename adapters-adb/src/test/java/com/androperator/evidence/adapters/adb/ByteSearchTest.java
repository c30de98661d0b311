package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteSearchTest {

    /** The offset a test at every position finds. */
    private static int everyOffset(byte[] haystack, int from, int length, byte[] needle) {
        for (int i = from; i + needle.length <= length; i++) {
            boolean match = true;
            for (int j = 0; j < needle.length && match; j++) {
                match = haystack[i + j] == needle[j];
            }
            if (match) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void findsWhatATestAtEveryOffsetFindsOnManyLines() {
        Random random = new Random(26);
        byte[][] needles = {"[TaskScope] UI Hierarchy".getBytes(StandardCharsets.US_ASCII), "abab".getBytes(StandardCharsets.US_ASCII),
            {(byte) 0xC3, (byte) 0xBC}, "a".getBytes(StandardCharsets.US_ASCII)};
        for (byte[] needle : needles) {
            ByteSearch search = new ByteSearch(needle);
            for (int round = 0; round < 2_000; round++) {
                byte[] line = new byte[random.nextInt(120)];
                for (int i = 0; i < line.length; i++) {
                    line[i] = random.nextInt(3) == 0 ? needle[random.nextInt(needle.length)] : (byte) ("ab[] ü".charAt(random.nextInt(6)));
                }
                if (line.length > needle.length && random.nextBoolean()) {
                    System.arraycopy(needle, 0, line, random.nextInt(line.length - needle.length), needle.length);
                }
                int length = line.length == 0 ? 0 : random.nextInt(line.length + 1);
                int from = length == 0 ? 0 : random.nextInt(length);
                assertThat(search.indexOf(line, from, length)).as("round %d", round)
                        .isEqualTo(everyOffset(line, from, length, needle));
            }
        }
    }

    @Test
    void aMarkerIsFoundAtTheStartTheEndAndNotPastTheLength() {
        byte[] line = "[Androperator-Result-Chunk] {}[Androperator-Result-Chunk] ".getBytes(StandardCharsets.US_ASCII);
        ByteSearch search = new ByteSearch("[Androperator-Result-Chunk] ".getBytes(StandardCharsets.US_ASCII));

        assertThat(search.indexOf(line, 0, line.length)).isZero();
        assertThat(search.indexOf(line, 1, line.length)).isEqualTo(30);
        assertThat(search.indexOf(line, 1, line.length - 1)).isEqualTo(-1);
    }
}
