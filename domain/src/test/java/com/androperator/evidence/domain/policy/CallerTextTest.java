package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.model.Failure;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Caller text must be well-formed UTF-16: every member of the class of unpaired surrogates is refused. */
class CallerTextTest {
    private static final String EMOJI = "\uD83D\uDE00";

    static Stream<Arguments> unpaired() {
        return Stream.of(
                Arguments.of("a high surrogate alone", "\uD800", 0, '\uD800'),
                Arguments.of("a low surrogate alone", "\uDC00", 0, '\uDC00'),
                Arguments.of("a reversed pair", "\uDE00\uD83D", 0, '\uDE00'),
                Arguments.of("a high surrogate at the end", "Settings\uD83D", 8, '\uD83D'),
                Arguments.of("a low surrogate after a complete pair", EMOJI + "\uDE00", 2, '\uDE00'),
                Arguments.of("a high surrogate before a letter", "x\uDBFFy", 1, '\uDBFF'),
                Arguments.of("two high surrogates", "\uD83D\uD83D\uDE00", 0, '\uD83D'));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unpaired")
    void findsTheFirstUnpairedSurrogate(String name, String text, int index, char unit) {
        assertThat(CallerText.unpairedSurrogate(text)).contains(new CallerText.UnpairedSurrogate(index, unit));
        String shown = CallerText.printable(text);
        assertThat(CallerText.unpairedSurrogate(shown)).isEmpty();
        assertThat(shown).contains(String.format("\\u%04X", (int) unit));
        // What a message quotes encodes to UTF-8 and back unchanged.
        assertThat(new String(shown.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(shown);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "plain", EMOJI, "\uD800\uDC00", "\uDBFF\uDFFF", "Réseau « Wi‑Fi » 📶"})
    void wellFormedTextPassesAndPrintsUnchanged(String text) {
        assertThat(CallerText.unpairedSurrogate(text)).isEmpty();
        assertThat(CallerText.printable(text)).isSameAs(text);
    }

    @Test
    void aRefusalNamesTheFieldTheUnitAndItsIndexAndNeverQuotesIt() {
        Failure failure = CallerText.refusal("--label", "ok\uDC00").orElseThrow();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith("--label holds an unpaired UTF-16 surrogate U+DC00 (a low surrogate")
                .contains("at index 2");
        assertThat(CallerText.unpairedSurrogate(failure.message())).isEmpty();
        assertThat(failure.details().asMap()).containsEntry("option", "--label").containsEntry("index", 2);
        assertThat(CallerText.refusal("--label", null)).isEmpty();
    }

    static Stream<Arguments> contexts() {
        Map<String, Object> deep = new LinkedHashMap<>();
        Map<String, Object> level = deep;
        StringBuilder path = new StringBuilder("$");
        for (int i = 0; i < 40; i++) {
            Map<String, Object> next = new LinkedHashMap<>();
            level.put("k" + i, next);
            path.append(".k").append(i);
            level = next;
        }
        level.put("leaf", "end\uD800");
        return Stream.of(
                Arguments.of("in a string value", Map.of("a", "x\uD800"), "$.a", false),
                Arguments.of("in a key", Map.of("ke\uDC00y", "v"), "$.ke\\uDC00y", true),
                Arguments.of("in a nested key", Map.of("a", Map.of("b\uD83D", 1)), "$.a.b\\uD83D", true),
                Arguments.of("in an array", Map.of("a", List.of("ok", EMOJI, Arrays.asList(null, "\uDE00\uD83D"))),
                        "$.a[2][1]", false),
                Arguments.of("forty levels deep", deep, path + ".leaf", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contexts")
    void findsItAnywhereInAJsonValueTree(String name, Map<String, Object> context, String path, boolean inKey) {
        CallerText.Found found = CallerText.inJson(context, "$").orElseThrow();
        assertThat(found.path()).isEqualTo(path);
        assertThat(found.inKey()).isEqualTo(inKey);
        Failure failure = CallerText.refusal("--context-json", context, "$").orElseThrow();
        assertThat(failure.message()).contains(inKey ? "of the key at " + path : "of the string at " + path);
        assertThat(failure.details().asMap()).containsEntry("path", path).containsEntry("option", "--context-json");
        assertThat(CallerText.unpairedSurrogate(failure.message())).isEmpty();
    }

    @Test
    void aWellFormedContextPasses() {
        assertThat(CallerText.inJson(Map.of("emoji", EMOJI, EMOJI, List.of(1, true, EMOJI)), "$")).isEmpty();
        assertThat(CallerText.inJson(null, "$")).isEqualTo(Optional.empty());
    }

    @Test
    void theOptionContractsRefuseItInEveryTextOption() {
        String label = "x".repeat(2047) + "\uD83D";
        assertThat(label).hasSize(2048);
        Failure atTheLimit = CaptureRequestValidation.label(CliLikeTerms.INSTANCE, label).rejection().orElseThrow();
        assertThat(atTheLimit.message()).startsWith("--label holds an unpaired UTF-16 surrogate U+D83D")
                .contains("at index 2047");
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "x".repeat(2046) + EMOJI).rejection()).isEmpty();
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("a", Map.of("b", "\uDC00")))).rejection().orElseThrow()
                .details().asMap()).containsEntry("option", "--context-json").containsEntry("path", "$.a.b");
        assertThat(CaptureRequestValidation.deviceSerial(CliLikeTerms.INSTANCE, "emulator-\uD800").rejection().orElseThrow().message())
                .startsWith("--device holds an unpaired UTF-16 surrogate U+D800");
        assertThat(CaptureRequestValidation.operatorPackage(CliLikeTerms.INSTANCE, "com.x\uDC00.y").rejection().orElseThrow().message())
                .startsWith("--operator-package holds an unpaired UTF-16 surrogate U+DC00");
        assertThat(CaptureRequestValidation.outputDirectory(CliLikeTerms.INSTANCE, "/tmp/b\uD800").rejection().orElseThrow().message())
                .startsWith("--output-dir holds an unpaired UTF-16 surrogate U+D800");
    }

    @Test
    void anEchoedValueIsCappedAndSaysHowMuchMoreThereWas() {
        String shown = CallerText.printable("x".repeat(3 * 1024 * 1024));
        assertThat(shown).startsWith("x".repeat(CallerText.MAX_ECHOED_CHARS) + "... (")
                .endsWith((3 * 1024 * 1024 - CallerText.MAX_ECHOED_CHARS) + " more characters)");
        assertThat(CallerText.printable("x".repeat(CallerText.MAX_ECHOED_CHARS))).hasSize(CallerText.MAX_ECHOED_CHARS);
    }

    @Test
    void controlBidiAndZeroWidthCharactersAreEscaped() {
        String hostile = "a\nb\u0000c\u0085d\u2028e\u202Ef\u2066g\u200Fh\u200Bi\uFEFFj\u007F";
        assertThat(CallerText.printable(hostile)).isEqualTo(
                "a\\u000Ab\\u0000c\\u0085d\\u2028e\\u202Ef\\u2066g\\u200Fh\\u200Bi\\uFEFFj\\u007F");
        assertThat(CallerText.printable("caf\u00E9 \uD83D\uDE00")).isEqualTo("caf\u00E9 \uD83D\uDE00");
    }
}
