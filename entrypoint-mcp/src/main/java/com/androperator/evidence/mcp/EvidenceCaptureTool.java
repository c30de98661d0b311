package com.androperator.evidence.mcp;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.List;
import java.util.Map;

/**
 * {@code evidence_capture}: one still capture into a new managed bundle under the server's
 * evidence root. The caller never names a directory; the result carries manifestPath, and
 * partial, failed and refused captures set isError while keeping that path.
 */
final class EvidenceCaptureTool {
    static final String NAME = "evidence_capture";
    /** The still capture's fields an MCP client sets, in the order a call reads them. */
    private static final List<RequestField> FIELDS = RequestField.stillFields().stream()
            .filter(field -> RequestSpellings.mcp(field).isPresent()).toList();
    /** Their names, in the order the tool lists them. */
    static final List<String> ACCEPTED = RequestSpellings.stillByMcpRank().stream().map(McpTerms.INSTANCE::field).toList();

    private final CaptureDependencies dependencies;
    private final SessionTarget target;
    private final InFlightCaptures inFlight;

    EvidenceCaptureTool(CaptureDependencies dependencies, SessionTarget target, InFlightCaptures inFlight) {
        this.dependencies = dependencies;
        this.target = target;
        this.inFlight = inFlight;
    }

    SyncToolSpecification specification() {
        return SyncToolSpecification.builder()
                .tool(tool())
                .callHandler((exchange, request) -> call(request.arguments(), exchange, request.meta()))
                .build();
    }

    CallToolResult call(Map<String, Object> arguments) {
        return call(arguments, null, null);
    }

    /** With a progressToken in {@code meta}, the client hears the time pass against the budget (ElapsedProgressNotifications). */
    CallToolResult call(Map<String, Object> arguments, McpSyncServerExchange exchange, Map<String, Object> meta) {
        ToolArguments given = ToolArguments.of(NAME, arguments, ACCEPTED);
        RequestValues values = given.read(FIELDS).orElse(target.current().values());
        CaptureCommand command = CaptureCommand.of(values, McpTerms.INSTANCE);
        if (given.problem().isPresent()) {
            return ToolResults.of(given.problem().get(), false);
        }
        // Each capture gets its own cancellation, which a server shutdown cancels (InFlightCaptures).
        try (InFlightCaptures.Call call = inFlight.begin()) {
            CaptureOutcome outcome;
            try (ElapsedProgressNotifications progress = ElapsedProgressNotifications.start(exchange, meta, "capturing",
                    command.timeoutMs() == null ? CaptureRequestValidation.DEFAULT_TIMEOUT_MS : command.timeoutMs())) {
                outcome = EvidenceCapture.capture(command, dependencies, call.cancellation());
            }
            CallToolResult result = ToolResults.of(outcome.toResult(), outcome.succeeded());
            call.returned(outcome.toResult().evidenceId());
            return result;
        }
    }

    static Tool tool() {
        Map<String, Object> properties = ToolSchemas.stillCaptureProperties();
        return Tool.builder()
                .name(NAME)
                .title("Capture evidence")
                .description("Capture a verified screenshot and the raw UI hierarchy from an Android device into a new "
                        + "evidence bundle (manifest.json, screenshot.png, hierarchy.xml, captures.json) under the "
                        + "server's evidence root, and return its manifestPath. Observations only: it never asserts an "
                        + "outcome, never retries an action and never changes the caller's verdict in context. "
                        + "Partial and failed captures return isError with the manifestPath of what was kept.")
                .inputSchema(ToolSchemas.object(properties, List.of()))
                .outputSchema(ToolOutputSchema.result())
                .annotations(ToolSchemas.annotations("Capture evidence", false))
                .build();
    }
}
