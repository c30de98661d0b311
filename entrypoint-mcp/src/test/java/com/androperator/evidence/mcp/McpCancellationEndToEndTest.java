package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MCP server leaving while captures are in flight (SIGINT, SIGTERM, the client closing
 * stdin): each capture is cancelled, recorded COMMAND_CANCELLED, its manifest finalized and its
 * tool result written, then the server exits. Two captures wait on a silent Operator, each with a
 * 60 s budget, so an answer before that is the cancellation. Times are printed, not asserted.
 */
class McpCancellationEndToEndTest {
    private static final Duration PHASE_LIMIT = Duration.ofSeconds(60);
    private static final String SNAPSHOT_BROADCAST = "snapshot_ui";
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path tools;

    @TempDir
    Path temp;
    private Path root;

    @BeforeAll
    static void start() throws IOException {
        tools = Files.createTempDirectory("mcp-cancel-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
    }

    @AfterAll
    static void stop() throws IOException {
        Files.delete(tools.resolve("adb"));
        Files.delete(tools);
    }

    @BeforeEach
    void silentSnapshot() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());
        root = Files.createDirectory(temp.resolve("root"));
    }

    private RawMcpClient server() {
        Map<String, String> environment = lab.environment();
        environment.put("PATH", tools.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        return RawMcpClient.start(environment, temp);
    }

    /** Starts two captures and returns once the phone has received both snapshot broadcasts. */
    private List<Integer> twoCapturesInFlight(RawMcpClient server) throws InterruptedException {
        int from = lab.simulator().receivedServices().size();
        List<Integer> ids = new ArrayList<>();
        for (String label : List.of("first", "second")) {
            ids.add(server.call("evidence_capture", "{\"deviceId\":\"" + lab.serial() + "\",\"operatorPackage\":\""
                    + AdbLab.OPERATOR + "\",\"timeoutMs\":60000,\"label\":\"" + label + "\","
                    + "\"context\":{\"originalVerdict\":\"failed\"}}"));
        }
        Predicate<String> snapshot = s -> s.contains("am broadcast") && s.contains(SNAPSHOT_BROADCAST);
        for (int i = 0; i < 2; i++) {
            assertThat(lab.simulator().awaitService(snapshot, from, PHASE_LIMIT)).as("snapshot %d dispatched; answers so"
                    + " far: %s", i + 1, server.linesSoFar()).isNotNull();
            List<String> services = lab.simulator().receivedServices();
            for (int at = from; at < services.size(); at++) {
                if (snapshot.test(services.get(at))) {
                    from = at + 1;
                    break;
                }
            }
        }
        return ids;
    }

    private void assertCancelledBundles(RawMcpClient server, List<Integer> ids, String cancelledBy) throws IOException {
        for (int id : ids) {
            Map<String, Object> response = server.response(id);
            assertThat(RawMcpClient.isError(response)).isTrue();
            Map<String, Object> result = RawMcpClient.structured(response);
            assertThat(result).containsEntry("ok", false).containsEntry("status", "partial")
                    .containsEntry("code", ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            Path bundle = Path.of((String) result.get("manifestPath")).getParent();
            assertThat(bundle.getParent()).isEqualTo(root.resolve("bundles"));
            assertCancelled(bundle, cancelledBy);
        }
    }

    private static void assertCancelled(Path bundle, String cancelledBy) throws IOException {
        Conformance.assertConforms(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("originalVerdict", "failed"));
        CaptureRecord hierarchy = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")),
                CapturesFile.class).stillRecords().stream().filter(r -> r.kind().equals("hierarchy")).findFirst().orElseThrow();
        assertThat(hierarchy.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(hierarchy.diagnostics()).containsEntry("cancelledBy", cancelledBy).containsEntry("command", "snapshot")
                .containsEntry("dispatched", true);
    }

    private List<Path> bundles() throws IOException {
        try (var files = Files.list(root.resolve("bundles"))) {
            return files.toList();
        }
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalCancelsTheCapturesInFlightAnswersThemAndExits(String signal) throws Exception {
        try (RawMcpClient server = server()) {
            List<Integer> ids = twoCapturesInFlight(server);

            long signalled = System.nanoTime();
            server.signal(signal);
            int status = server.awaitExit();
            System.out.printf("MCP server, SIG%s with 2 captures in flight: %d ms from signal to exit%n", signal,
                    (System.nanoTime() - signalled) / 1_000_000L);

            assertThat(status).as(String.join("\n", server.stderr())).isEqualTo("INT".equals(signal) ? 130 : 143);
            assertCancelledBundles(server, ids, "SIG" + signal);
            assertThat(bundles()).hasSize(2);
        }
    }

    @Test
    void closingStdinCancelsTheCapturesInFlightAndFinalizesThem() throws Exception {
        try (RawMcpClient server = server()) {
            List<Integer> ids = twoCapturesInFlight(server);

            long closed = System.nanoTime();
            server.closeStdin();
            int status = server.awaitExit();
            System.out.printf("MCP server, stdin closed with 2 captures in flight: %d ms to exit (status %d)%n",
                    (System.nanoTime() - closed) / 1_000_000L, status);

            assertThat(bundles()).hasSize(2);
            for (Path bundle : bundles()) {
                assertCancelled(bundle, "stdin closed");
            }
            // The client stopped writing but still reads: the results were written before the server left.
            assertCancelledBundles(server, ids, "stdin closed");
        }
    }
}
