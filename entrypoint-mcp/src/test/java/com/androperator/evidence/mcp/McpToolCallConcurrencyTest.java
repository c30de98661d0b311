package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Slow tool calls never hold up fast ones. The phone's Operator never answers snapshot_ui, so a
 * capture waits out its whole budget; once the simulator has received every slow capture's
 * dispatch, all of them are running in the server, and a fast call must be answered before any
 * of them finishes. Proven by the order of events, not by time; latencies are printed.
 */
class McpToolCallConcurrencyTest {
    private static final int SLOW_CALLS = 24;
    /** The longest budget a capture accepts: far beyond the time the fast calls need, even on a loaded host. */
    private static final int SLOW_BUDGET_MS = 120_000;
    /** Safety net for the slow captures to reach their dispatch. */
    private static final Duration DISPATCH_LIMIT = Duration.ofSeconds(240);

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    @TempDir
    static Path tools;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws IOException {
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
    }

    @BeforeEach
    void silentOperator() {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());
    }

    @Test
    void fastCallsAreAnsweredWhileTwentyFourSlowCapturesRun() throws Exception {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        ExecutorService callers = Executors.newFixedThreadPool(SLOW_CALLS, daemon());
        int dispatchedBefore = snapshotDispatches();
        try (McpServerProcess server = McpServerProcess.start(environment(), temp)) {
            for (int i = 0; i < SLOW_CALLS; i++) {
                int call = i;
                callers.execute(() -> {
                    try {
                        server.client().callTool(CallToolRequest.builder("evidence_capture").arguments(slowCapture()).build());
                        events.add("slow capture " + call + " answered");
                    } catch (RuntimeException e) {
                        // The session ends with the test while the capture still runs: no answer, by design.
                    }
                });
            }
            awaitSnapshotDispatches(dispatchedBefore + SLOW_CALLS);

            long started = System.nanoTime();
            CallToolResult status = server.client().callTool(CallToolRequest.builder("evidence_video_status")
                    .arguments(Map.of("sessionId", "no-such-session")).build());
            events.add("status answered");
            long statusMs = elapsedMs(started);
            started = System.nanoTime();
            int listed = server.client().listTools().tools().size();
            events.add("tools/list answered");
            long listMs = elapsedMs(started);
            started = System.nanoTime();
            CallToolResult refused = server.client().callTool(CallToolRequest.builder("evidence_capture")
                    .arguments(Map.of("deviceId", lab.serial(), "label", "x".repeat(2049))).build());
            events.add("refused capture answered");
            long refusalMs = elapsedMs(started);

            assertThat(events).containsExactly("status answered", "tools/list answered", "refused capture answered");
            assertThat(structured(status).get("code")).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            assertThat(listed).isEqualTo(6);
            assertThat(structured(refused).get("code")).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            System.out.printf("with %d slow captures in flight: evidence_video_status %d ms, tools/list %d ms, "
                    + "refused capture %d ms%n", SLOW_CALLS, statusMs, listMs, refusalMs);
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aRawClientSeesTheFastAnswerFirstAndStdinClosingSettlesTheCapturesInFlight() throws Exception {
        int dispatchedBefore = snapshotDispatches();
        try (RawMcpServer server = RawMcpServer.start(environment(), temp, List.of())) {
            server.initialize();
            for (int i = 0; i < SLOW_CALLS; i++) {
                server.send(McpLines.toolsCall("slow-" + i, "evidence_capture", slowCapture()));
            }
            awaitSnapshotDispatches(dispatchedBefore + SLOW_CALLS);

            long started = System.nanoTime();
            server.send(McpLines.toolsCall("fast", "evidence_video_status", Map.of("sessionId", "no-such-session")));
            JsonNode first = server.next();
            long fastMs = elapsedMs(started);

            assertThat(first.path("id").asString()).as("the first answer of all").isEqualTo("fast");
            assertThat(first.path("result").path("structuredContent").path("code").asString())
                    .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            RawMcpServer.Exit exit = server.closeStdinAndAwaitExit();
            System.out.printf("raw client, %d slow captures in flight: fast call answered in %d ms; stdin closed: "
                    + "exited after %d ms with status %d%n", SLOW_CALLS, fastMs, exit.millis(), exit.status());
            assertThat(exit.status()).isZero();
            // Leaving never cuts a capture short: each one in flight is cancelled and answered before the exit.
            assertThat(server.unread()).as("every slow capture answered as cancelled").filteredOn(line -> line.contains("\"slow-"))
                    .isNotEmpty().allMatch(line -> line.contains("COMMAND_CANCELLED"));
        }
    }

    @Test
    void pastTheToolCallLimitACallIsRefusedAtOnceAsBusy() throws Exception {
        int dispatchedBefore = snapshotDispatches();
        try (RawMcpServer server = RawMcpServer.start(environment(), temp, List.of(), "--max-tool-calls", "2")) {
            server.initialize();
            server.send(McpLines.toolsCall("slow-1", "evidence_capture", slowCapture()));
            server.send(McpLines.toolsCall("slow-2", "evidence_capture", slowCapture()));
            awaitSnapshotDispatches(dispatchedBefore + 2);

            JsonNode busy = server.call(McpLines.toolsCall("third", "evidence_video_status", Map.of("sessionId", "x")));
            JsonNode listed = server.call(McpLines.toolsList("list"));

            assertThat(busy.path("result").path("isError").asBoolean()).isTrue();
            assertThat(busy.path("result").path("structuredContent")).isEqualTo(ContractJson.mapper().readTree(
                    "{\"ok\":false,\"code\":\"SERVER_BUSY\",\"message\":\"The server is already running 2 tool calls, "
                            + "its limit, so evidence_video_status was not started. Retry once a call has answered, or "
                            + "start the server with a higher --max-tool-calls.\",\"details\":{\"limit\":2,"
                            + "\"tool\":\"evidence_video_status\"}}"));
            assertThat(listed.path("result").path("tools")).hasSize(6);
            RawMcpServer.Exit exit = server.closeStdinAndAwaitExit();
            System.out.printf("2 slow captures in flight at the limit: stdin closed: exited after %d ms with status %d%n",
                    exit.millis(), exit.status());
            assertThat(exit.status()).isZero();
        }
    }

    @Test
    void aToolCallLimitOutsideOneTo1024IsAUsageError() throws Exception {
        for (String limit : List.of("0", "1025", "-3", "many")) {
            try (RawMcpServer server = RawMcpServer.start(environment(), temp, List.of(), "--max-tool-calls", limit)) {
                RawMcpServer.Exit exit = server.closeStdinAndAwaitExit();
                assertThat(exit.status()).as(limit).isEqualTo(2);
                assertThat(server.awaitStderr(line -> line.startsWith("usage: androperator-mcp"))).contains("--max-tool-calls");
            }
        }
    }

    private static Map<String, Object> slowCapture() {
        return Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR, "timeoutMs", SLOW_BUDGET_MS);
    }

    private static int snapshotDispatches() {
        return (int) lab.simulator().receivedServices().stream().filter(McpToolCallConcurrencyTest::isSnapshot).count();
    }

    private static boolean isSnapshot(String service) {
        return service.contains("am broadcast") && service.contains("snapshot_ui");
    }

    /** Waits until the phone has received {@code total} snapshot_ui dispatches in all (the service log's lock is reentrant). */
    private static void awaitSnapshotDispatches(int total) throws InterruptedException {
        String reached = lab.simulator().awaitService(service -> isSnapshot(service) && snapshotDispatches() >= total,
                DISPATCH_LIMIT);
        assertThat(reached).as("%d snapshot dispatches reached the phone (%d did)", total, snapshotDispatches()).isNotNull();
    }

    private static long elapsedMs(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    private Map<String, String> environment() {
        Map<String, String> environment = lab.environment();
        environment.put("PATH", tools.toString());
        environment.put("HOME", temp.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("evidence").toString());
        return environment;
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return task -> {
            Thread thread = new Thread(task, "slow-caller");
            thread.setDaemon(true);
            return thread;
        };
    }
}
