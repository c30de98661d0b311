package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The first line an MCP client sends, and what the server's answer must hold. */
final class McpInitialize {
    static final String REQUEST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"release-test\","
            + "\"version\":\"1\"}}}";

    private McpInitialize() {
    }

    @SuppressWarnings("unchecked")
    static void assertAnswered(String stdout) {
        String[] lines = stdout.split("\n");
        assertThat(lines).as("one answer line on stdout: " + stdout).hasSize(1);
        Map<String, Object> answer = ContractJson.read(lines[0].getBytes(StandardCharsets.UTF_8), Map.class);
        assertThat(answer).containsEntry("jsonrpc", "2.0").containsKey("result");
        assertThat(((Number) answer.get("id")).intValue()).isEqualTo(1);
        Map<String, Object> result = (Map<String, Object>) answer.get("result");
        assertThat(result).containsKeys("protocolVersion", "capabilities", "serverInfo");
        assertThat((Map<String, Object>) result.get("capabilities")).containsKey("tools");
    }
}
