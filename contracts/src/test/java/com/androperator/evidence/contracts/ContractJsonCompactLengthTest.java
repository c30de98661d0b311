package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ContractJson#compactUtf8Length}, the measure of a caller's 16 KiB context limit, counts
 * exactly the bytes {@link ContractJson#toBytes} writes (the manifest's writer), escapes and
 * multi-byte characters included.
 */
class ContractJsonCompactLengthTest {

    static Stream<Arguments> knownSizes() {
        Map<String, Object> list = new LinkedHashMap<>();
        list.put("l", Arrays.asList(1, true, null, "x", List.of(), Map.of()));
        return Stream.of(
                Arguments.of(Map.of(), 2),
                Arguments.of(Map.of("a", "b"), 9),
                Arguments.of(Map.of("q", "\"\\"), 12),
                Arguments.of(Map.of("c", "\n\t\b\f\r"), 18),
                Arguments.of(Map.of("c", "\u0001\u001f"), 20),
                // é is 2 bytes, € 3 bytes, 😀 4 bytes as one surrogate pair.
                Arguments.of(Map.of("u", "é€😀"), 17),
                Arguments.of(Map.of("n", new BigDecimal("0.10")), 10),
                Arguments.of(Map.of("n", new BigInteger("123456789012345678901234567890")), 36),
                Arguments.of(list, 29));
    }

    @ParameterizedTest
    @MethodSource("knownSizes")
    void countsTheCompactUtf8Bytes(Map<String, Object> value, long bytes) {
        assertThat(ContractJson.compactUtf8Length(value)).isEqualTo(bytes).isEqualTo(ContractJson.toBytes(value).length);
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void equalsWhatTheWriterWritesOnRandomTrees(long seed) {
        Map<String, Object> tree = randomObject(new Random(seed), 0);
        assertThat(ContractJson.compactUtf8Length(tree)).isEqualTo(ContractJson.toBytes(tree).length);
    }

    private static Map<String, Object> randomObject(Random random, int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        int members = random.nextInt(5);
        for (int i = 0; i < members; i++) {
            object.put(randomText(random), randomValue(random, depth + 1));
        }
        return object;
    }

    private static Object randomValue(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 5 : 7);
        return switch (kind) {
            case 0 -> null;
            case 1 -> random.nextBoolean();
            case 2 -> random.nextInt();
            case 3 -> new BigDecimal(random.nextInt(100_000)).movePointLeft(random.nextInt(4));
            case 4 -> randomText(random);
            case 5 -> Arrays.asList(randomValue(random, depth + 1), randomValue(random, depth + 1));
            default -> randomObject(random, depth);
        };
    }

    private static String randomText(Random random) {
        String alphabet = "az\"\\\n\u0001é€\uD83D\uDE00/";
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(6);
        for (int i = 0; i < length; i++) {
            int at = random.nextInt(alphabet.length() - 1);
            char unit = alphabet.charAt(at);
            if (Character.isHighSurrogate(unit)) {
                text.append(unit).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(unit)) {
                text.append(unit);
            }
        }
        return text.toString();
    }
}
