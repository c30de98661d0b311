package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * What a broken client sends, line by line, to the real server process: each member of each
 * class of bad line gets its exact JSON-RPC 2.0 answer (or, for what JSON-RPC leaves unanswered,
 * none), one bounded stderr line, and the server keeps serving a normal tools/call afterwards.
 * One server takes every member in turn, so it also survives all of them in one session.
 */
class McpStdioGuardTest {
    private static final int PARSE = -32700;
    private static final int INVALID = -32600;
    private static final String PING_PREFIX = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"";
    private static final String BATCHES = "Invalid Request: JSON-RPC batches (arrays) are not supported: MCP's current "
            + "protocol has no batches; send each message as its own line";
    private static final String CUT = "Parse error: the JSON value is cut short: the line ends inside it";
    private static final String DEEP = "Parse error: the JSON is nested deeper than 500 levels";
    private static final String TOOL_CALL_PARAMS = "Invalid params: tools/call takes params {\"name\": the tool's "
            + "name, \"arguments\": an object}";
    private static final String NOT_INTEGER = "id must be a string or an integer, not a number written with a "
            + "fraction or an exponent";
    private static final AtomicLong IDS = new AtomicLong(1000);

    @TempDir
    static Path home;
    private static RawMcpServer server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws Exception {
        server = RawMcpServer.start(environment(home), home, List.of());
        server.initialize();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Arguments> brokenLines() {
        return Stream.of(
                // Not JSON at all
                line("plain text", "hello", error(null, PARSE, "Parse error: invalid JSON at column 1: Unrecognized "
                        + "token 'hello': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')")),
                line("an opening bracket", "[", error(null, PARSE, CUT)),
                line("a truncated object", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"pi", error(null, PARSE, CUT)),
                line("an object without its closing brace", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"",
                        error(null, PARSE, CUT)),
                line("text after the object", McpLines.ping(6) + " x", error(null, PARSE,
                        "Parse error: text follows the JSON value, which ends at column 40; send one message per line")),
                line("two objects on one line", McpLines.ping(6) + McpLines.ping(7), error(null, PARSE,
                        "Parse error: text follows the JSON value, which ends at column 40; send one message per line")),
                line("a duplicate member name", "{\"jsonrpc\":\"2.0\",\"id\":7,\"id\":8,\"method\":\"ping\"}",
                        error(null, PARSE, "Parse error: invalid JSON at column 29: Duplicate Object property \"id\"")),
                // Invalid UTF-8, alone and inside a string of an otherwise valid request
                bytes("0xC3 0x28 (a lead byte without its continuation)", utf8Case(0xC3, 0x28), utf8Error(0xC3)),
                bytes("0xFF", utf8Case(0xFF), utf8Error(0xFF)),
                bytes("a lone continuation byte", utf8Case(0x80), utf8Error(0x80)),
                bytes("an overlong '/' in two bytes", utf8Case(0xC0, 0xAF), utf8Error(0xC0)),
                bytes("an overlong '/' in three bytes", utf8Case(0xE0, 0x80, 0xAF), utf8Error(0xE0)),
                bytes("an overlong '/' in four bytes", utf8Case(0xF0, 0x80, 0x80, 0xAF), utf8Error(0xF0)),
                bytes("an encoded surrogate", utf8Case(0xED, 0xA0, 0x80), utf8Error(0xED)),
                bytes("a code point above U+10FFFF", utf8Case(0xF4, 0x90, 0x80, 0x80), utf8Error(0xF4)),
                bytes("0xFF alone on the line", new byte[] {(byte) 0xFF, '\n'}, error(null, PARSE,
                        "Parse error: the line is not valid UTF-8 (byte 0xFF at offset 0)")),
                bytes("a sequence cut by the end of the line", concat(PING_PREFIX.getBytes(StandardCharsets.UTF_8),
                        new byte[] {(byte) 0xE2, (byte) 0x82, '\n'}), utf8Error(0xE2)),
                // Lines too long or too deep
                sent("a 16 MiB line", s -> s.sendLong(PING_PREFIX, 16 * 1024 * 1024 - PING_PREFIX.length() - 3, (byte) 'x',
                        "\"}}\n"), error(null, PARSE, "Parse error: the line is 16777216 bytes long, over the "
                        + "4194304-byte (4 MiB) limit; it was discarded unread")),
                sent("a line one byte over 4 MiB", s -> s.sendLong(PING_PREFIX, 4 * 1024 * 1024 + 1 - PING_PREFIX.length()
                        - 3, (byte) 'x', "\"}}\n"), error(null, PARSE, "Parse error: the line is 4194305 bytes long, "
                        + "over the 4194304-byte (4 MiB) limit; it was discarded unread")),
                line("nesting 10,000 deep", "[".repeat(10_000) + "]".repeat(10_000), error(null, PARSE, DEEP)),
                line("nesting 10,000 deep inside params", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":"
                        + "[".repeat(10_000) + "]".repeat(10_000) + "}}", error(null, PARSE, DEEP)),
                line("nesting 501 deep", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":"
                        + "[".repeat(499) + "]".repeat(499) + "}}", error(null, PARSE, DEEP)),
                // JSON that is not a JSON-RPC request
                line("an empty array", "[]", error(null, INVALID, BATCHES)),
                line("a batch of one request", "[" + McpLines.ping(8) + "]", error(null, INVALID, BATCHES)),
                line("a batch of two requests", "[" + McpLines.ping(8) + "," + McpLines.ping(9) + "]",
                        error(null, INVALID, BATCHES)),
                line("a number", "42", invalid(null, "a message must be a JSON object, not an integer")),
                line("a string", "\"x\"", invalid(null, "a message must be a JSON object, not a string")),
                line("true", "true", invalid(null, "a message must be a JSON object, not a boolean")),
                line("null", "null", invalid(null, "a message must be a JSON object, not null")),
                line("an empty object", "{}", invalid(null, "jsonrpc must be \"2.0\" (it is missing)")),
                line("a request without jsonrpc", "{\"id\":10,\"method\":\"ping\"}",
                        invalid(10, "jsonrpc must be \"2.0\" (it is missing)")),
                line("a notification without jsonrpc", "{\"method\":\"notifications/initialized\"}",
                        invalid(null, "jsonrpc must be \"2.0\" (it is missing)")),
                line("jsonrpc \"1.0\"", "{\"jsonrpc\":\"1.0\",\"id\":11,\"method\":\"ping\"}",
                        invalid(11, "jsonrpc must be \"2.0\", not \"1.0\"")),
                line("jsonrpc as a number", "{\"jsonrpc\":2.0,\"id\":\"s\",\"method\":\"ping\"}",
                        invalid("s", "jsonrpc must be \"2.0\", not 2.0")),
                line("id null", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
                        invalid(null, "id must be a string or an integer, not null")),
                line("id an object", "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}",
                        invalid(null, "id must be a string or an integer, not an object")),
                line("id an array", "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}",
                        invalid(null, "id must be a string or an integer, not an array")),
                line("id a boolean", "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
                        invalid(null, "id must be a string or an integer, not a boolean")),
                line("id a fraction", "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", invalid(null, NOT_INTEGER)),
                line("id with an exponent", "{\"jsonrpc\":\"2.0\",\"id\":1e3,\"method\":\"ping\"}", invalid(null, NOT_INTEGER)),
                line("id beyond 64 bits", "{\"jsonrpc\":\"2.0\",\"id\":18446744073709551616,\"method\":\"ping\"}",
                        invalid(null, "id must be a string or an integer, not an integer beyond 64 bits")),
                line("no method", "{\"jsonrpc\":\"2.0\",\"id\":12}", invalid(12, "method is missing")),
                line("a numeric method", "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":42}",
                        invalid(13, "method must be a string, not an integer")),
                line("a null method in a notification", "{\"jsonrpc\":\"2.0\",\"method\":null}",
                        invalid(null, "method must be a string, not null")),
                line("params an array", "{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"tools/list\",\"params\":[]}",
                        invalid(14, "params must be an object (MCP methods take named parameters), not an array")),
                line("params a string", "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/list\",\"params\":\"x\"}",
                        invalid(15, "params must be an object (MCP methods take named parameters), not a string")),
                line("tools/call without params", "{\"jsonrpc\":\"2.0\",\"id\":18,\"method\":\"tools/call\"}",
                        error(18, -32602, TOOL_CALL_PARAMS)),
                line("tools/call with a numeric name", "{\"jsonrpc\":\"2.0\",\"id\":19,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":5}}", error(19, -32602, TOOL_CALL_PARAMS)),
                line("tools/call with arguments that are not an object", "{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":"
                        + "\"tools/call\",\"params\":{\"name\":\"evidence_video_status\",\"arguments\":[1]}}",
                        error(20, -32602, TOOL_CALL_PARAMS)),
                // What JSON-RPC leaves unanswered
                line("an empty line", "", null),
                line("a line of blanks", " \t ", null),
                line("a notification the server has no handler for", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}", null),
                line("a response to no request", "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{}}", null),
                line("a response with both result and error", "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{},\"error\":"
                        + "{\"code\":1,\"message\":\"m\"}}", null),
                line("a response with a null id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":1,\"message\":\"m\"}}",
                        null),
                // Well-formed lines at the edges, answered normally
                sent("a ping of exactly 4 MiB", s -> s.sendLong(PING_PREFIX, 4 * 1024 * 1024 - PING_PREFIX.length() - 3,
                        (byte) 'x', "\"}}\n"), "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"),
                line("a ping nested 500 deep", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":"
                        + "[".repeat(498) + "]".repeat(498) + "}}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"),
                bytes("a ping ending in CRLF", (McpLines.ping(16) + "\r\n").getBytes(StandardCharsets.UTF_8),
                        "{\"jsonrpc\":\"2.0\",\"id\":16,\"result\":{}}"),
                line("a ping with multibyte UTF-8", PING_PREFIX + "é€😀\"}}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"),
                line("an unknown method", "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"prompts/list\"}",
                        error(17, -32601, "Method not found: prompts/list")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenLines")
    void eachLineGetsItsJsonRpcAnswerAndTheServerKeepsServing(String name, Consumer<RawMcpServer> send, String expected)
            throws Exception {
        send.accept(server);
        long number = server.linesSent();

        if (expected != null) {
            String answer = server.nextLine();
            assertThat(ContractJson.mapper().readTree(answer)).as(answer).isEqualTo(ContractJson.mapper().readTree(expected));
            JsonNode error = ContractJson.mapper().readTree(expected).get("error");
            if (error != null && error.get("code").asInt() != -32601) { // -32601 is the SDK's own answer
                String logged = server.awaitStderr(l -> l.contains("line " + number + " refused with "));
                assertThat(logged).contains(error.get("code").asInt() + ": " + error.get("message").asString());
                assertThat(logged.length()).as(logged).isLessThan(700);
            }
        }
        // Still serving, and nothing else was answered: the next line out is this call's answer.
        assertStatusCallWorks(server);
    }

    @Test
    void answersWrittenByConcurrentToolCallsAreWholeLines() throws Exception {
        // 200 calls at once: answered from many tool-call threads (some past the limit, as SERVER_BUSY),
        // each answer one whole JSON line.
        StringBuilder burst = new StringBuilder();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            ids.add("burst-" + i);
            burst.append(McpLines.toolsCall("burst-" + i, "evidence_video_status", Map.of("sessionId", "none-" + i)))
                    .append('\n');
        }
        server.sendBytes(burst.toString().getBytes(StandardCharsets.UTF_8));

        java.util.Set<String> answered = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            JsonNode answer = server.next();
            assertThat(answer.path("jsonrpc").asString()).isEqualTo("2.0");
            assertThat(answer.path("result").path("structuredContent").path("code").asString())
                    .isIn(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND, ErrorCodes.SERVER_BUSY);
            answered.add(answer.path("id").asString());
        }
        assertThat(answered).isEqualTo(ids);
        assertStatusCallWorks(server);
    }

