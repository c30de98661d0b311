package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.ContractJson;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CompactJsonTest {

    static Stream<Arguments> knownSizes() {
        return Stream.of(
                // value, expected text, expected UTF-8 bytes
                Arguments.of(Map.of(), "{}", 2),
                Arguments.of(Map.of("a", "b"), "{\"a\":\"b\"}", 9),
                Arguments.of(Map.of("q", "\"\\"), "{\"q\":\"\\\"\\\\\"}", 12),
                Arguments.of(Map.of("c", "\n\t\b\f\r"), "{\"c\":\"\\n\\t\\b\\f\\r\"}", 18),
                Arguments.of(Map.of("c", "\u0001\u001f"), "{\"c\":\"\\u0001\\u001F\"}", 20),
                Arguments.of(Map.of("del", "\u007f/"), "{\"del\":\"\u007f/\"}", 12),
                // é is 2 bytes, € 3 bytes, 😀 4 bytes as one surrogate pair.
                Arguments.of(Map.of("u", "é€😀"), "{\"u\":\"é€😀\"}", 17),
                // An unpaired surrogate is escaped as six ASCII characters.
                Arguments.of(Map.of("s", "x\uD83Dy"), "{\"s\":\"x\\uD83Dy\"}", 16),
                Arguments.of(Map.of("k\u00e9", 1), "{\"k\u00e9\":1}", 9),
                Arguments.of(Map.of("n", new BigDecimal("1E+3")), "{\"n\":1E+3}", 10),
                Arguments.of(Map.of("n", new BigDecimal("0.10")), "{\"n\":0.10}", 10),
                Arguments.of(Map.of("n", 1.0E10), "{\"n\":1.0E10}", 12),
                Arguments.of(Map.of("n", new BigInteger("123456789012345678901234567890")),
                        "{\"n\":123456789012345678901234567890}", 36),
                Arguments.of(listMap("l", Arrays.asList(1, true, null, "x", List.of(), Map.of())),
                        "{\"l\":[1,true,null,\"x\",[],{}]}", 29));
    }

    @ParameterizedTest
    @MethodSource("knownSizes")
    void writesJacksonsCompactFormAndMeasuresItsUtf8Bytes(Map<String, Object> value, String text, long bytes) {
        assertThat(CompactJson.write(value)).isEqualTo(text);
        assertThat(CompactJson.utf8Length(value)).isEqualTo(bytes);
    }

    @Test
    void keepsInsertionOrder() {
        Map<String, Object> ordered = new LinkedHashMap<>();
        ordered.put("z", 1);
        ordered.put("a", 2);
        assertThat(CompactJson.write(ordered)).isEqualTo("{\"z\":1,\"a\":2}");
    }

    @Test
    void refusesValuesThatAreNotJson() {
        assertThatThrownBy(() -> CompactJson.write(Map.of("x", new Object()))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CompactJson.write(Map.of(1, "x"))).isInstanceOf(IllegalArgumentException.class);
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    /** The domain's measure must equal what the edge's Jackson writes, byte for byte. */
    @ParameterizedTest
    @MethodSource("seeds")
    void matchesTheContractMapperOnRandomTrees(long seed) {
        Random random = new Random(seed);
        Map<String, Object> tree = randomObject(random, 0);
        byte[] jackson = ContractJson.toBytes(tree);
        assertThat(CompactJson.write(tree).getBytes(StandardCharsets.UTF_8)).isEqualTo(jackson);
        assertThat(CompactJson.utf8Length(tree)).isEqualTo(jackson.length);
    }

    private static Map<String, Object> randomObject(Random random, int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        int size = random.nextInt(depth == 0 ? 6 : 4);
        for (int i = 0; i < size; i++) {
            object.put(randomString(random), randomValue(random, depth + 1));
        }
        return object;
    }

    private static Object randomValue(Random random, int depth) {
        int kind = random.nextInt(depth > 3 ? 7 : 9);
        return switch (kind) {
            case 0 -> null;
            case 1 -> random.nextBoolean();
            case 2 -> random.nextInt();
            case 3 -> random.nextLong();
            case 4 -> BigDecimal.valueOf(random.nextLong(), random.nextInt(20) - 10);
            case 5 -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
            case 6 -> randomString(random);
            case 7 -> {
                List<Object> array = new ArrayList<>();
                int size = random.nextInt(4);
                for (int i = 0; i < size; i++) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
            default -> randomObject(random, depth);
        };
    }

    private static final String ALPHABET = "aZ09 _-/\"\\\n\t\b\f\r\u0000\u0001\u001f\u007f\u00e9\u20ac\u2028\uffff";
    private static final String[] ASTRAL = {"😀", "𝄞", "\uD800\uDC00"};

    private static String randomString(Random random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(12);
        for (int i = 0; i < length; i++) {
            if (random.nextInt(8) == 0) {
                text.append(ASTRAL[random.nextInt(ASTRAL.length)]);
            } else {
                text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return text.toString();
    }

    private static Map<String, Object> listMap(String key, Object value) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(key, value);
        return map;
    }
}
