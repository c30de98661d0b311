package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.CommandResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The core words refusals in the spec's CLI vocabulary ({@code --timeout}, {@code --device}); an
 * MCP client sent {@code timeoutMs} and {@code deviceId}. Every result's message and hint are told
 * back in the words the client used, so that "what to fix" names a field it can actually change.
 * Text between backticks is a command for a person to run in a shell ({@code `androperator doctor
 * --device X`}) and stays as it is.
 */
final class McpVocabulary {
    /** Longest option first, so that no option is rewritten inside a longer one. */
    private static final Map<String, String> CLI_TO_MCP = orderedMapping();

    private McpVocabulary() {
    }

    /** The same result in MCP field names; the very same instance when nothing needed rewording. */
    static CommandResult translate(CommandResult result) {
        String message = inMcpWords(result.message());
        String hint = inMcpWords(result.hint());
        Map<String, Object> details = result.details();
        if (details != null && details.get("option") instanceof String option && CLI_TO_MCP.containsKey(option)) {
            details = new LinkedHashMap<>(details);
            details.put("option", CLI_TO_MCP.get(option));
        }
        if (java.util.Objects.equals(message, result.message()) && java.util.Objects.equals(hint, result.hint())
                && details == result.details()) {
            return result;
        }
        return new CommandResult(result.ok(), result.status(), result.manifestPath(), result.evidenceId(),
                result.sessionId(), result.code(), message, details, hint);
    }

    /** {@code text} with each CLI option outside backtick spans replaced by its MCP field. */
    static String inMcpWords(String text) {
        if (text == null || !text.contains("--")) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        String[] spans = text.split("`", -1);
        for (int i = 0; i < spans.length; i++) {
            if (i > 0) {
                out.append('`');
            }
            String span = spans[i];
            // Even spans are prose, odd spans are quoted commands (an unclosed backtick quotes the rest).
            if (i % 2 == 0) {
                for (Map.Entry<String, String> entry : CLI_TO_MCP.entrySet()) {
                    span = span.replace(entry.getKey(), entry.getValue());
                }
            }
            out.append(span);
        }
        return out.toString();
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
