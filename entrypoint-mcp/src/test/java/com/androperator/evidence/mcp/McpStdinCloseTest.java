package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Closing the server's stdin ends it with status 0 in every state of a session. The exit is
 * awaited with a generous safety limit, not timed as an assertion; the measured time from the
 * close to the exit is printed for the record. (With tool calls in flight: McpToolCallConcurrencyTest.)
 */
class McpStdinCloseTest {
    @TempDir
    Path temp;

    interface Session {
        /** Brings the server into the state; returns the check of the answer expected after stdin closes, or null. */
        Consumer<JsonNode> enter(RawMcpServer server) throws Exception;
    }

    static Stream<Arguments> states() {
        return Stream.of(
                state("nothing sent", server -> null),
                state("a request refused before initialize", server -> {
                    server.call(McpLines.toolsList(1));
                    return null;
                }),
                state("a notification ignored before initialize", server -> {
                    server.send(McpLines.INITIALIZED);
                    server.call(McpLines.ping(1));
                    return null;
                }),
                state("initialize answered, no initialized notification", server -> {
                    server.call(McpLines.INITIALIZE);
                    return null;
                }),
                state("initialized, idle after a tools/call", server -> {
                    server.initialize();
                    server.call(McpLines.toolsCall(2, "evidence_video_status", Map.of("sessionId", "none")));
                    return null;
                }),
                state("inside an unterminated line", server -> {
                    server.initialize();
                    server.sendBytes("{\"jsonrpc\":\"2.0\",\"id\":3,".getBytes(StandardCharsets.UTF_8));
                    return is(McpLines.error(null, -32700, "Parse error: the JSON value is cut short: the line ends inside it"));
                }),
                state("inside an overlong line", server -> {
                    server.initialize();
                    server.sendLong("{\"pad\":\"", 5L * 1024 * 1024, (byte) 'x', "");
                    return is(McpLines.error(null, -32700, "Parse error: the line is " + (5L * 1024 * 1024 + 8)
                            + " bytes long, over the 4194304-byte (4 MiB) limit; it was discarded unread"));
                }),
                state("a tools/call sent just before the close, not yet answered", server -> {
                    server.initialize();
                    server.send(McpLines.toolsCall("last", "evidence_video_status", Map.of("sessionId", "none")));
                    // Still answered: calls in flight get a short grace before the exit.
                    return answer -> {
                        assertThat(answer.path("id").asString()).isEqualTo("last");
                        assertThat(answer.path("result").path("structuredContent").path("code").asString())
                                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
                    };
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    void closingStdinEndsTheServerWithStatusZero(String state, Session session) throws Exception {
        try (RawMcpServer server = RawMcpServer.start(McpStdioGuardTest.environment(temp), temp, List.of())) {
            Consumer<JsonNode> lastAnswer = session.enter(server);

            RawMcpServer.Exit exit = server.closeStdinAndAwaitExit();

            System.out.printf("stdin closed [%s]: exited after %d ms with status %d%n", state, exit.millis(), exit.status());
            assertThat(exit.status()).isZero();
            if (lastAnswer != null) {
                lastAnswer.accept(server.next());
            }
            assertThat(server.unread()).isEmpty();
        }
    }

    private static Arguments state(String name, Session session) {
        return Arguments.of(name, session);
    }

    private static Consumer<JsonNode> is(String expected) {
        return answer -> assertThat(answer).isEqualTo(ContractJson.mapper().readTree(expected));
    }
}