    @Test
    void requestsBeforeInitializationAreRefusedNotificationsIgnoredAndTheSessionStillStarts() throws Exception {
        try (RawMcpServer fresh = RawMcpServer.start(environment(temp), temp, List.of())) {
            assertThat(fresh.call(McpLines.toolsList(1))).isEqualTo(tree(McpLines.error(1,
                    GuardedStdioTransport.SERVER_NOT_INITIALIZED, "Server not initialized: send initialize first")));
            assertThat(fresh.call(McpLines.toolsCall("c", "evidence_video_status", Map.of("sessionId", "x"))))
                    .isEqualTo(tree(McpLines.error("c", GuardedStdioTransport.SERVER_NOT_INITIALIZED,
                            "Server not initialized: send initialize first")));
            fresh.send(McpLines.INITIALIZED);
            fresh.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
            fresh.send("{\"jsonrpc\":\"2.0\",\"id\":\"r\",\"result\":{}}");
            assertThat(fresh.awaitStderr(l -> l.contains("line 5 ignored: a response before initialization"))).isNotNull();
            // Ping is allowed before initialization; its answer is the next line, so nothing above was answered.
            assertThat(fresh.call(McpLines.ping(2))).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"));
            assertThat(fresh.call("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\"}")).isEqualTo(tree(
                    McpLines.error(3, -32602, "Invalid params: initialize takes an object with protocolVersion, "
                            + "capabilities and clientInfo")));

            JsonNode initialized = fresh.call(McpLines.INITIALIZE);
            assertThat(initialized.path("result").path("protocolVersion").asString()).isEqualTo("2025-06-18");
            assertThat(fresh.call(McpLines.toolsList(4))).isEqualTo(tree(McpLines.error(4,
                    GuardedStdioTransport.SERVER_NOT_INITIALIZED,
                    "Server not initialized: send the notifications/initialized notification first")));
            assertThat(fresh.call(McpLines.ping(5))).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"));
            fresh.send(McpLines.INITIALIZED);
            assertThat(fresh.call(McpLines.toolsList(6)).path("result").path("tools")).hasSize(6);
            assertStatusCallWorks(fresh);
            assertThat(fresh.awaitStderr(l -> l.contains("line 1 refused with -32000"))).isNotNull();
            assertThat(fresh.awaitStderr(l -> l.contains("line 3 ignored: a notification before initialization")))
                    .isNotNull();
        }
    }

