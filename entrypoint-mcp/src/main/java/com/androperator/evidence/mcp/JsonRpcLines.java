package com.androperator.evidence.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one stdio line is in JSON-RPC 2.0 terms, before the SDK sees it: a message to hand on, an
 * error to answer (-32700 for anything that is not one JSON value, -32600 for JSON that is not a
 * request or notification, -32602 for a tools/call the SDK could not read), or a response-shaped
 * line to drop. MCP adds to JSON-RPC that ids are strings or integers, never null, and its current
 * protocol has no batches.
 */
final class JsonRpcLines {
    /** The nesting limit (Jackson's default, made explicit); ContractJson, which copies a caller's context, has the same. */
    static final int MAX_DEPTH = 500;

    private static final int PARSE_ERROR = McpSchema.ErrorCodes.PARSE_ERROR;
    private static final int INVALID_REQUEST = McpSchema.ErrorCodes.INVALID_REQUEST;

    private static final JsonMapper TREES = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxDocumentLength(StdioLines.MAX_LINE_BYTES)
                            .build())
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // What follows a line's value is checked here, to name it as such.
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * The one protocol mapper: this guard parses each line with it (the SDK never parses a line
     * itself) and the SDK converts and writes messages with it. Limits are explicit; duplicate
     * member names are refused, so that no caller context is silently altered.
     */
    static final McpJsonMapper PROTOCOL_JSON = new JacksonMcpJsonMapper(TREES);

    /** What to do with a line. */
    sealed interface Verdict permits Forward, Refuse, Drop, Blank {
    }

    /** A well-formed request, notification or response for the session. */
    record Forward(JSONRPCMessage message) implements Verdict {
    }

    /** Answer with this error; {@code id} is the request's when it could be read, else null. */
    record Refuse(Object id, int code, String message) implements Verdict {
    }

    /** A response-shaped line that is not a valid response: logged, never answered (two peers never trade errors). */
    record Drop(String reason) implements Verdict {
    }

    /** An empty or whitespace-only line: no message at all. */
    record Blank() implements Verdict {
    }

    private JsonRpcLines() {
    }

    static Verdict classify(StdioLines.Line line) {
        if (line instanceof StdioLines.Overlong overlong) {
            return parseError("the line is " + overlong.bytes() + " bytes long, over the " + StdioLines.MAX_LINE_BYTES
                    + "-byte (4 MiB) limit; it was discarded unread");
        }
        byte[] bytes = ((StdioLines.Text) line).bytes();
        Object decoded = strictUtf8(bytes);
        if (decoded instanceof Refuse refused) {
            return refused;
        }
        String text = (String) decoded;
        if (text.isBlank()) {
            return new Blank();
        }
        JsonNode node;
        try (JsonParser parser = TREES.createParser(text)) {
            node = TREES.readTree(parser);
            int end = parser.currentLocation().getColumnNr() - 1;
            if (trailing(parser)) {
                return parseError("text follows the JSON value, which ends at column " + end
                        + "; send one message per line");
            }
        } catch (StreamConstraintsException e) {
            return parseError(e.getOriginalMessage().contains("nesting depth")
                    ? "the JSON is nested deeper than " + MAX_DEPTH + " levels"
                    : "the JSON exceeds a parser limit: " + Excerpt.of(e.getOriginalMessage(), 160));
        } catch (JacksonException e) {
            if (e instanceof UnexpectedEndOfInputException || atEnd(e, text)) {
                return parseError("the JSON value is cut short: the line ends inside it");
            }
            String at = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            return parseError("invalid JSON" + at + ": " + Excerpt.of(String.valueOf(e.getOriginalMessage()), 160));
        }
        return message(node);
    }

    private static boolean atEnd(JacksonException e, String text) {
        return e.getLocation() != null && e.getLocation().getColumnNr() > text.length();
    }

    /** Anything after the value, even what is not JSON, means the line is not one message. */
    private static boolean trailing(JsonParser parser) {
        try {
            return parser.nextToken() != null;
        } catch (JacksonException e) {
            return true;
        }
    }

    private static Verdict message(JsonNode node) {
        if (node.isArray()) {
            return invalid(null, "JSON-RPC batches (arrays) are not supported: MCP's current protocol has no "
                    + "batches; send each message as its own line");
        }
        if (!node.isObject()) {
            return invalid(null, "a message must be a JSON object, not " + describe(node));
        }
        if (!node.has("method") && (node.has("result") || node.has("error"))) {
            return response(node);
        }
        JsonNode idNode = node.get("id");
        Object id = idNode == null ? null : id(idNode);
        JsonNode version = node.get("jsonrpc");
        if (version == null || !version.isString() || !version.stringValue().equals(McpSchema.JSONRPC_VERSION)) {
            return invalid(id, "jsonrpc must be \"2.0\"" + (version == null ? " (it is missing)" : ", not "
                    + Excerpt.of(version.toString(), 40)));
        }
        if (idNode != null && id == null) {
            return invalid(null, "id must be a string or an integer, not " + describe(idNode));
        }
        JsonNode method = node.get("method");
        if (method == null) {
            return invalid(id, "method is missing");
        }
        if (!method.isString()) {
            return invalid(id, "method must be a string, not " + describe(method));
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            return invalid(id, "params must be an object (MCP methods take named parameters), not " + describe(params));
        }
        if (idNode != null && McpSchema.METHOD_TOOLS_CALL.equals(method.stringValue()) && !toolCall(params)) {
            return new Refuse(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: tools/call takes params "
                    + "{\"name\": the tool's name, \"arguments\": an object}");
        }
        try {
            return new Forward(idNode == null
                    ? PROTOCOL_JSON.convertValue(node, McpSchema.JSONRPCNotification.class)
                    : PROTOCOL_JSON.convertValue(node, McpSchema.JSONRPCRequest.class));
        } catch (RuntimeException e) {
            return invalid(id, "the message could not be read: " + Excerpt.of(String.valueOf(e.getMessage()), 160));
        }
    }

    /** The shape the SDK reads a tools/call by: a string name and, if any, object arguments. */
    private static boolean toolCall(JsonNode params) {
        if (params == null || !params.isObject() || !params.path("name").isString()) {
            return false;
        }
        JsonNode arguments = params.get("arguments");
        return arguments == null || arguments.isNull() || arguments.isObject();
    }

    private static Verdict response(JsonNode node) {
        JsonNode version = node.get("jsonrpc");
        JsonNode idNode = node.get("id");
        if (version == null || !version.isString() || !version.stringValue().equals(McpSchema.JSONRPC_VERSION)
                || idNode == null || id(idNode) == null || node.has("result") == node.has("error")) {
            return new Drop("a response without jsonrpc \"2.0\", a string or integer id, and exactly one of "
                    + "result and error");
        }
        try {
            return new Forward(PROTOCOL_JSON.convertValue(node, McpSchema.JSONRPCResponse.class));
        } catch (RuntimeException e) {
            return new Drop("a response that could not be read: " + Excerpt.of(String.valueOf(e.getMessage()), 160));
        }
    }

    /** MCP ids: a string, or an integer that fits 64 bits; anything else is not an id (null). */
    private static Object id(JsonNode id) {
        if (id.isString()) {
            return id.stringValue();
        }
        if (id.isIntegralNumber() && id.canConvertToLong()) {
            long value = id.longValue();
            return value == (int) value ? (Object) (int) value : (Object) value;
        }
        return null;
    }

    private static String describe(JsonNode node) {
        if (node.isNull()) {
            return "null";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? "an integer" : "an integer beyond 64 bits";
        }
        if (node.isNumber()) {
            return "a number written with a fraction or an exponent";
        }
        if (node.isString()) {
            return "a string";
        }
        return node.isArray() ? "an array" : "an object";
    }

    private static Refuse parseError(String reason) {
        return new Refuse(null, PARSE_ERROR, "Parse error: " + reason);
    }

    private static Refuse invalid(Object id, String reason) {
        return new Refuse(id, INVALID_REQUEST, "Invalid Request: " + reason);
    }

    /** The text of well-formed UTF-8, else where it breaks; overlong forms, surrogates and cut sequences are malformed. */
    private static Object strictUtf8(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder().decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            return parseError(String.format("the line is not valid UTF-8 (byte 0x%02X at offset %d)",
                    bytes[offset] & 0xFF, offset));
        }
        return out.flip().toString();
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
}
