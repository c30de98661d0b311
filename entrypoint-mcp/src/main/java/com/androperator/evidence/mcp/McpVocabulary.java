package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The core validates requests in the spec's CLI vocabulary ({@code --timeout}, {@code --label}); an
 * MCP client sent {@code timeoutMs} and {@code label}. Refusals are told back in the words the
 * client used, so that "what to fix" names a field it can actually change.
 */
final class McpVocabulary {
    /** Longest option first, so that no option is rewritten inside a longer one. */
    private static final Map<String, String> CLI_TO_MCP = orderedMapping();

    private McpVocabulary() {
    }

    static CommandResult translate(CommandResult result) {
        if (!ErrorCodes.EXECUTION_VALIDATION_FAILED.equals(result.code()) || result.message() == null) {
            return result;
        }
        String message = result.message();
        for (Map.Entry<String, String> entry : CLI_TO_MCP.entrySet()) {
            message = message.replace(entry.getKey(), entry.getValue());
        }
        Map<String, Object> details = result.details();
        if (details != null && details.get("option") instanceof String option && CLI_TO_MCP.containsKey(option)) {
            details = new LinkedHashMap<>(details);
            details.put("option", CLI_TO_MCP.get(option));
        }
        return new CommandResult(result.ok(), result.status(), result.manifestPath(), result.evidenceId(),
                result.sessionId(), result.code(), message, details, result.hint());
    }

    private static Map<String, String> orderedMapping() {
        Map<String, String> mapping = new LinkedHashMap<>();
        mapping.put("--operator-package", "operatorPackage");
        mapping.put("--duration-seconds", "durationSeconds");
        mapping.put("--context-json", "context");
        mapping.put("--timeout", "timeoutMs");
        mapping.put("--device", "deviceId");
        mapping.put("--label", "label");
        mapping.put("--size", "size");
        return mapping;
    }
}
