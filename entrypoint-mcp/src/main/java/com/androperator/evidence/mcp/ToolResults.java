package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Map;

/**
 * A command result as an MCP tool result: the JSON as text, the same object as structured content.
 * Its message and hint are already in the tools' words: the use cases were built with
 * {@link McpTerms}.
 */
final class ToolResults {
    private ToolResults() {
    }

    /** {@code succeeded} false (partial, failed, refused, pending) sets isError; the result keeps any manifestPath. */
    static CallToolResult of(CommandResult result, boolean succeeded) {
        @SuppressWarnings("unchecked")
        Map<String, Object> structured = ContractJson.mapper().convertValue(result, Map.class);
        return CallToolResult.builder()
                .addTextContent(ContractJson.toJson(result))
                .structuredContent(structured)
                .isError(!succeeded)
                .build();
    }
}
