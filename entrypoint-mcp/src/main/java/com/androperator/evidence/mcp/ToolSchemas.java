package com.androperator.evidence.mcp;

import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Pieces of the tools' input schemas: closed objects, so clients see that nothing else is accepted. */
final class ToolSchemas {
    static final String CONTEXT_DESCRIPTION = "Optional JSON object copied into the manifest unchanged (at most "
            + "16 KiB), e.g. {\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}. Pass the object, "
            + "not a JSON string.";

    private ToolSchemas() {
    }

    /** One property: its type, its description, then keyword/value pairs such as "minimum", 1000. */
    static Map<String, Object> property(String type, String description, Object... keywords) {
        Map<String, Object> property = new LinkedHashMap<>();
        property.put("type", type);
        property.put("description", description);
        for (int i = 0; i < keywords.length; i += 2) {
            property.put((String) keywords[i], keywords[i + 1]);
        }
        return property;
    }

    /** A property that also takes JSON null (the configure tool's "clear this default"). */
    static Map<String, Object> nullable(String type, String description) {
        Map<String, Object> property = property(type, description);
        property.put("type", List.of(type, "null"));
        return property;
    }

    static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    static ToolAnnotations annotations(String title, boolean readOnly) {
        return ToolAnnotations.builder().title(title).readOnlyHint(readOnly).destructiveHint(false)
                .idempotentHint(readOnly).openWorldHint(true).build();
    }
}
