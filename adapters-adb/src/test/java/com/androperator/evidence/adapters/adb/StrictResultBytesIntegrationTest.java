package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.MalformedUtf8;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Device bytes are never rewritten: an Operator result whose bytes are not UTF-8, unchunked or in
 * chunks, and results over the limits, all through the real adb server from the simulated phone
 * (whose Operator sends its hierarchy file's bytes verbatim), are malformed and never answered.
 */
@Timeout(60)
class StrictResultBytesIntegrationTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final String EVIDENCE = "6b1d8e2f-0c4a-4f39-8e11-7a5c3d9b2e60";
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static OperatorOutcome snapshot(UnaryOperator<SimulatorProfile.Builder> change) {
        DeviceSimulator phone = adb.attach(change.apply(SimulatorProfile.builder()).build());
        OperatorCommand command = new OperatorCommand(phone.serial(), OPERATOR, EVIDENCE + "-hierarchy", EVIDENCE,
                "androperator-evidence", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));
        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(command, millis(20_000));
        assertThat(phone.receivedServices().stream().filter(s -> s.contains("am broadcast")).count()).isEqualTo(1);
        return outcome;
    }

    /** The phone's Operator sends {@code hierarchy}'s bytes as they are, chunked as the encoding says. */
    private static UnaryOperator<SimulatorProfile.Builder> sending(byte[] hierarchy,
                                                                   UnaryOperator<ResultEncoding> encoding) {
        return b -> b.operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", hierarchy))
                .withEncoding(e -> encoding.apply(e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM))));
    }

    private static NotAnswered malformed(OperatorOutcome outcome) {
        assertThat(outcome).isInstanceOf(NotAnswered.class);
        NotAnswered notAnswered = (NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).as(notAnswered.failure().message())
                .isEqualTo(ErrorCodes.RESULT_ENVELOPE_MALFORMED);
        assertThat(notAnswered.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(notAnswered.dispatched()).isTrue();
        assertThat(notAnswered.failure().details().asMap()).containsKey("reason");
        return notAnswered;
    }

    /** Each class, with the words its refusal names it by. */
    private static final Map<String, String> KINDS = Map.of(
            "lone continuation byte", "a continuation byte 0x80",
            "overlong encoding", "an overlong encoding",
            "truncated three-byte sequence", "cut short",
            "0xFF", "the byte 0xFF",
            "encoded surrogate", "an encoded UTF-16 surrogate");

    static Stream<Arguments> invalidUtf8() {
        return MalformedUtf8.CLASSES.stream().flatMap(member -> Stream.of(
                Arguments.of(member + ", unchunked", member.bytes(), KINDS.get(member.name()), 100,
                        ResultEncoding.Chunking.AUTO),
                Arguments.of(member + ", in chunks", member.bytes(), KINDS.get(member.name()), 50_000,
                        ResultEncoding.Chunking.AUTO),
                Arguments.of(member + ", a short line forced into chunks", member.bytes(), KINDS.get(member.name()),
                        4_000, ResultEncoding.Chunking.ALWAYS)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void aResultThatIsNotUtf8IsMalformedWithTheKindOfSequence(String name, byte[] bad, String kind, int padding,
                                                             ResultEncoding.Chunking chunking) {
        NotAnswered outcome = malformed(snapshot(sending(MalformedUtf8.hierarchyWith(bad, padding), e -> e.withChunking(chunking))));

        assertThat(outcome.failure().message()).contains("not valid UTF-8").contains(kind).contains("at byte");
    }

    /** The verbatim path itself rewrites nothing: valid bytes arrive as they were, in one line or in chunks. */
    @ParameterizedTest(name = "padding {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {10, 50_000})
    void validBytesSentVerbatimArriveByteForByte(int padding) {
        byte[] xml = MalformedUtf8.hierarchyWith("Réglages · 設定 😀 \\ \" \t".getBytes(StandardCharsets.UTF_8), padding);

        OperatorOutcome outcome = snapshot(sending(xml, e -> e));

        assertThat(outcome).isInstanceOf(Answered.class);
        String text = ((Answered) outcome).envelope().stepResults().get(0).text().readString();
        assertThat(text.getBytes(StandardCharsets.UTF_8)).isEqualTo(xml);
        ((Answered) outcome).release();
    }

    @Test
    void chunksThatClaimMoreThanTheResultCapAreMalformed() {
        NotAnswered outcome = malformed(snapshot(sending(MalformedUtf8.hierarchyWith(new byte[0], 5_000),
                e -> e.withClaimedByteLength(ParserLimits.MAX_RESULT_BYTES + 1))));

        assertThat(outcome.failure().message()).contains("out of range")
                .contains("byteLength " + (ParserLimits.MAX_RESULT_BYTES + 1));
    }

    @Test
    void chunksThatClaimLessThanTheyCarryAreMalformed() {
        NotAnswered outcome = malformed(snapshot(sending(MalformedUtf8.hierarchyWith(new byte[0], 5_000),
                e -> e.withClaimedByteLength(4_000L))));

        assertThat(outcome.failure().message()).contains("more than byteLength 4000");
    }

    @Test
    void anUnchunkedResultLongerThanTheLineLimitIsRefusedNotCut() {
        NotAnswered outcome = malformed(snapshot(sending(MalformedUtf8.hierarchyWith(new byte[0], ParserLimits.MAX_LOGCAT_LINE_BYTES),
                e -> e.withChunking(ResultEncoding.Chunking.NEVER))));

        assertThat(outcome.failure().message()).contains("longer than the " + ParserLimits.MAX_LOGCAT_LINE_BYTES
                + "-byte line limit").contains("refused, not cut");
    }
}
