package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChunkDataTest {
    private static final byte[] KEY = "\"data\":\"".getBytes(StandardCharsets.US_ASCII);

    @Test
    void theDataStringIsFoundWithItsEscapedSlashesAndAnythingElseIsNotTheUsualShape() {
        byte[] line = bytes("{\"index\":0,\"data\":\"QUJD\\/+=\",\"count\":1}");
        ChunkData data = ChunkData.find(line, 0, line.length);

        assertThat(data).isNotNull();
        assertThat(new String(data.base64(line), StandardCharsets.US_ASCII)).isEqualTo("QUJD/+=");
        assertThat(new String(data.header(line, 0, line.length), StandardCharsets.US_ASCII))
                .isEqualTo("{\"index\":0,\"data\":\"\",\"count\":1}");
        for (String other : new String[] {"{\"data\":\"QU\\nJD\"}", "{\"data\":\"QU JD\"}", "{\"data\":\"QUJD",
            "{\"data\":\"QU\\\\\"}", "{\"data\":\"QU\u00e9\"}", "{\"data\": \"QUJD\"}", "{\"data\":\"QUJD\\"}) {
            byte[] bytes = bytes(other);
            assertThat(ChunkData.find(bytes, 0, bytes.length)).as(other).isNull();
        }
    }

    @Test
    void findsWhatTheRangeTestsFoundForAnyLine() {
        byte[] alphabet = bytes("AZaz09+/=\"\\ {}:,-_.~!\u007f");
        Random random = new Random(270);
        for (int i = 0; i < 50_000; i++) {
            byte[] line = new byte[KEY.length + 2 + random.nextInt(24)];
            System.arraycopy(KEY, 0, line, 2, KEY.length);
            line[0] = '{';
            line[1] = ' ';
            for (int at = 2 + KEY.length; at < line.length; at++) {
                line[at] = random.nextInt(16) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            int length = random.nextInt(3) == 0 ? line.length - random.nextInt(3) : line.length;
            ChunkData found = ChunkData.find(line, 0, length);
            int[] expected = byRangeTests(line, length);
            if (expected == null) {
                assertThat(found).as(Arrays.toString(line)).isNull();
            } else {
                assertThat(found).as(Arrays.toString(line)).isNotNull();
                assertThat(found.header(line, 0, length)).hasSize(length - (expected[1] - expected[0]));
                assertThat(found.base64(line)).isEqualTo(unescaped(line, expected[0], expected[1]));
            }
        }
    }

    @Test
    void decodesInPlaceWhatTheDecoderGaveTheCopyAndFailsWithItsMessage() {
        java.util.Random random = new java.util.Random(311);
        for (int i = 0; i < 2_000; i++) {
            byte[] data = new byte[random.nextInt(40)];
            random.nextBytes(data);
            String base64 = java.util.Base64.getEncoder().encodeToString(data);
            String text = random.nextBoolean() ? base64 : base64.replace("/", "\\/");
            byte[] line = bytes("{\"index\":0,\"data\":\"" + text + "\"}");
            assertThat(ChunkData.find(line, 0, line.length).decoded(line)).isEqualTo(data);
        }
        for (String text : new String[] {"QUJ", "QU=D", "Q===", "QUJDR", "QUJD\\/==", "QUJD", "QQ==", "QQ==QQ", "QUJDQQ==QUJD", "QUJDR==="}) {
            byte[] line = bytes("{\"data\":\"" + text + "\"}");
            ChunkData found = ChunkData.find(line, 0, line.length);
            assertThat(outcome(() -> found.decoded(line))).as(text)
                    .isEqualTo(outcome(() -> java.util.Base64.getDecoder().decode(found.base64(line))));
        }
    }

    /** The bytes decoded, or the decoder's message. */
    private static String outcome(java.util.function.Supplier<byte[]> decode) {
        try {
            return Arrays.toString(decode.get());
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }

    /** The scan as it was before its table: {@code [start, end)} of the data string, or null. */
    private static int[] byRangeTests(byte[] line, int length) {
        int start = 2 + KEY.length;
        for (int at = start; at < length; at++) {
            byte b = line[at];
            if (b == '"') {
                return new int[] {start, at};
            }
            if (b == '\\' && at + 1 < length && line[at + 1] == '/') {
                at++;
            } else if (!(b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '+' || b == '/'
                    || b == '=')) {
                return null;
            }
        }
        return null;
    }

    private static byte[] unescaped(byte[] line, int start, int end) {
        return new String(line, start, end - start, StandardCharsets.US_ASCII).replace("\\/", "/")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
