package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server as a process, through the SDK's client over stdio: every request field the domain
 * refuses is named as the tool's input schema spells the argument ({@code deviceId},
 * {@code durationSeconds}, ...), in the message and as {@code details.option}, and no refusal
 * spells a command-line option. Each call is refused before any device is asked or any bundle made.
 */
class McpRequestFieldsTest {
    private static final String DEVICE = "emulator-5554";
    private static final String OPERATOR = "com.androperator.operator.dev";

    @TempDir
    Path temp;

    private record Case(String tool, Map<String, Object> arguments, String option, String start) {
    }

    @Test
    void eachRefusedFieldIsNamedAsTheToolSchemaSpellsIt() throws IOException {
        Path root = Files.createDirectories(temp.resolve("root"));
        List<Case> cases = List.of(
                capture(Map.of("deviceId", "bad serial"), "deviceId", "deviceId may contain only letters"),
                capture(Map.of("operatorPackage", "nope"), "operatorPackage", "operatorPackage must be a package identifier"),
                capture(Map.of("label", "x".repeat(2049)), "label", "label is 2049 UTF-16 code units long"),
                capture(Map.of("context", List.of(1)), "context", "context must be a JSON object, not an array"),
                capture(Map.of("context", Map.of("big", "x".repeat(17_000))), "context",
                        "context is 17010 bytes as compact UTF-8 JSON"),
                capture(Map.of("timeoutMs", 5), "timeoutMs", "timeoutMs must be an integer from 1000"),
                video(Map.of("durationSeconds", 0), "durationSeconds", "durationSeconds must be an integer from 1"),
                video(Map.of("durationSeconds", 5, "size", "wide"), "size", "size must look like WIDTHxHEIGHT"),
                video(Map.of("durationSeconds", 5, "operatorPackage", ""), "operatorPackage", "operatorPackage is empty"),
                new Case(EvidenceVideoTools.START, Map.of("durationSeconds", 5), "deviceId",
                        "Video start requires an explicit deviceId"));
        try (McpServerProcess server = McpServerProcess.start(Map.of("PATH", "/usr/bin:/bin", "HOME", temp.toString(),
                "ANDROPERATOR_EVIDENCE_DIR", root.toString()), temp)) {
            for (Case given : cases) {
                CallToolResult call = server.client().callTool(CallToolRequest.builder(given.tool())
                        .arguments(given.arguments()).build());
                String text = ((TextContent) call.content().get(0)).text();
                assertThat(call.isError()).as(text).isTrue();
                CommandResult result = ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
                assertThat(result.code()).as(text).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
                assertThat(result.message()).as(given.option()).startsWith(given.start()).doesNotContain("--");
                assertThat(result.details().asMap()).as(text).containsEntry("option", given.option());
            }
        }
        assertThat(root.resolve("bundles")).doesNotExist();
    }

    private static Case capture(Map<String, Object> arguments, String option, String start) {
        Map<String, Object> all = new LinkedHashMap<>(Map.of("deviceId", DEVICE, "operatorPackage", OPERATOR));
        all.putAll(arguments);
        return new Case(EvidenceCaptureTool.NAME, all, option, start);
    }

    private static Case video(Map<String, Object> arguments, String option, String start) {
        Map<String, Object> all = new LinkedHashMap<>(Map.of("deviceId", DEVICE));
        all.putAll(arguments);
        return new Case(EvidenceVideoTools.START, all, option, start);
    }
}
