package com.androperator.evidence.mcp;

import com.androperator.evidence.mcp.JsonRpcLines.Drop;
import com.androperator.evidence.mcp.JsonRpcLines.Forward;
import com.androperator.evidence.mcp.JsonRpcLines.Refuse;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The MCP stdio transport: a line-level guard in front of the SDK's session. The SDK's own
 * StdioServerTransportProvider ends the session at the first line it cannot read and lets a
 * request before {@code initialize} wait forever; here every line is classified first
 * ({@link JsonRpcLines}) and answered as JSON-RPC 2.0 says, and the session lifecycle is
 * enforced: before initialization only {@code initialize} and {@code ping} are served, other
 * requests get {@value #SERVER_NOT_INITIALIZED} and notifications are dropped. Everything well
 * formed goes to the SDK unchanged. The reader is the caller's thread; it returns when stdin ends.
 */
final class GuardedStdioTransport implements McpServerTransportProvider {
    /** What the MCP TypeScript SDK answers before initialization ("Server not initialized"); JSON-RPC's server-error range. */
    static final int SERVER_NOT_INITIALIZED = -32000;

    private static final Logger LOG = LoggerFactory.getLogger(GuardedStdioTransport.class);

    private enum Phase { AWAITING_INITIALIZE, AWAITING_INITIALIZED, READY }

    private final InputStream in;
    private final ProtocolOutput out;
    /** resources/list, templates/list and read: answered here, as the SDK cannot page a listing read from disk. */
    private final ResourceRequests resources;
    private volatile McpServerSession session;
    /** Read and written by the reader thread only: lines are admitted in the order they arrive. */
    private Phase phase = Phase.AWAITING_INITIALIZE;

    GuardedStdioTransport(InputStream in, OutputStream out, ResourceRequests resources) {
        this.in = in;
        this.out = new ProtocolOutput(out);
        this.resources = resources;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        session = sessionFactory.create(new SessionTransport());
    }

    /** Reads, answers and forwards lines until stdin ends (or cannot be read), then returns. */
    void serveUntilStdinCloses() {
        StdioLines lines = new StdioLines(in);
        while (true) {
            StdioLines.Line line;
            try {
                line = lines.next();
            } catch (IOException e) {
                LOG.warn("stdin cannot be read ({}): ending the session", e.getMessage());
                return;
            }
            if (line == null) {
                return;
            }
            accept(line);
        }
    }

    private void accept(StdioLines.Line line) {
        JsonRpcLines.Verdict verdict = JsonRpcLines.classify(line);
        if (verdict instanceof Forward forward) {
            admit(line, forward.message());
        } else if (verdict instanceof Refuse refuse) {
            refuse(line, refuse.id(), refuse.code(), refuse.message());
        } else if (verdict instanceof Drop drop) {
            LOG.warn("line {} dropped, not answered: {}; it began: {}", line.number(), drop.reason(), beginning(line));
        }
    }

    private void admit(StdioLines.Line line, JSONRPCMessage message) {
        if (phase == Phase.READY && message instanceof JSONRPCRequest request
                && ResourceRequests.METHODS.contains(request.method())) {
            resources.answer(request, out::write);
        } else if (phase == Phase.READY) {
            forward(line, message);
        } else if (message instanceof JSONRPCRequest request) {
            admitBeforeReady(line, request);
        } else if (message instanceof JSONRPCNotification notification && phase == Phase.AWAITING_INITIALIZED
                && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(notification.method())) {
            phase = Phase.READY;
            forward(line, message);
        } else {
            LOG.warn("line {} ignored: {} before initialization; it began: {}", line.number(),
                    message instanceof JSONRPCNotification ? "a notification" : "a response", beginning(line));
        }
    }

    private void admitBeforeReady(StdioLines.Line line, JSONRPCRequest request) {
        if (McpSchema.METHOD_PING.equals(request.method())) {
            // Allowed at any time; the SDK would hold it until initialization completes.
            out.write(McpSchema.JSONRPCResponse.result(request.id(), Map.of()));
        } else if (!McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            refuse(line, request.id(), SERVER_NOT_INITIALIZED, phase == Phase.AWAITING_INITIALIZE
                    ? "Server not initialized: send initialize first"
                    : "Server not initialized: send the notifications/initialized notification first");
        } else if (!(request.params() instanceof Map)) {
            refuse(line, request.id(), McpSchema.ErrorCodes.INVALID_PARAMS,
                    "Invalid params: initialize takes an object with protocolVersion, capabilities and clientInfo");
        } else {
            phase = Phase.AWAITING_INITIALIZED;
            forward(line, request);
        }
    }

    /** Hands a message to the SDK. Tool calls return at once (they run on the tool-call pool); the rest is answered inline. */
    private void forward(StdioLines.Line line, JSONRPCMessage message) {
        McpServerSession current = session;
        try {
            current.handle(message).subscribe(null, error -> LOG.warn("line {}: the SDK failed to handle it: {}",
                    line.number(), Excerpt.of(String.valueOf(error.getMessage()), 200)));
        } catch (RuntimeException e) {
            LOG.warn("line {}: the SDK failed to handle it: {}", line.number(), Excerpt.of(String.valueOf(e.getMessage()), 200));
            if (message instanceof JSONRPCRequest request) {
                out.write(ProtocolOutput.error(request.id(), McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error"));
            }
        }
    }

    private void refuse(StdioLines.Line line, Object id, int code, String message) {
        out.write(ProtocolOutput.error(id, code, message));
        LOG.warn("line {} refused with {}: {}; it began: {}", line.number(), code, message, beginning(line));
    }

    /** The first characters of a line for the log (a discarded line has none). */
    private static String beginning(StdioLines.Line line) {
        if (!(line instanceof StdioLines.Text text)) {
            return "(discarded)";
        }
        byte[] bytes = text.bytes();
        return Excerpt.of(new String(bytes, 0, Math.min(bytes.length, 240), StandardCharsets.UTF_8), 80);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession current = session;
        return current == null ? Mono.error(new IllegalStateException("no session yet"))
                : current.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty();
    }

    /** The session's side: answers and notifications go to stdout, one whole line each. */
    private final class SessionTransport implements McpServerTransport {
        @Override
        public Mono<Void> sendMessage(JSONRPCMessage message) {
            return Mono.fromRunnable(() -> out.write(message));
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return JsonRpcLines.PROTOCOL_JSON.convertValue(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    }
}
