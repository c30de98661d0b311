package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every request field a tool takes is named exactly as a tool's input schema accepts it. */
class McpTermsTest {
    @Test
    void eachFieldIsAnArgumentAToolAccepts() {
        Set<String> accepted = new HashSet<>(EvidenceCaptureTool.ACCEPTED);
        accepted.addAll(EvidenceVideoTools.START_ACCEPTS);
        Set<String> named = new HashSet<>();
        for (RequestField field : RequestField.values()) {
            String name = McpTerms.INSTANCE.field(field);
            named.add(name);
            if (field != RequestField.OUTPUT_DIR) {
                assertThat(accepted).as("%s", field).contains(name);
            }
        }
        assertThat(named).as("one name per field").hasSize(RequestField.values().length);
        assertThat(accepted).as("no tool argument is left unnamed").isSubsetOf(named);
    }

    /** evidence_capture's input schema is the request-field table's: one property per still field, as the row says. */
    @Test
    void theCaptureToolsSchemaIsTheTablesFragments() {
        Map<String, Object> schema = EvidenceCaptureTool.tool().inputSchema();
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) schema.get("properties");
        assertThat(properties.keySet()).containsExactlyElementsOf(EvidenceCaptureTool.ACCEPTED);
        for (RequestField field : RequestSpellings.stillByMcpRank()) {
            RequestSpellings.McpSpelling mcp = RequestSpellings.mcp(field).orElseThrow();
            Map<String, Object> property = properties.get(mcp.name());
            assertThat(property).as("%s", field).containsEntry("type", mcp.type())
                    .containsEntry("description", mcp.description(mcp.whenOmitted()));
            mcp.keywords().forEach(keyword -> assertThat(property).as("%s", field).containsKey(keyword.name()));
        }
    }
}
