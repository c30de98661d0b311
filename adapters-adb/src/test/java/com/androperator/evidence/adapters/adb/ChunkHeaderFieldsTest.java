package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The chunk header read from the bytes says exactly what the strict reader says of the same header,
 * and is read only for the Operator's own layout: every other header is left to the strict reader.
 */
class ChunkHeaderFieldsTest {
    private static final String MARKER = OperatorResultAssembler.CHUNK_MARKER;
    private static final String HEX = "0123456789abcdef".repeat(4);
    private static final String CANONICAL = "{\"commandId\":\"ev-1-hierarchy\",\"taskId\":\"ev-1\",\"index\":7,"
            + "\"count\":221,\"byteLength\":226017,\"sha256\":\"" + HEX + "\",\"data\":\"QUJD+/8=\"}";

    @Test
    void theOperatorsLayoutIsReadFromTheBytesToTheStrictReadersValues() {
        for (String header : List.of(CANONICAL, "  " + CANONICAL + " \r", CANONICAL.replace("\"data\":\"QUJD+/8=\"",
                "\"data\":\"QUJD\\/8=\""), CANONICAL.replace(HEX, HEX.toUpperCase(java.util.Locale.ROOT)),
                CANONICAL.replace(":7,", ":0,").replace(":221,", ":999999999999999999,"))) {
            byte[] line = line(header);
            ChunkHeaderFields fields = canonical(line, line.length);

            assertThat(fields).as(header).isNotNull().isEqualTo(strict(line, line.length));
        }
        ChunkHeaderFields fields = canonical(line(CANONICAL), line(CANONICAL).length);
        assertThat(fields).isEqualTo(new ChunkHeaderFields("ev-1-hierarchy", "ev-1", 7L, 221L, 226017L, HEX, ""));
    }

    @Test
    void theStrictReadersNumbersAreCountsOnlyWhenIntegralAndWithinALong() {
        Map<String, Long> indexes = new java.util.LinkedHashMap<>();
        indexes.put("7", 7L);
        indexes.put("12345678901", 12345678901L);
        indexes.put("123456789012345678901234567890", null);
        indexes.put("7.0", null);
        indexes.put("7e0", null);
        indexes.put("\"7\"", null);
        indexes.put("null", null);
        indexes.forEach((written, expected) -> {
            byte[] line = line(CANONICAL.replace("\"index\":7,", "\"index\":" + written + ","));

            assertThat(strict(line, line.length).index()).as(written).isEqualTo(expected);
        });
    }

    @Test
    void everyOtherLayoutIsLeftToTheStrictReader() {
        List<String> others = List.of(
                CANONICAL.replace("{\"commandId\":\"ev-1-hierarchy\",\"taskId\":\"ev-1\",",
                        "{\"taskId\":\"ev-1\",\"commandId\":\"ev-1-hierarchy\","),
                CANONICAL.replace("\"index\":7", "\"index\": 7"),
                CANONICAL.replace("ev-1-hierarchy", "ev-1\\u002dhierarchy"),
                CANONICAL.replace("\"taskId\":\"ev-1\"", "\"taskId\":\"év-1\""),
                CANONICAL.replace("\"taskId\":\"ev-1\"", "\"taskId\":1"),
                CANONICAL.replace(":7,", ":07,"),
                CANONICAL.replace(":7,", ":-7,"),
                CANONICAL.replace(":7,", ":7.0,"),
                CANONICAL.replace(":221,", ":1000000000000000000,"),
                CANONICAL.replace(HEX, HEX.substring(1)),
                CANONICAL.replace(HEX, HEX.substring(1) + "g"),
                CANONICAL.replace("\"data\"", "\"extra\":1,\"data\""),
                CANONICAL.replace(",\"byteLength\":226017", ""),
                CANONICAL + "x",
                CANONICAL.replace("}", " }"),
                CANONICAL.replace("ev-1-hierarchy", "a".repeat(1025)));
        for (String header : others) {
            byte[] line = line(header);

            assertThat(canonical(line, line.length)).as(header).isNull();
        }
    }

    /**
     * Random edits anywhere in the line's JSON (its header, the data key, the data itself, the closing
     * brace and after it): whatever is read from the bytes is what the strict reader reads.
     */
    @Test
    void whateverTheBytesWhatIsReadFromThemIsWhatTheStrictReaderReads() {
        Random random = new Random(26);
        byte[] original = line(CANONICAL);
        int json = jsonAt(original, original.length);
        byte[] alphabet = "{}[]\",:0123456789-+.eE \\/uabcdefABCDEFtnrl\u007f".getBytes(StandardCharsets.ISO_8859_1);
        int readFromBytes = 0;
        for (int trial = 0; trial < 20_000; trial++) {
            List<Byte> bytes = new ArrayList<>();
            for (byte b : original) {
                bytes.add(b);
            }
            int edits = 1 + random.nextInt(3);
            for (int edit = 0; edit < edits; edit++) {
                int at = json + random.nextInt(bytes.size() - json);
                byte value = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
                switch (random.nextInt(3)) {
                    case 0 -> bytes.set(at, value);
                    case 1 -> bytes.add(at, value);
                    default -> bytes.remove(at);
                }
            }
            byte[] damaged = new byte[bytes.size() + 5];
            for (int i = 0; i < bytes.size(); i++) {
                damaged[i] = bytes.get(i);
            }
            Arrays.fill(damaged, bytes.size(), damaged.length, (byte) '}'); // past the line's end: never read
            ChunkHeaderFields fields = canonical(damaged, bytes.size());
            if (fields != null) {
                readFromBytes++;
                assertThat(fields).as("trial %d", trial).isEqualTo(strict(damaged, bytes.size()));
            }
        }
        assertThat(readFromBytes).isGreaterThan(100);
    }

    private static byte[] line(String header) {
        return ("11-30 00:00:01.234 I/AndroperatorOperator( 4321): " + MARKER + header).getBytes(StandardCharsets.UTF_8);
    }

    private static int jsonAt(byte[] line, int length) {
        String text = new String(line, 0, length, StandardCharsets.ISO_8859_1);
        return text.indexOf(MARKER) + MARKER.length();
    }

    private static ChunkHeaderFields canonical(byte[] line, int length) {
        int jsonAt = jsonAt(line, length);
        ChunkData data = ChunkData.find(line, jsonAt, length);
        return data == null ? null : ChunkHeaderFields.canonical(line, jsonAt, length, data);
    }

    /** What the assembler's strict path makes of the same header: its data string left out, as there. */
    private static ChunkHeaderFields strict(byte[] line, int length) {
        int jsonAt = jsonAt(line, length);
        byte[] header = ChunkData.find(line, jsonAt, length).header(line, jsonAt, length);
        try (DeviceJson.Document document = DeviceJson.read(new ByteArrayInputStream(header), jsonAt, header.length)) {
            assertThat(document.strings()).isNull();
            Map<?, ?> map = (Map<?, ?>) document.value();
            return ChunkHeaderFields.of(map, (String) map.get("commandId"));
        } catch (DeviceJson.Malformed | java.io.IOException e) {
            throw new AssertionError("the strict reader refused a header read from the bytes: " + e.getMessage(), e);
        }
    }
}
