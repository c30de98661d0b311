package com.androperator.evidence.mcp;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code evidence_capture}: one still capture into a new managed bundle under the server's
 * evidence root. The caller never names a directory; the result carries manifestPath, and
 * partial, failed and refused captures set isError while keeping that path.
 */
final class EvidenceCaptureTool {
    static final String NAME = "evidence_capture";
    static final List<String> ACCEPTED = List.of("deviceId", "operatorPackage", "timeoutMs", "label", "context");

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
        SessionTarget.Defaults defaults = target.current();
        CaptureCommand command = new CaptureCommand(BundleLocation.MANAGED, defaults.device(given.text("deviceId")),
                defaults.operator(given.text("operatorPackage")), given.text("label"), given.context(),
                defaults.timeout(given.integer("timeoutMs")), McpTerms.INSTANCE);
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
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("deviceId", ToolSchemas.deviceId("Default: the session's (configure), else the server's "
                + "ANDROID_SERIAL, else the one attached device; required when several devices are connected and none "
                + "of those names one."));
        properties.put("operatorPackage", ToolSchemas.operatorPackage("Default: the session's (configure), else the "
                + "server's ANDROPERATOR_OPERATOR_PACKAGE, else " + StandardSelection.DEFAULT_OPERATOR_PACKAGE + "."));
        properties.put("timeoutMs", ToolSchemas.property("integer", "Overall device-work budget in milliseconds, an "
                        + "integer from " + CaptureRequestValidation.MIN_TIMEOUT_MS + " to "
                        + CaptureRequestValidation.MAX_TIMEOUT_MS + ". Default: the session's (configure), else "
                        + CaptureRequestValidation.DEFAULT_TIMEOUT_MS + ".", "minimum", CaptureRequestValidation.MIN_TIMEOUT_MS,
                "maximum", CaptureRequestValidation.MAX_TIMEOUT_MS));
        properties.put("label", ToolSchemas.label());
        properties.put("context", ToolSchemas.context());
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
