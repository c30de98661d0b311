package com.androperator.evidence.mcp;

import static com.androperator.evidence.mcp.TypeScriptMcpClient.list;
import static com.androperator.evidence.mcp.TypeScriptMcpClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an MCP client other than the Java SDK's discovers and gets: the official TypeScript SDK's
 * client (node, {@link TypeScriptMcpClient}) starts the server process as a client configuration
 * says (command, arguments, and only the environment a client passes: ANDROID_ADB_SERVER_PORT and
 * ANDROPERATOR_EVIDENCE_DIR), lists the tools, and calls them against the simulated phone through
 * the real adb server. Its callTool validates every structured result against the tool's
 * outputSchema, so each call that returns has passed that check.
 */
class McpTypeScriptClientTest {
    private static final String EMOJI = "\uD83D\uDE00";

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path root;
    private static Path tools;
    private static TypeScriptMcpClient client;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        client = TypeScriptMcpClient.installed();
        root = Files.createTempDirectory("mcp-ts-evidence-root-");
        tools = Files.createTempDirectory("mcp-ts-host-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (lab != null) {
            }
        } finally {
            for (Path directory : new Path[] {root, tools}) {
                if (directory == null) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(directory)) {
                    for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
        }
    }

    @Test
    void theClientDiscoversInstructionsAndAnOutputSchemaOnEveryTool() throws Exception {
        Map<String, Object> report = run(List.of());

        assertThat(report.get("instructions")).isEqualTo(ToolSchemas.INSTRUCTIONS);
        assertThat((String) report.get("instructions")).contains("sessionId", "ANDROPERATOR_EVIDENCE_DIR",
                "stay on the machine", "progressToken");
        List<Map<String, Object>> listed = list(report.get("tools"));
        assertThat(listed).extracting(tool -> tool.get("name")).contains("evidence_capture", "evidence_video_start",
                "evidence_video_status", "evidence_video_stop");
        // The published result schema, self-contained: the same tree on every evidence tool; configure's
        // is its defaults or that result (a refusal).
        Map<String, Object> expected = ContractJson.mapper().convertValue(ToolOutputSchema.result(), LinkedHashMap.class);
        Map<String, Object> configure = ContractJson.mapper().convertValue(ToolOutputSchema.configure(),
                LinkedHashMap.class);
        Map<String, Object> inspect = ContractJson.mapper().convertValue(ToolOutputSchema.inspect(), LinkedHashMap.class);
        for (Map<String, Object> tool : listed) {
            assertThat(tool.get("outputSchema")).as("%s outputSchema", tool.get("name"))
                    .isEqualTo(tool.get("name").equals("configure") ? configure
                            : tool.get("name").equals("evidence_inspect") ? inspect : expected);
            // Every tool says what it is and what it touches.
            Map<String, Object> annotations = map(tool.get("annotations"));
            assertThat(tool.get("title")).isNotNull();
            assertThat(annotations).containsEntry("destructiveHint", false).containsKeys("readOnlyHint", "openWorldHint");
        }
        assertThat(map(list(listed.stream().filter(t -> t.get("name").equals("evidence_inspect")).toList()).get(0)
                .get("annotations"))).containsEntry("readOnlyHint", true).containsEntry("openWorldHint", false);
        assertThat(ContractJson.toJson(expected)).doesNotContain("error-1.schema.json").contains("\"#/$defs/code\"");
        for (String name : List.of("evidence_capture", "evidence_video_start")) {
            Map<String, Object> label = property(listed, name, "label");
            // maxLength counts code points; the server counts UTF-16 units, so the limit is in words.
            assertThat(label).doesNotContainKey("maxLength");
            assertThat((String) label.get("description")).contains("2048 UTF-16 code units");
            assertThat((String) property(listed, name, "context").get("description")).contains("16384 bytes (16 KiB)");
            assertThat(property(listed, name, "deviceId")).containsEntry("maxLength", 255);
        }
        assertThat(property(listed, "evidence_capture", "timeoutMs")).containsEntry("minimum", 1000)
                .containsEntry("maximum", 120000);
        assertThat(property(listed, "evidence_video_start", "durationSeconds")).containsEntry("minimum", 1)
                .containsEntry("maximum", 180);
    }

    @Test
    void aCaptureAndEveryRefusalMatchTheOutputSchemaAndSpeakInMcpFieldNames() throws Exception {
        String atTheLimit = EMOJI.repeat(Manifest.MAX_LABEL_UTF16_UNITS / 2);
        String overTheLimit = atTheLimit + EMOJI;
        Map<String, Object> tooBig = Map.of("blob", "x".repeat(16 * 1024));
        List<Map<String, Object>> steps = List.of(
                step("capture", "evidence_capture", Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR,
                        "label", atTheLimit, "context", Map.of("originalVerdict", "failed", "client", "typescript"))),
                step("labelOverLimit", "evidence_capture", Map.of("deviceId", lab.serial(), "operatorPackage",
                        AdbLab.OPERATOR, "label", overTheLimit)),
                step("contextOverLimit", "evidence_capture", Map.of("deviceId", lab.serial(), "operatorPackage",
                        AdbLab.OPERATOR, "context", tooBig)),
                step("unknownDevice", "evidence_capture", Map.of("deviceId", "emulator-5598", "operatorPackage",
                        AdbLab.OPERATOR, "timeoutMs", 5000)),
                step("unknownSession", "evidence_video_status", Map.of("sessionId", "no-such-session-1")),
                step("stopUnknownSession", "evidence_video_stop", Map.of("sessionId", "no-such-session-2")));

        Map<String, Object> report = run(steps);

        List<Map<String, Object>> outcomes = list(report.get("steps"));
        for (Map<String, Object> outcome : outcomes) {
            assertThat(outcome.get("validated")).as("%s: %s", outcome.get("name"), outcome.get("error")).isEqualTo(true);
            assertThat(outcome.get("text")).as("%s: the text is the structured content as JSON", outcome.get("name"))
                    .isEqualTo(List.of(ContractJson.toJson(outcome.get("structuredContent"))));
        }
        Map<String, Object> capture = structured(outcomes, "capture");
        assertThat(capture).containsEntry("ok", true).containsEntry("status", "complete");
        Path bundle = Path.of((String) capture.get("manifestPath")).getParent();
        assertThat(bundle.getParent()).isEqualTo(root.resolve("bundles"));
        Conformance.assertConforms(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        assertThat(manifest.label()).isEqualTo(atTheLimit);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");

        Map<String, Object> label = structured(outcomes, "labelOverLimit");
        assertThat(label).containsEntry("code", ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(map(label.get("details"))).containsEntry("option", "label");
        assertThat((String) label.get("message")).startsWith("label is 2050 UTF-16 code units long").doesNotContain("--");
        Map<String, Object> context = structured(outcomes, "contextOverLimit");
        assertThat(map(context.get("details"))).containsEntry("option", "context");
        assertThat((String) context.get("message")).contains("at most 16384 (16 KiB)").doesNotContain("--");

        Map<String, Object> device = structured(outcomes, "unknownDevice");
        assertThat(device.get("ok")).isEqualTo(false);
        assertThat(device.get("message") + " " + device.get("hint")).contains("deviceId").doesNotContain("--device");

        for (String name : List.of("unknownSession", "stopUnknownSession")) {
            Map<String, Object> unknown = structured(outcomes, name);
            assertThat(unknown).containsEntry("code", ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            assertThat(ContractJson.toJson(unknown)).as("no evidence-root path in %s", unknown)
                    .doesNotContain(root.toString()).doesNotContain("/bundles/");
            assertThat((String) unknown.get("message")).contains("no-such-session-", "there is no bundle with that name");
        }
    }

    @Test
    void aStillCaptureIsNoVideoSessionAndTheAnswerNamesNoPath() throws Exception {
        Map<String, Object> capture = structured(list(run(List.of(step("capture", "evidence_capture",
                Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR)))).get("steps")), "capture");
        String evidenceId = (String) capture.get("evidenceId");

        Map<String, Object> status = structured(list(run(List.of(step("status", "evidence_video_status",
                Map.of("sessionId", evidenceId)))).get("steps")), "status");

        assertThat(status).containsEntry("code", ErrorCodes.EVIDENCE_SESSION_NOT_FOUND).doesNotContainKey("manifestPath");
        assertThat((String) status.get("message")).contains(evidenceId, "still capture").doesNotContain(root.toString());
    }

    @Test
    void aCaptureWithAProgressTokenHearsTheTimePassAgainstItsBudget() throws Exception {
        // A silent Operator: the hierarchy waits out the whole 3 s budget.
        lab.phone(profile -> profile.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());
        Map<String, Object> step = step("capture", "evidence_capture", Map.of("deviceId", lab.serial(),
                "operatorPackage", AdbLab.OPERATOR, "timeoutMs", 3000));
        step.put("progress", true);
        Map<String, Object> outcome;
        try {
            outcome = list(run(List.of(step)).get("steps")).get(0);
        } finally {
            lab.reset();
        }

        assertThat(outcome.get("validated")).as("%s", outcome.get("error")).isEqualTo(true);
        assertThat(map(outcome.get("structuredContent"))).containsEntry("status", "partial");
        List<Map<String, Object>> progress = list(outcome.get("progress"));
        assertThat(progress).as("one a second while the 3 s budget runs").isNotEmpty();
        for (int i = 0; i < progress.size(); i++) {
            Map<String, Object> notification = progress.get(i);
            double value = ((Number) notification.get("progress")).doubleValue();
            assertThat(notification.get("total")).isEqualTo(3000);
            assertThat(value).isLessThan(3000);
            if (i > 0) {
                assertThat(value).isGreaterThan(((Number) progress.get(i - 1).get("progress")).doubleValue());
            }
            assertThat((String) notification.get("message")).matches("capturing: [0-9.]+ s elapsed of its 3 s budget");
        }
    }

    private static Map<String, Object> run(List<Map<String, Object>> steps) throws IOException, InterruptedException {
        // Only what a client configuration passes: the adb server's port and the evidence root (plus a PATH with adb).
        Map<String, String> environment = new LinkedHashMap<>(lab.adb().environment());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        environment.put("PATH", tools.toString());
        environment.put("HOME", root.toString());
        return client.run(McpServerProcess.javaExecutable(), McpServerProcess.command(), environment, root, steps);
    }

    private static Map<String, Object> step(String name, String tool, Map<String, Object> arguments) {
        return TypeScriptMcpClient.step(name, tool, arguments, false);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(List<Map<String, Object>> outcomes, String name) {
        Map<String, Object> outcome = outcomes.stream().filter(o -> name.equals(o.get("name"))).findFirst().orElseThrow();
        assertThat(outcome.get("validated")).as("%s: %s", name, outcome.get("error")).isEqualTo(true);
        return (Map<String, Object>) outcome.get("structuredContent");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(List<Map<String, Object>> tools, String tool, String property) {
        Map<String, Object> found = tools.stream().filter(t -> tool.equals(t.get("name"))).findFirst().orElseThrow();
        Map<String, Object> schema = (Map<String, Object>) found.get("inputSchema");
        return (Map<String, Object>) ((Map<String, Object>) schema.get("properties")).get(property);
    }
}