    @Test
    void anEndlessLineIsDiscardedInBoundedMemory() throws Exception {
        // 32 MiB of heap for the whole server, and a 256 MiB line: only the 4 MiB cap is ever held.
        try (RawMcpServer small = RawMcpServer.start(environment(temp), temp, List.of("-Xmx32m"))) {
            small.initialize();
            long bytes = 256L * 1024 * 1024;
            small.sendLong(PING_PREFIX, bytes - PING_PREFIX.length() - 3, (byte) 'x', "\"}}\n");

            assertThat(small.next()).isEqualTo(tree(McpLines.error(null, PARSE, "Parse error: the line is " + bytes
                    + " bytes long, over the 4194304-byte (4 MiB) limit; it was discarded unread")));
            assertStatusCallWorks(small);
        }
    }

    /** evidence_video_status for an unknown session: a normal tools/call, answered with its documented refusal. */
    private static void assertStatusCallWorks(RawMcpServer target) throws InterruptedException {
        long id = IDS.incrementAndGet();
        JsonNode answer = target.call(McpLines.toolsCall(id, "evidence_video_status", Map.of("sessionId", "no-such-session")));
        assertThat(answer.path("result").path("isError").asBoolean()).as(answer.toString()).isTrue();
        assertThat(answer.path("result").path("structuredContent").path("code").asString())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
    }

