package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoOutcome;
import com.androperator.evidence.api.video.VideoStartRequest;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.video.VideoSessions;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * {@code evidence_video_start}, {@code evidence_video_status} and {@code evidence_video_stop}.
 * Start allocates a managed bundle under the evidence root and returns its sessionId; status and
 * stop take only that sessionId. Output paths, target overrides and unknown fields are refused;
 * failed, refused and pending-stop results set isError.
 */
final class EvidenceVideoTools {
    static final String START = "evidence_video_start";
    static final String STATUS = "evidence_video_status";
    static final String STOP = "evidence_video_stop";
    static final List<String> START_ACCEPTS = RequestSpellings.videoStartByMcpRank().stream().map(McpTerms.INSTANCE::field)
            .toList();
    /** The order start's arguments are read in, so that the first bad one is the one reported. */
    private static final List<RequestField> START_READ_ORDER = List.of(RequestField.DURATION, RequestField.DEVICE,
            RequestField.OPERATOR_PACKAGE, RequestField.SIZE, RequestField.LABEL, RequestField.CONTEXT);
    /** Status and stop's one argument, named and described by the request-field table. */
    private static final String SESSION_ID = McpTerms.INSTANCE.field(RequestField.SESSION);
    static final List<String> SESSION_ACCEPTS = RequestSpellings.videoSessionByMcpRank().stream()
            .map(McpTerms.INSTANCE::field).toList();

    private final EvidenceVideo video;
    private final SessionTarget target;

    EvidenceVideoTools(EvidenceVideo video, SessionTarget target) {
        this.video = video;
        this.target = target;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(
                specification(startTool(), this::start),
                specification(statusTool(), arguments -> session(STATUS, arguments, video::status)),
                specification(stopTool(), (exchange, request) -> {
                    VideoSessions.StopProgress progress = StopProgressNotifications.of(exchange, request.meta());
                    CallToolResult stopped = session(STOP, request.arguments(), ref -> video.stop(ref, progress));
                    if (progress instanceof StopProgressNotifications notifications
                            && stopped.structuredContent() instanceof Map<?, ?> result) {
                        notifications.ended(String.valueOf(result.get("status")));
                    }
                    return stopped;
                }));
    }

    CallToolResult start(Map<String, Object> arguments) {
        ToolArguments given = ToolArguments.of(START, arguments, START_ACCEPTS);
        RequestValues values = given.read(START_READ_ORDER).orElse(target.current().values());
        if (given.problem().isPresent()) {
            return ToolResults.of(given.problem().get(), false);
        }
        return result(video.start(VideoStartRequest.command(values)));
    }

    private CallToolResult session(String tool, Map<String, Object> arguments, Function<SessionRef, VideoOutcome> operation) {
        ToolArguments given = ToolArguments.of(tool, arguments, SESSION_ACCEPTS);
        String sessionId = given.text(SESSION_ID);
        if (given.problem().isPresent()) {
            return ToolResults.of(given.problem().get(), false);
        }
        if (sessionId == null) {
            // A call without its one required field is an invalid request, not an unknown session.
            return ToolResults.of(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, tool
                    + " requires " + SESSION_ID + ": pass the " + SESSION_ID + " that " + START + " returned.",
                    Details.of(DetailKey.OPTION, SESSION_ID), null), false);
        }
        VideoOutcome outcome = operation.apply(new SessionRef.SessionId(sessionId));
        return ToolResults.of(withoutRootPath(outcome.result(), sessionId), !outcome.isError());
    }

    private static CallToolResult result(VideoOutcome outcome) {
        return ToolResults.of(outcome.result(), !outcome.isError());
    }

    /**
     * An unknown sessionId, told without the path it was looked up at: the client named a session,
     * not a directory, and the server's evidence root is none of its business (the core's message
     * names the manifest path, as the CLI's caller gave it).
     */
    static CommandResult withoutRootPath(CommandResult result, String sessionId) {
        if (!ErrorCodes.EVIDENCE_SESSION_NOT_FOUND.equals(result.code()) || result.message() == null
                || result.message().contains("is not a session id")) {
            return result;
        }
        String message = result.message();
        String why = message.contains("does not exist") ? "there is no bundle with that name"
                : message.contains("manifest cannot be read") ? "its bundle's manifest.json cannot be read"
                : message.contains("still capture") ? "that bundle is a still capture, not a video session"
                : "that bundle is not a valid video session (its session.json is missing, unreadable or names another "
                        + "bundle)";
        return new CommandResult(result.ok(), result.status(), null, result.evidenceId(), result.sessionId(),
                result.code(), "No video session with sessionId \"" + CallerText.printable(sessionId) + "\" under this server's evidence "
                        + "root: " + why + ". Pass a sessionId that " + START + " of a server with the same "
                        + "ANDROPERATOR_EVIDENCE_DIR returned.", null, null);
    }

    private static SyncToolSpecification specification(Tool tool, Function<Map<String, Object>, CallToolResult> handler) {
        return specification(tool, (exchange, request) -> handler.apply(request.arguments()));
    }

    private static SyncToolSpecification specification(Tool tool,
            BiFunction<McpSyncServerExchange, CallToolRequest, CallToolResult> handler) {
        return SyncToolSpecification.builder().tool(tool).callHandler(handler).build();
    }

    private static Tool startTool() {
        return Tool.builder()
                .name(START)
                .title("Start video recording")
                .description("Start recording the device screen (scrcpy, H.264) into a new managed bundle under the "
                        + "server's evidence root and return its sessionId once the recorder is capturing. Stop it "
                        + "with " + STOP + "; the recording also ends after durationSeconds.")
                .inputSchema(ToolSchemas.object(ToolSchemas.videoStartProperties(),
                        List.of(McpTerms.INSTANCE.field(RequestField.DURATION))))
                .outputSchema(ToolOutputSchema.result())
                .annotations(ToolSchemas.annotations("Start video recording", false))
                .build();
    }

    static Tool statusTool() {
        return sessionTool(STATUS, "Video session status", "Report a managed video session's state by its "
                + SESSION_ID + ". isError unless it is starting, recording, finalizing or complete.");
    }

    static Tool stopTool() {
        return sessionTool(STOP, "Stop video recording", "Stop a managed video session by its " + SESSION_ID
                + " and wait up to 15 s for verified finalization. isError unless complete; a pending stop "
                + "(COMMAND_TIMEOUT) can be polled with " + STATUS + " or repeated. Send a progressToken to get "
                + "progress notifications (frames decoded and encoded, time elapsed, an estimate) while it waits.");
    }

    private static Tool sessionTool(String name, String title, String description) {
        return Tool.builder()
                .name(name)
                .title(title)
                .description(description)
                .inputSchema(ToolSchemas.object(ToolSchemas.videoSessionProperties(), SESSION_ACCEPTS))
                .outputSchema(ToolOutputSchema.result())
                .annotations(ToolSchemas.annotations(title, name.equals(STATUS)))
                .build();
    }
}
