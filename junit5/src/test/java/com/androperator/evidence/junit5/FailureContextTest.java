package com.androperator.evidence.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.junit5.Fixtures.Scenario;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The context stays within the capture contract's 16 KiB whatever the failure's message is: the
 * message is cut at whole code points and the context says so; text that is not text (lone
 * surrogates) is replaced, not refused. Seeded, so every run checks the same strings.
 */
class FailureContextTest extends LabTest {
    private static final long CONTEXT_LIMIT = 16 * 1024;
    /** ASCII, controls, JSON's escapes, Latin, CJK, an emoji (a surrogate pair) and lone surrogates. */
    private static final String ALPHABET = "aZ09 \u0000\u0001\n\t\u001f\"\\/\u007f\u00e9\u00a0\u4e2d\u2028\uD83D\uDE00\uD800\uDC00";
    static String random(long seed, int length) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }

    static Stream<Long> seeds() {
        return IntStream.range(0, 40).mapToObj(i -> 1_000L + i);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theJsonCostIsAnUpperBoundOfWhatJacksonWritesAndPrefixesKeepWholeCodePoints(long seed) {
        String text = FailureContext.wellFormed(random(seed, 1 + (int) (seed % 50) * 97));

        int written = ContractJson.toBytes(text).length - 2;
        assertThat(FailureContext.jsonBytes(text)).isGreaterThanOrEqualTo(written);
        String prefix = FailureContext.prefix(text, (int) (seed % 700));
        assertThat(text).startsWith(prefix);
        assertThat(FailureContext.jsonBytes(prefix)).isLessThanOrEqualTo((int) (seed % 700));
        assertThat(prefix.isEmpty() || !Character.isHighSurrogate(prefix.charAt(prefix.length() - 1))).isTrue();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void wellFormedTextHasNoLoneSurrogateAndChangesNothingElse(long seed) {
        String text = random(seed, 200);

        String wellFormed = FailureContext.wellFormed(text);

        assertThat(wellFormed).hasSameSizeAs(text);
        assertThat(new String(wellFormed.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(wellFormed);
        for (int i = 0; i < text.length(); i++) {
            if (wellFormed.charAt(i) != text.charAt(i)) {
                assertThat(wellFormed.charAt(i)).isEqualTo('\uFFFD');
                assertThat(Character.isSurrogate(text.charAt(i))).isTrue();
            }
        }
    }

    static Stream<Arguments> labels() {
        return Stream.of(
                Arguments.of("CheckoutTest#pays", "CheckoutTest#pays failed"),
                Arguments.of("x".repeat(2041), "x".repeat(2041) + " failed"),
                Arguments.of("x".repeat(2042), "x".repeat(2040) + "… failed"),
                Arguments.of("x".repeat(2039) + "\uD83D\uDE00x", "x".repeat(2039) + "… failed"));
    }

    @ParameterizedTest
    @MethodSource("labels")
    void theLabelStaysWithinTheLabelLimitAndNeverSplitsACodePoint(String subject, String label) {
        assertThat(FailureContext.label(subject)).isEqualTo(label).hasSizeLessThanOrEqualTo(2048);
    }

    static Stream<Arguments> messages() {
        return Stream.of(
                Arguments.of("100 KB of ASCII", "a".repeat(100_000), true),
                Arguments.of("100 KB of control characters", "\u0001".repeat(100_000), true),
                Arguments.of("100 KB of seeded mixed text", random(7, 100_000), true),
                Arguments.of("CJK and emoji", "\u4e2d\uD83D\uDE00".repeat(20_000), true),
                Arguments.of("exactly 8 KiB as JSON", "b".repeat(FailureContext.MESSAGE_JSON_BYTES), false),
                Arguments.of("one byte over 8 KiB", "b".repeat(FailureContext.MESSAGE_JSON_BYTES + 1), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void aHugeMessageIsCutAndTheBundleIsStillComplete(String name, String message, boolean truncated) {
        Scenario.message = message;

        FixtureRun run = fixture(Fixtures.Outcomes.class, "failsWithMessage")
                .run();

        assertThat(run.failure("failsWithMessage")).hasMessage(message);
        Manifest manifest = Bundles.conformingManifest(run.evidence("failsWithMessage"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat((long) ContractJson.toBytes(manifest.context().asMap()).length).isLessThanOrEqualTo(CONTEXT_LIMIT);
        String kept = (String) manifest.context().asMap().get("failureMessage");
        assertThat(FailureContext.wellFormed(message)).startsWith(kept);
        assertThat(kept.length() < message.length()).isEqualTo(truncated);
        assertThat(manifest.context().asMap()).containsEntry("failureMessageTruncated", truncated);
    }

    @Test
    void loneSurrogatesInTheMessageBecomeReplacementCharacters() {
        Scenario.message = "price \uD800 is wrong \uDC00";

        FixtureRun run = fixture(Fixtures.Outcomes.class, "failsWithMessage")
                .run();

        Manifest manifest = Bundles.conformingManifest(run.evidence("failsWithMessage"));
        assertThat(manifest.context().asMap()).containsEntry("failureMessage", "price \uFFFD is wrong \uFFFD")
                .containsEntry("failureMessageTruncated", false);
    }

    @Test
    void anExceptionWithoutAMessageRecordsNull() {

        FixtureRun run = fixture(Fixtures.Outcomes.class, "throwsWithoutMessage")
                .run();

        Manifest manifest = Bundles.conformingManifest(run.evidence("throwsWithoutMessage"));
        assertThat(manifest.context().asMap()).containsEntry("failureMessage", null)
                .containsEntry("failureMessageTruncated", false)
                .containsEntry("failureType", IllegalStateException.class.getName());
        assertThat(run.failure("throwsWithoutMessage")).isExactlyInstanceOf(IllegalStateException.class).hasMessage(null);
    }
}
