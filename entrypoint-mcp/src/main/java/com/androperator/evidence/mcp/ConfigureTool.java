package com.androperator.evidence.mcp;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code configure}: sets the session's defaults (deviceId, operatorPackage, timeoutMs) that later
 * calls use when they leave a field out. A field given as a value sets that default, one given as
 * null clears it, one left out keeps it. Each value is validated exactly as a capture argument; a
 * call with any invalid value changes nothing. The result shows the defaults now set and what an
 * omitted field resolves to (with the server's ANDROID_SERIAL and ANDROPERATOR_OPERATOR_PACKAGE).
 */
final class ConfigureTool {
    static final String NAME = "configure";
    /** The session defaults it sets, named as every tool names them (the request-field table's properties). */
    private static final String DEVICE = McpTerms.INSTANCE.field(RequestField.DEVICE);
    private static final String OPERATOR_PACKAGE = McpTerms.INSTANCE.field(RequestField.OPERATOR_PACKAGE);
    private static final String TIMEOUT = McpTerms.INSTANCE.field(RequestField.TIMEOUT);
    static final List<String> ACCEPTED = RequestSpellings.configureFields().stream().map(McpTerms.INSTANCE::field).toList();

    private final SessionTarget target;
    private final Map<String, String> environment;

    ConfigureTool(SessionTarget target, Map<String, String> environment) {
        this.target = target;
        this.environment = environment;
    }

    SyncToolSpecification specification() {
        return SyncToolSpecification.builder()
                .tool(tool())
                .callHandler((exchange, request) -> call(request.arguments()))
                .build();
    }

    CallToolResult call(Map<String, Object> arguments) {
        Map<String, Object> given = arguments == null ? Map.of() : arguments;
        ToolArguments read = ToolArguments.of(NAME, given, ACCEPTED);
        String deviceId = read.text(DEVICE);
        String operatorPackage = read.text(OPERATOR_PACKAGE);
        Long timeoutMs = read.integer(TIMEOUT);
        if (read.problem().isPresent()) {
            return ToolResults.of(read.problem().get(), false);
        }
        Optional<Failure> invalid = deviceId == null ? Optional.empty()
                : CaptureRequestValidation.deviceSerial(McpTerms.INSTANCE, deviceId).rejection();
        if (invalid.isEmpty() && operatorPackage != null) {
            invalid = CaptureRequestValidation.operatorPackage(McpTerms.INSTANCE, operatorPackage).rejection();
        }
        if (invalid.isEmpty() && timeoutMs != null) {
            invalid = CaptureRequestValidation.timeoutMillis(McpTerms.INSTANCE, timeoutMs).rejection();
        }
        if (invalid.isPresent()) {
            Failure failure = invalid.get();
            return ToolResults.of(CommandResult.refused(failure.code(), NAME + ": " + failure.message()
                    + "; no default was changed.", failure.details(), null), false);
        }
        SessionTarget.Defaults before = target.current();
        SessionTarget.Defaults configured = new SessionTarget.Defaults(
                given.containsKey(DEVICE) ? deviceId : before.deviceId(),
                given.containsKey(OPERATOR_PACKAGE) ? operatorPackage : before.operatorPackage(),
                given.containsKey(TIMEOUT) ? timeoutMs : before.timeoutMs());
        target.configure(configured);
        return result(configured);
    }

    private CallToolResult result(SessionTarget.Defaults configured) {
        Map<String, Object> defaults = new LinkedHashMap<>();
        defaults.put("deviceId", configured.deviceId());
        defaults.put("operatorPackage", configured.operatorPackage());
        defaults.put("timeoutMs", configured.timeoutMs());
        Map<String, Object> effective = new LinkedHashMap<>();
        Checked<StandardSelection.Target> resolved = StandardSelection.resolve(McpTerms.INSTANCE, configured.deviceId(),
                configured.operatorPackage(), environment);
        StandardSelection.Target chosen = resolved.valueOrNull();
        // A bad variable in the server's environment is reported by the capture that meets it.
        effective.put("deviceId", chosen == null ? configured.deviceId() : chosen.deviceSerial());
        effective.put("deviceSource", chosen == null ? null : source(chosen.deviceSource(),
                StandardSelection.SERIAL_VARIABLE, "the one attached device"));
        effective.put("operatorPackage", chosen == null ? configured.operatorPackage() : chosen.operatorPackage());
        effective.put("operatorPackageSource", chosen == null ? null : source(chosen.operatorSource(),
                StandardSelection.OPERATOR_PACKAGE_VARIABLE, "default"));
        effective.put("timeoutMs", configured.timeoutMs() != null ? configured.timeoutMs()
                : CaptureRequestValidation.DEFAULT_TIMEOUT_MS);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("ok", true);
        structured.put("defaults", defaults);
        structured.put("effective", effective);
        return CallToolResult.builder()
                .addTextContent(ContractJson.toJson(structured))
                .structuredContent(structured)
                .isError(false)
                .build();
    }

    private static String source(StandardSelection.Source source, String variable, String otherwise) {
        return switch (source) {
            case EXPLICIT -> "session";
            case ENVIRONMENT -> variable;
            case DEFAULT, NONE -> otherwise;
        };
    }

    static Tool tool() {
        return Tool.builder()
                .name(NAME)
                .title("Configure session defaults")
                .description("Set this session's defaults for " + DEVICE + ", " + OPERATOR_PACKAGE + " and " + TIMEOUT
                        + ": later calls "
                        + "that omit a field use them; a call's own value always wins. A field sent as null clears "
                        + "its default; a field left out keeps it. Values are validated as for evidence_capture, and "
                        + "an invalid one changes nothing. Returns the defaults and what an omitted field resolves to.")
                .inputSchema(ToolSchemas.object(ToolSchemas.configureProperties(), List.of()))
                .outputSchema(ToolOutputSchema.configure())
                .annotations(ToolSchemas.annotations("Configure session defaults", false, false))
                .build();
    }
}
