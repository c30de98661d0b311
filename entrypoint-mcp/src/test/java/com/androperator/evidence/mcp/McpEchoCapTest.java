package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused sessionId is quoted back capped and escaped, through the server process (issue 27,
 * item 5): a 3 MiB one answers in under 4 KB, one with U+202E and a newline shows them as escapes.
 */
class McpEchoCapTest {
    private static final int THREE_MIB = 3 * 1024 * 1024;

    @TempDir
    Path root;

    private RawMcpClient server;

    @BeforeEach
    void start() {
        server = RawMcpClient.start(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(),
                "ANDROPERATOR_EVIDENCE_DIR", root.toString()), root);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aThreeMibSessionIdAnswersInUnderFourKilobytes() {
        Map<String, Object> response = status("\"" + "a".repeat(THREE_MIB) + "\"");
        assertThat(ContractJson.toBytes(response).length).isLessThan(4096);
        String message = String.valueOf(RawMcpClient.structured(response).get("message"));
        assertThat(message).contains("a".repeat(CallerText.MAX_ECHOED_CHARS) + "... (")
                .doesNotContain("a".repeat(CallerText.MAX_ECHOED_CHARS + 1));
    }

    @Test
    void bidirectionalAndControlCharactersComeBackEscaped() {
        Map<String, Object> response = status("\"abc\\u202Edef\\nghi\\u200B\"");
        Map<String, Object> structured = RawMcpClient.structured(response);
        assertThat(structured.get("code")).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        String message = String.valueOf(structured.get("message"));
        assertThat(message).contains("abc\\u202Edef\\u000Aghi\\u200B")
                .doesNotContain("\u202E").doesNotContain("\n").doesNotContain("\u200B");
    }

    private Map<String, Object> status(String sessionIdJson) {
        return server.response(server.call(EvidenceVideoTools.STATUS, "{\"sessionId\":" + sessionIdJson + "}"));
    }
}
