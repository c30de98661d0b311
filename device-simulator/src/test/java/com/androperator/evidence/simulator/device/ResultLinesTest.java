package com.androperator.evidence.simulator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.simulator.testing.OperatorResults;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ResultLinesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shortResultIsOneLine() {
        String envelope = "{\"commandId\":\"c1\",\"status\":\"success\"}";

        assertThat(ResultLines.messages("c1", "t1", envelope, false, false))
                .containsExactly("[Androperator-Result] " + envelope);
    }

    @Test
    void resultLineOverThreeThousandBytesIsChunkedByBytes() {
        String envelope = envelope("c2", "é".repeat(2_000));
        byte[] line = ("[Androperator-Result] " + envelope).getBytes(StandardCharsets.UTF_8);

        List<String> messages = ResultLines.messages("c2", "t2", envelope, false, false);

        assertThat(messages).hasSize((line.length + 1023) / 1024).allSatisfy(message ->
                assertThat(message).startsWith("[Androperator-Result-Chunk] {\"commandId\":\"c2\","
                        + "\"taskId\":\"t2\",\"index\":"));
        JsonNode first = JSON.readTree(messages.get(0).substring("[Androperator-Result-Chunk] ".length()));
        assertThat(first.get("count").intValue()).isEqualTo(messages.size());
        assertThat(first.get("byteLength").intValue()).isEqualTo(line.length);
        assertThat(first.get("sha256").stringValue())
                .isEqualTo(HexFormat.of().formatHex(ResultLines.sha256(line)));
        assertThat(Base64.getDecoder().decode(first.get("data").stringValue())).hasSize(1024);
        assertThat(reassemble("c2", messages).path("commandId").stringValue()).isEqualTo("c2");
    }

    @Test
    void exactlyThreeThousandBytesStaysOneLine() {
        String prefix = "[Androperator-Result] ";
        String envelope = "{\"commandId\":\"c3\",\"pad\":\"" + "x".repeat(
                3_000 - prefix.length() - "{\"commandId\":\"c3\",\"pad\":\"\"}".length()) + "\"}";

        assertThat((prefix + envelope).getBytes(StandardCharsets.UTF_8)).hasSize(3_000);
        assertThat(ResultLines.messages("c3", null, envelope, false, false)).hasSize(1);
        assertThat(ResultLines.messages("c3", null, envelope + " ", false, false)).hasSize(3);
    }

    @Test
    void forcedChunksReassembleAndACorruptChunkFailsTheHash() {
        String envelope = envelope("c4", "small");

        assertThat(reassemble("c4", ResultLines.messages("c4", null, envelope, true, false))
                .path("commandId").stringValue()).isEqualTo("c4");
        List<String> corrupt = ResultLines.messages("c4", null, envelope, false, true);
        assertThat(corrupt).hasSize(1);
        assertThatThrownBy(() -> reassemble("c4", corrupt))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sha256 mismatch");
    }

    private static String envelope(String commandId, String text) {
        return "{\"commandId\":\"" + commandId + "\",\"taskId\":null,\"status\":\"success\","
                + "\"stepResults\":[{\"id\":\"snap\",\"actionType\":\"snapshot_ui\",\"success\":true,"
                + "\"data\":{\"text\":\"" + text + "\"}}],\"error\":null,\"errorCode\":null}";
    }

    private static JsonNode reassemble(String commandId, List<String> messages) {
        OperatorResults results = new OperatorResults(commandId);
        Optional<JsonNode> envelope = Optional.empty();
        for (String message : messages) {
            envelope = results.accept("01-02 03:04:05.678 I/AndroperatorOperator( 1234): " + message);
        }
        return envelope.orElseThrow();
    }
}
