package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.contracts.StreamedString;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The device's JSON, read strictly: what it accepts reads as the contract mapper reads it; the rest is refused. */
class DeviceJsonTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Hands out at most {@code piece} bytes per read, so that sequences and escapes split across reads. */
    private static InputStream trickling(byte[] bytes, int piece) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                return super.read(buffer, offset, Math.min(length, piece));
            }
        };
    }

    private static Object read(byte[] json) throws Exception {
        try (DeviceJson.Document document = DeviceJson.read(new ByteArrayInputStream(json), 0, json.length)) {
            return document.value();
        }
    }

    private static String refusal(byte[] json) {
        try {
            read(json);
        } catch (DeviceJson.Malformed e) {
            return e.getMessage();
        } catch (Exception e) {
            throw new AssertionError("refused with an exception that is not Malformed", e);
        }
        throw new AssertionError("accepted: " + new String(json, StandardCharsets.UTF_8));
    }

    static Stream<String> validDocuments() {
        return Stream.of(
                "{\"commandId\":\"c-1\",\"taskId\":null,\"status\":\"success\",\"stepResults\":[{\"id\":\"snap\","
                        + "\"actionType\":\"snapshot_ui\",\"success\":true,\"data\":{\"text\":\"<hierarchy/>\"}}],"
                        + "\"error\":null,\"errorCode\":null}",
                " { \"a\" : [ 1 , -2 , 3.50 , 1e3 , -0.0 , 12345678901 , 123456789012345678901234567890 ] } ",
                "{\"esc\":\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uD83D\\uDE00 \\u2028\"}",
                "{\"raw\":\"Réglages · 設定 😀 \u2028\"}",
                "{\"nested\":{\"a\":{\"b\":{\"c\":[[[]]],\"d\":{}}}},\"t\":true,\"f\":false}",
                "[]", "\"top-level string\"", "0", "null");
    }

    @ParameterizedTest
    @MethodSource("validDocuments")
    void whatItAcceptsReadsAsTheContractMapperReadsIt(String json) throws Exception {
        Object expected = ContractJson.mapper().readValue(json, Object.class);

        assertThat(read(utf8(json))).isEqualTo(expected);
        for (int piece : new int[] {1, 2, 3, 7}) {
            try (DeviceJson.Document document = DeviceJson.read(trickling(utf8(json), piece), 0, Long.MAX_VALUE)) {
                assertThat(document.value()).as("in pieces of %d", piece).isEqualTo(expected);
            }
        }
    }

    @Test
    void numbersKeepTheirTypesAndDigits() throws Exception {
        @SuppressWarnings("unchecked")
        List<Object> numbers = (List<Object>) read(utf8("[1,12345678901,123456789012345678901234567890,1.50,2E-3]"));

        assertThat(numbers).containsExactly(1, 12345678901L, new BigInteger("123456789012345678901234567890"),
                new BigDecimal("1.50"), new BigDecimal("2E-3"));
    }

    static Stream<Arguments> malformedUtf8() {
        return Stream.of(
                Arguments.of("lone continuation byte", new byte[] {(byte) 0x80}, "a continuation byte 0x80"),
                Arguments.of("overlong encoding", new byte[] {(byte) 0xC0, (byte) 0xAF}, "an overlong encoding"),
                Arguments.of("overlong three-byte form", new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0xAF},
                        "an overlong encoding"),
                Arguments.of("0xFF", new byte[] {(byte) 0xFF}, "the byte 0xFF, which never occurs in UTF-8"),
                Arguments.of("encoded surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        "an encoded UTF-16 surrogate"),
                Arguments.of("above U+10FFFF", new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                        "a code point above U+10FFFF"),
                Arguments.of("three-byte sequence cut by a quote", new byte[] {(byte) 0xE2, (byte) 0x82}, "cut short"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedUtf8")
    void everyMalformedUtf8ClassIsRefusedWithItsKindAndByteOffsetWhateverThePieces(String name, byte[] bad, String kind) {
        byte[] head = utf8("{\"text\":\"<hierarchy>");
        byte[] json = concat(head, bad, utf8("</hierarchy>\"}"));
        assertThat(refusal(json)).startsWith("not valid UTF-8: ").contains(kind).endsWith("at byte " + head.length);
        for (int piece : new int[] {1, 2, 3}) {
            assertThatThrownBy(() -> DeviceJson.read(trickling(json, piece), 100, Long.MAX_VALUE))
                    .isInstanceOf(DeviceJson.Malformed.class).hasMessageStartingWith("not valid UTF-8: ")
                    .hasMessageContaining(kind).hasMessageEndingWith("at byte " + (100 + head.length));
        }
    }

    @Test
    void aSequenceCutByTheEndOfTheInputIsRefused() {
        byte[] json = concat(utf8("\"abc"), new byte[] {(byte) 0xE2, (byte) 0x82});

        assertThat(refusal(json)).startsWith("not valid UTF-8: a sequence starting 0xE2 cut short at byte 4");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"\\uD800\"", "\"\\uDC00\"", "\"\\uD83Dx\"", "\"\\uD83D\\u0041\"", "\"\\uD83D\\uD83D\"",
        "\"\\uDE00\\uD83D\""})
    void anEscapeThatStandsForALoneSurrogateIsRefusedNotRewritten(String json) {
        assertThat(refusal(utf8(json))).contains("unpaired surrogate").contains("never rewritten");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"a\":2}", "{\"a\":1} x", "{\"a\":1}{}", "{\"a\":\"\u0001\"}", "{'a':1}",
        "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":+1}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}",
        "{\"a\":tru}", "{\"a\":[1,]}", "{\"a\":1,}", "{\"a\" 1}", "", "   ", "{\"a\":\"open", "[1 2]",
        "{\"a\":\"\\u０００１\"}", "NaN", "{\"a\":Infinity}"})
    void whatIsNotStrictJsonIsRefused(String json) {
        assertThat(refusal(utf8(json))).isNotBlank();
    }

    @Test
    void nestingUpToTheLimitIsReadAndDeeperIsRefused() throws Exception {
        int depth = ParserLimits.JSON_MAX_DEPTH;
        assertThat(read(utf8("[".repeat(depth) + "]".repeat(depth)))).isInstanceOf(List.class);
        assertThat(refusal(utf8("[".repeat(depth + 1) + "]".repeat(depth + 1)))).contains("nesting deeper than " + depth);
    }

    @Test
    void numbersUpToTheLimitAreReadAndLongerOnesAreRefused() throws Exception {
        int limit = ParserLimits.JSON_MAX_NUMBER_CHARS;
        assertThat(read(utf8("9".repeat(limit)))).isEqualTo(new BigInteger("9".repeat(limit)));
        assertThat(refusal(utf8("9".repeat(limit + 1)))).contains("a number is longer than " + limit);
    }

    @Test
    void moreValuesThanTheLimitAreRefused() {
        String many = "[" + "0,".repeat(ParserLimits.JSON_MAX_VALUES) + "0]";

        assertThat(refusal(utf8(many))).contains("more than " + ParserLimits.JSON_MAX_VALUES + " values");
    }

    @Test
    void longPropertyNamesAreRefused() {
        String name = "n".repeat(ParserLimits.JSON_MAX_NAME_CHARS + 1);

        assertThat(refusal(utf8("{\"" + name + "\":1}"))).contains("a property name is longer than");
    }

    /**
     * A long string (the hierarchy XML) is not held as a String: it is spooled as UTF-8, byte for
     * byte, and reads back the same whatever the escapes and pieces it came in.
     */
    @Test
    void aLongStringIsSpooledAsItsUtf8BytesAndTheRestStaysInMemory() throws Exception {
        Random random = new Random(3);
        StringBuilder text = new StringBuilder();
        String[] alphabet = {"a", "é", "設", "😀", "<", "&amp;", "\"", "\\", "\n", "\t", "\u2028"};
        while (text.length() < ParserLimits.JSON_IN_MEMORY_STRING_CHARS * 3) {
            text.append(alphabet[random.nextInt(alphabet.length)]);
        }
        String json = ContractJson.toJson(Map.of("text", text.toString(), "short", "kept"));

        // Surrogate pairs as UTF-8 and as escape pairs, cut anywhere by the pieces the input arrives in.
        for (String form : List.of(json, json.replace("😀", "\\uD83D\\uDE00"))) {
            for (int piece : new int[] {5, 65_536}) {
                assertSpooledAsItsUtf8(form, piece, text.toString());
            }
        }
    }

    private static void assertSpooledAsItsUtf8(String json, int piece, String text) throws Exception {
        try (DeviceJson.Document document = DeviceJson.read(trickling(utf8(json), piece), 0, Long.MAX_VALUE)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> value = (Map<String, Object>) document.value();
            assertThat(value.get("short")).isEqualTo("kept");
            assertThat(value.get("text")).isInstanceOf(StreamedString.class);
            StreamedString spooled = (StreamedString) value.get("text");
            assertThat(spooled.utf8Length()).isEqualTo(utf8(text).length);
            try (InputStream in = spooled.openUtf8()) {
                assertThat(in.readAllBytes()).isEqualTo(utf8(text));
            }
            // Written to JSON it is the same string again.
            assertThat(ContractJson.mapper().readValue(ContractJson.toJson(value), Map.class))
                    .isEqualTo(Map.of("text", text, "short", "kept"));
        }
    }

    @Test
    void onceTheInMemoryBudgetIsSpentLaterStringsAreSpooledToo() throws Exception {
        int each = ParserLimits.JSON_IN_MEMORY_STRING_CHARS - 1;
        int count = ParserLimits.JSON_IN_MEMORY_TOTAL_CHARS / each + 2;
        String value = "x".repeat(each);
        String json = "[" + String.join(",", IntStream.range(0, count).mapToObj(i -> "\"" + value + "\"").toList()) + "]";

        try (DeviceJson.Document document = DeviceJson.read(new ByteArrayInputStream(utf8(json)), 0, Long.MAX_VALUE)) {
            @SuppressWarnings("unchecked")
            List<Object> values = (List<Object>) document.value();
            assertThat(values.get(0)).isEqualTo(value);
            assertThat(values.get(count - 1)).isInstanceOf(StreamedString.class);
            assertThat(((StreamedString) values.get(count - 1)).readString()).isEqualTo(value);
        }
    }

    /**
     * The reader keeps a string's plain runs as their bytes and takes escapes and multi-byte
     * sequences one at a time: wherever a read or the buffer ends (inside an escape, a surrogate
     * escape pair, a four-byte sequence), the value is the same, in memory and spooled.
     */
    @Test
    void escapesAndSequencesCutByEveryReadAndBufferBoundaryReadTheSame() throws Exception {
        String unit = "a\\\"é\\u00e9設😀\\uD83D\\uDE00\\n\\/";
        String shortJson = "{\"k😀\\u00e9\":\"" + unit.repeat(3) + "\"}";
        String longJson = "[\"" + unit.repeat(ParserLimits.JSON_IN_MEMORY_STRING_CHARS / 8) + "\",\"" + unit + "\"]";
        for (String json : List.of(shortJson, longJson)) {
            Object expected = ContractJson.mapper().readValue(json, Object.class);
            byte[] bytes = utf8(json);
            for (int piece = 1; piece <= 17; piece++) {
                for (long sizeHint : new long[] {0, 13, 29, Long.MAX_VALUE}) {
                    try (DeviceJson.Document document = DeviceJson.read(trickling(bytes, piece), 0, sizeHint)) {
                        assertThat(readBack(document.value())).as("pieces of %d, size hint %d", piece, sizeHint)
                                .isEqualTo(expected);
                    }
                }
                if (json.equals(longJson) && piece > 3) {
                    break;
                }
            }
        }
    }

    /** A value with its spooled strings read back from their UTF-8 bytes. */
    private static Object readBack(Object value) throws IOException {
        if (value instanceof StreamedString spooled) {
            try (InputStream in = spooled.openUtf8()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        if (value instanceof List<?> list) {
            List<Object> read = new java.util.ArrayList<>();
            for (Object element : list) {
                read.add(readBack(element));
            }
            return read;
        }
        return value;
    }

    /** Each read is checked whole before its characters are parsed, so a malformed sequence in it is what is refused. */
    @Test
    void aMalformedSequenceInTheSameReadAsAGrammarErrorIsWhatIsRefused() {
        byte[] json = concat(utf8("[1,]"), new byte[] {(byte) 0xFF});

        assertThat(refusal(json)).isEqualTo("not valid UTF-8: the byte 0xFF, which never occurs in UTF-8 at byte 4");
        assertThatThrownBy(() -> DeviceJson.read(trickling(json, 1), 0, Long.MAX_VALUE))
                .hasMessage("unexpected ']' where a value was expected (at character 4)");
    }

    /**
     * A sequence cut by the end of a read waits for the rest unless its bytes so far can start no
     * character: {@code 0xE0 0x80} is refused in the read that cuts it, before the grammar error
     * after the bytes that came first; {@code 0xED 0xA0} (the start of an encoded surrogate) waits
     * and is refused when its third byte comes, after that error.
     */
    @Test
    void aCutSequenceIsRefusedAsSoonAsItsBytesCanStartNoCharacter() {
        byte[] overlong = concat(utf8("[1,]"), new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0x80});
        byte[] surrogate = concat(utf8("[1,]"), new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80});

        assertThatThrownBy(() -> DeviceJson.read(trickling(overlong, 6), 0, Long.MAX_VALUE))
                .hasMessage("not valid UTF-8: an overlong encoding starting 0xE0 at byte 4");
        assertThatThrownBy(() -> DeviceJson.read(trickling(surrogate, 6), 0, Long.MAX_VALUE))
                .hasMessage("unexpected ']' where a value was expected (at character 4)");
        assertThat(refusal(surrogate)).isEqualTo("not valid UTF-8: an encoded UTF-16 surrogate starting 0xED at byte 4");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void anUnpairedSurrogateEscapeIsRefusedAtItsCharacterWhateverThePieces(int piece) {
        byte[] json = utf8("{\"text\":\"" + "x".repeat(20) + "\\uD83Dx\"}");

        assertThatThrownBy(() -> DeviceJson.read(trickling(json, piece), 0, 16))
                .hasMessageStartingWith("the escape \\uD83D is an unpaired surrogate")
                .hasMessageEndingWith("(at character 36)");
    }

    /** A four-byte character is two UTF-16 units: one that crosses the name limit is refused after its second. */
    @Test
    void aFourByteCharacterThatCrossesTheNameLimitIsRefusedAtItsLowHalf() {
        String name = "n".repeat(ParserLimits.JSON_MAX_NAME_CHARS - 1) + "😀";

        assertThat(refusal(utf8("{\"" + name + "\":1}"))).isEqualTo("a property name is longer than "
                + ParserLimits.JSON_MAX_NAME_CHARS + " characters (at character " + (ParserLimits.JSON_MAX_NAME_CHARS + 3) + ")");
    }

    @Test
    void aStreamThatFailsIsAnIoFailureNotAMalformedDocument() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("spool gone");
            }
        };

        assertThatThrownBy(() -> DeviceJson.read(failing, 0, 10)).isInstanceOf(IOException.class);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