    private static Arguments line(String name, String line, String expected) {
        return sent(name, s -> s.send(line), expected);
    }

    private static Arguments bytes(String name, byte[] bytes, String expected) {
        return sent(name, s -> s.sendBytes(bytes), expected);
    }

    private static Arguments sent(String name, Consumer<RawMcpServer> send, String expected) {
        return Arguments.of(name, send, expected);
    }

    /** A ping whose params string holds {@code bad}. */
    private static byte[] utf8Case(int... bad) {
        byte[] bytes = new byte[bad.length];
        for (int i = 0; i < bad.length; i++) {
            bytes[i] = (byte) bad[i];
        }
        return concat(PING_PREFIX.getBytes(StandardCharsets.UTF_8), bytes, "\"}}\n".getBytes(StandardCharsets.UTF_8));
    }

    /** The answer to {@link #utf8Case}: the first bad byte sits right after the prefix. */
    private static String utf8Error(int first) {
        return error(null, PARSE, String.format("Parse error: the line is not valid UTF-8 (byte 0x%02X at offset %d)",
                first, PING_PREFIX.getBytes(StandardCharsets.UTF_8).length));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static String error(Object id, int code, String message) {
        return McpLines.error(id, code, message);
    }

    private static String invalid(Object id, String reason) {
        return McpLines.error(id, INVALID, "Invalid Request: " + reason);
    }

    private static JsonNode tree(String json) {
        return ContractJson.mapper().readTree(json);
    }

    /** No adb, no device: the guard and the status tool need neither. */
    static Map<String, String> environment(Path root) {
        Map<String, String> environment = new HashMap<>();
        environment.put("PATH", "/usr/bin:/bin");
        environment.put("HOME", root.toString());
        environment.put("LC_ALL", "C.UTF-8");
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.resolve("evidence").toString());
        return environment;
    }
}
