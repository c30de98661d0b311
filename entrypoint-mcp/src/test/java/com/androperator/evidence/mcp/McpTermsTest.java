package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.contracts.ContractJson;
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
        accepted.addAll(EvidenceVideoTools.SESSION_ACCEPTS);
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

    /**
     * evidence_video_status and _stop (their sessionId) and configure (its defaults) describe their input as
     * tools/list listed it, byte for byte, when these schemas and descriptions were written by hand.
     */
    @Test
    void theSessionAndConfigureSchemasReadAsTheyAlwaysHave() {
        String sessionSchema = "{\"type\":\"object\",\"properties\":{\"sessionId\":{\"type\":\"string\",\"description\":"
                + "\"The sessionId that evidence_video_start returned (the name of its bundle directory under this server's "
                + "evidence root).\"}},\"required\":[\"sessionId\"],\"additionalProperties\":false}";
        assertThat(ContractJson.toJson(EvidenceVideoTools.statusTool().inputSchema())).isEqualTo(sessionSchema);
        assertThat(ContractJson.toJson(EvidenceVideoTools.stopTool().inputSchema())).isEqualTo(sessionSchema);
        assertThat(EvidenceVideoTools.statusTool().description()).isEqualTo("Report a managed video session's state by "
                + "its sessionId. isError unless it is starting, recording, finalizing or complete.");
        assertThat(EvidenceVideoTools.stopTool().description()).isEqualTo("Stop a managed video session by its sessionId "
                + "and wait up to 15 s for verified finalization. isError unless complete; a pending stop (COMMAND_TIMEOUT) "
                + "can be polled with evidence_video_status or repeated. Send a progressToken to get progress notifications "
                + "(frames decoded and encoded, time elapsed, an estimate) while it waits.");
        assertThat(ContractJson.toJson(ConfigureTool.tool().inputSchema())).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"deviceId\":{\"type\":[\"string\",\"null\"],\"description\":\"Default adb serial for later calls that "
                + "omit deviceId; null clears it (then the server's ANDROID_SERIAL, else the one attached device).\"},"
                + "\"operatorPackage\":{\"type\":[\"string\",\"null\"],\"description\":\"Default Operator package for later "
                + "calls that omit operatorPackage, e.g. com.androperator.operator.dev; null clears it (then the server's "
                + "ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator).\"},\"timeoutMs\":{\"type\":[\"integer\","
                + "\"null\"],\"description\":\"Default device-work budget in milliseconds for evidence_capture calls that "
                + "omit timeoutMs, 1000..120000; null clears it (then 30000).\"}},\"required\":[],\"additionalProperties\":false}");
        assertThat(ConfigureTool.tool().description()).isEqualTo("Set this session's defaults for deviceId, operatorPackage "
                + "and timeoutMs: later calls that omit a field use them; a call's own value always wins. A field sent as "
                + "null clears its default; a field left out keeps it. Values are validated as for evidence_capture, and an "
                + "invalid one changes nothing. Returns the defaults and what an omitted field resolves to.");
    }
}
