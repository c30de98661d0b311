package com.androperator.evidence.mcp;

import static com.androperator.evidence.mcp.TypeScriptMcpClient.list;
import static com.androperator.evidence.mcp.TypeScriptMcpClient.map;
import static com.androperator.evidence.mcp.TypeScriptMcpClient.step;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Progress notifications of evidence_video_stop, received by the official MCP TypeScript SDK's
 * client ({@link TypeScriptMcpClient}) that sent a progressToken, over a real recording: the
 * simulated phone, the fake scrcpy and real ffmpeg through the server process and its worker.
 */
class McpVideoProgressTest {
    private static final Duration SETTLE = Duration.ofSeconds(45);

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path scratch;
    private static VideoToolbox toolbox;
    private static TypeScriptMcpClient client;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        client = TypeScriptMcpClient.installed();
        scratch = Files.createTempDirectory("mcp-video-progress-");
        toolbox = VideoToolbox.prepare(scratch);
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            assertThat(VideoToolbox.awaitNoProcessMentions(scratch, SETTLE)).as("no recorder outlives the class").isTrue();
        } finally {
            if (lab != null) {
            }
            VideoToolbox.deleteTree(scratch);
        }
    }

    @Test
    void aStopWithAProgressTokenIsToldHowFinalizationAdvancesUpToItsTotal() throws Exception {
        Path root = Files.createDirectory(scratch.resolve("root"));
        Map<String, String> environment = new HashMap<>(toolbox.environment(lab.environment()));
        environment.put("TMPDIR", scratch.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        Map<String, Object> started = map(list(client.run(McpServerProcess.javaExecutable(), McpServerProcess.command(),
                environment, root, List.of(step("start", "evidence_video_start", Map.of("deviceId", lab.serial(),
                        "durationSeconds", 30, "size", "324x720"), false))).get("steps")).get(0).get("structuredContent"));
        String sessionId = (String) started.get("sessionId");
        assertThat(started).as("%s", started).containsEntry("status", "recording");
        // Stopped once it holds frames (a stop before the first frame is a legitimately failed recording),
        // by another server process on the same evidence root: the session outlived the first.
        assertThat(toolbox.awaitEncodedFrames(Path.of(sessionId), 10, SETTLE)).isTrue();
        List<Map<String, Object>> steps = List.of(
                step("stop", "evidence_video_stop", Map.of("sessionId", sessionId), true),
                step("status", "evidence_video_status", Map.of("sessionId", "${stop.sessionId}"), false));

        Map<String, Object> report = client.run(McpServerProcess.javaExecutable(), McpServerProcess.command(),
                environment, root, steps);

        List<Map<String, Object>> outcomes = list(report.get("steps"));
        for (Map<String, Object> outcome : outcomes) {
            assertThat(outcome.get("validated")).as("%s: %s", outcome.get("name"), outcome.get("error")).isEqualTo(true);
        }
        Map<String, Object> stopped = map(outcomes.get(0).get("structuredContent"));
        assertThat(stopped).as("%s", stopped).containsEntry("ok", true).containsEntry("status", "complete");
        List<Map<String, Object>> progress = list(outcomes.get(0).get("progress"));
        assertThat(progress).as("notifications: %s", progress).hasSizeGreaterThanOrEqualTo(2);
        for (int i = 1; i < progress.size(); i++) {
            assertThat(((Number) progress.get(i).get("progress")).doubleValue()).as("MCP: progress grows, %s", progress)
                    .isGreaterThan(((Number) progress.get(i - 1).get("progress")).doubleValue());
        }
        Map<String, Object> last = progress.get(progress.size() - 1);
        assertThat(last.get("total")).as("the last one is at its total: %s", progress).isNotNull()
                .isEqualTo(last.get("progress"));
        double total = ((Number) last.get("total")).doubleValue();
        assertThat(total % 3).as("three passes over the source's frames").isZero();
        assertThat(total).isPositive();
        assertThat(progress).allMatch(notification -> notification.get("message") instanceof String text
                && !text.isBlank());
        assertThat(map(outcomes.get(1).get("structuredContent"))).containsEntry("status", "complete")
                .doesNotContainKey("details");
        Conformance.assertConforms(root.resolve("bundles").resolve(sessionId));
    }
}
