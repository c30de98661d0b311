package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The MCP server as a process, through the SDK's client over stdio, against the simulated phone
 * through the real adb server. One server (evidence root set by ANDROPERATOR_EVIDENCE_DIR) serves
 * most tests; storage-configuration tests start their own.
 */
class McpServerEndToEndTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path root;
    private static Path tools;
    private static McpServerProcess server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws IOException {
        root = Files.createTempDirectory("mcp-evidence-root-");
        // A host with adb but without scrcpy or ffmpeg: video start is refused before anything happens.
        tools = Files.createTempDirectory("mcp-host-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
        server = McpServerProcess.start(environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", root.toString())), root);
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            server.close();
        } finally {
            for (Path directory : List.of(root, tools)) {
                try (Stream<Path> files = Files.walk(directory)) {
                    for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
        }
    }

    @Test
    void theToolTakesOnlyTheDocumentedFields() {
        Tool tool = server.client().listTools().tools().stream()
                .filter(t -> t.name().equals("evidence_capture")).findFirst().orElseThrow();

        Map<String, Object> schema = tool.inputSchema();
        assertThat(schema).containsEntry("type", "object").containsEntry("additionalProperties", false);
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
        assertThat(properties.keySet()).containsExactlyInAnyOrder("deviceId", "operatorPackage", "timeoutMs", "label",
                "context");
        assertThat(((Map<?, ?>) properties.get("context")).get("type")).isEqualTo("object");
        assertThat(((Map<?, ?>) properties.get("timeoutMs")).get("type")).isEqualTo("integer");
    }

    @Test
    void theVideoToolsTakeOnlyWhatTheSpecLists() {
        Map<String, Map<String, Object>> schemas = new LinkedHashMap<>();
        server.client().listTools().tools().forEach(tool -> schemas.put(tool.name(), tool.inputSchema()));

        assertThat(schemas).containsOnlyKeys("evidence_capture", "evidence_video_start", "evidence_video_status",
                "evidence_video_stop", "configure", "evidence_inspect");
        assertThat(propertyNames(schemas.get("evidence_video_start"))).containsExactlyInAnyOrder(
                "durationSeconds", "size", "label", "context", "deviceId", "operatorPackage");
        for (String tool : List.of("evidence_video_status", "evidence_video_stop")) {
            assertThat(propertyNames(schemas.get(tool))).containsExactly("sessionId");
        }
        schemas.values().forEach(schema -> assertThat(schema).containsEntry("additionalProperties", false));
    }

    @Test
    void videoToolsRefuseOutputPathsAndTargetOverridesAndReportMissingHostTools() throws IOException {
        List<Path> before = bundles();
        CallToolResult outputDir = call("evidence_video_start", Map.of("durationSeconds", 5, "deviceId", lab.serial(),
                "operatorPackage", AdbLab.OPERATOR, "outputDir", temp.resolve("video").toString()));
        assertThat(outputDir.isError()).isTrue();
        assertThat(result(outputDir).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);

        CallToolResult override = call("evidence_video_status", Map.of("sessionId", "abc", "deviceId", lab.serial()));
        assertThat(override.isError()).isTrue();
        assertThat(result(override).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);

        CallToolResult byPath = call("evidence_video_stop", Map.of("manifestPath", "/tmp/x/manifest.json"));
        assertThat(result(byPath).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);

        CallToolResult unknown = call("evidence_video_status", Map.of("sessionId", "no-such-session"));
        assertThat(unknown.isError()).isTrue();
        assertThat(result(unknown).code()).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);

        CallToolResult start = call("evidence_video_start", Map.of("durationSeconds", 5, "deviceId", lab.serial(),
                "operatorPackage", AdbLab.OPERATOR));
        assertThat(start.isError()).isTrue();
        assertThat(result(start).code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(temp.resolve("video")).doesNotExist();
        assertThat(bundles()).isEqualTo(before);
    }

    @Test
    void aSessionTargetSuppliesTheDeviceAndOperatorACallLeavesOut() throws IOException {
        Path sessionRoot = Files.createDirectory(temp.resolve("session-root"));
        try (McpServerProcess targeted = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", sessionRoot.toString())), temp,
                "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR)) {
            CallToolResult call = targeted.client().callTool(request(Map.of()));

            assertThat(call.isError()).isFalse();
            CommandResult result = result(call);
            assertThat(result.status()).isEqualTo("complete");
            Path bundle = Path.of(result.manifestPath()).getParent();
            Conformance.assertConforms(bundle);
            assertThat(manifest(bundle).device().serial()).isEqualTo(lab.serial());
        }
    }

    @Test
    void eachCallAllocatesANewManagedBundleAndReturnsItsManifestPath() throws IOException {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        context.put("attempt", 2);
        context.put("tags", List.of("a", "b"));

        CallToolResult first = capture(Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR,
                "label", "Settings observation", "context", context));
        CallToolResult second = capture(Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR));

        assertThat(first.isError()).isFalse();
        CommandResult result = result(first);
        assertThat(result.ok()).isTrue();
        assertThat(result.status()).isEqualTo("complete");
        Path bundle = root.resolve("bundles").resolve(result.evidenceId());
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        assertThat(((TextContent) first.content().get(0)).text()).isEqualTo(ContractJson.toJson(result));
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.context().asMap()).isEqualTo(context);
        assertThat(manifest.label()).isEqualTo("Settings observation");

        CommandResult again = result(second);
        assertThat(second.isError()).isFalse();
        assertThat(again.evidenceId()).isNotEqualTo(result.evidenceId());
        Conformance.assertConforms(Path.of(again.manifestPath()).getParent());
    }

    static Stream<Arguments> partialCaptures() {
        return Stream.of(
                Arguments.of("operator fails", "operatorFailed"),
                Arguments.of("device cut mid-screenshot", "cut"),
                Arguments.of("budget expires during the hierarchy", "budget"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("partialCaptures")
    void partialAndFailedCapturesAreErrorsThatKeepTheManifestPath(String name, String situation) throws IOException {
        Map<String, Object> arguments = new LinkedHashMap<>(Map.of("deviceId", lab.serial(),
                "operatorPackage", AdbLab.OPERATOR, "context", Map.of("originalVerdict", "passed")));
        switch (situation) {
            case "operatorFailed" -> lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());
            case "cut" -> lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(250_000)).build());
            default -> {
                lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());
                arguments.put("timeoutMs", 6000);
            }
        }

        CallToolResult call = capture(arguments);

        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isIn("partial", "failed");
        Path bundle = Path.of(result.manifestPath()).getParent();
        assertThat(bundle.getParent()).isEqualTo(root.resolve("bundles"));
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo(result.status());
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("originalVerdict", "passed"));
        if (situation.equals("budget")) {
            Artifact hierarchy = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.HIERARCHY)
                    .findFirst().orElseThrow();
            assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
            assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
            CaptureRecord record = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                    .stillRecords().stream().filter(r -> r.kind().equals("hierarchy")).findFirst().orElseThrow();
            assertThat(record.diagnostics()).containsEntry("deadlineOwner", "evidence_capture");
        }
    }

    static Stream<Arguments> operatorFailures() {
        return Stream.of(
                Arguments.of("not installed", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .uninstallPackage(AdbLab.OPERATOR).build(), ErrorCodes.OPERATOR_NOT_INSTALLED),
                Arguments.of("failed envelope", operator(OperatorBehavior.FAILED), "UI_TREE_UNAVAILABLE"),
                Arguments.of("result transport exits", operator(OperatorBehavior.TRANSPORT_EXIT),
                        ErrorCodes.RESULT_TRANSPORT_EXITED),
                Arguments.of("corrupt result chunk", operator(OperatorBehavior.CORRUPT_CHUNK), ErrorCodes.RESULT_ENVELOPE_MALFORMED),
                Arguments.of("device asleep and locked", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .operator(op -> op.withReadiness(Readiness.asleep())).build(), ErrorCodes.DEVICE_NOT_INTERACTIVE),
                Arguments.of("broadcast fails", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder().fault("am broadcast",
                        ServiceFault.fail(255, "Error: Activity Manager is not running")).build(),
                        ErrorCodes.DEVICE_SHELL_UNAVAILABLE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operatorFailures")
    void eachOperatorFailureIsAPartialErrorThatKeepsTheScreenshotAndTheManifestPath(
            String name, UnaryOperator<SimulatorProfile> phone, String hierarchyCode) throws IOException {
        lab.phone(phone);

        CallToolResult call = capture(Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR,
                "context", Map.of("originalVerdict", "failed")));

        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("partial");
        Path bundle = Path.of(result.manifestPath()).getParent();
        assertThat(bundle.getParent()).isEqualTo(root.resolve("bundles"));
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo("partial");
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(hierarchyCode);
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("originalVerdict", "failed"));
    }

    @Test
    void aScreenshotCutWithAFailingOperatorIsAFailedErrorThatKeepsTheManifestPath() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(250_000))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());

        CallToolResult call = capture(Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR));

        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("failed");
        Path bundle = Path.of(result.manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo("failed");
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(manifest.context().asMap()).isEmpty();
    }

    @Test
    void anUnknownDeviceIsRefusedBeforeABundleIsAllocated() throws IOException {
        List<Path> before = bundles();

        CallToolResult call = capture(Map.of("deviceId", "127.0.0.1:1", "operatorPackage", AdbLab.OPERATOR));

        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.code()).isEqualTo(ErrorCodes.DEVICE_NOT_FOUND);
        assertThat(result.manifestPath()).isNull();
        assertThat(bundles()).isEqualTo(before);
    }

    @Test
    void aDiskThatFillsWhileWritingGivesAFailedErrorWithAConformingManifest() throws IOException {
        Path limitedRoot = Files.createDirectory(temp.resolve("limited-root"));
        // 64 KiB per file: the manifest fits, the ~1 MB screenshot and the 200 KB hierarchy do not.
        try (McpServerProcess limited = McpServerProcess.startWithFileSizeLimit(64,
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", limitedRoot.toString())), temp)) {
            CallToolResult call = limited.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR)));

            assertThat(call.isError()).isTrue();
            CommandResult result = result(call);
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(result.status()).isEqualTo("failed");
            Path bundle = Path.of(result.manifestPath()).getParent();
            assertThat(bundle.getParent()).isEqualTo(limitedRoot.resolve("bundles"));
            Conformance.assertConforms(bundle);
            Manifest manifest = manifest(bundle);
            assertThat(manifest.status().wire()).isEqualTo("failed");
            assertThat(manifest.errors()).anySatisfy(error -> assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED));
        }
    }

    @Test
    void aDiskTooFullForTheManifestIsAnErrorThatPromisesNoManifest() throws IOException {
        Path limitedRoot = Files.createDirectory(temp.resolve("limited-root"));
        try (McpServerProcess limited = McpServerProcess.startWithFileSizeLimit(1,
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", limitedRoot.toString())), temp)) {
            CallToolResult call = limited.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR)));

            assertThat(call.isError()).isTrue();
            CommandResult result = result(call);
            assertThat(result.ok()).isFalse();
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(result.manifestPath()).isNull();
            Path bundle = Path.of((String) result.details().asMap().get("bundleDir"));
            assertThat(bundle.getParent()).isEqualTo(limitedRoot.resolve("bundles"));
            assertThat(bundle).isDirectory();
            assertThat(bundle.resolve("manifest.json")).doesNotExist();
        }
    }

    @Test
    void anInvalidCallOnAFreshRootCreatesNoDirectoryAtAll() {
        Path freshRoot = temp.resolve("fresh-root");
        try (McpServerProcess fresh = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", freshRoot.toString())), temp)) {
            for (Map<String, Object> arguments : List.<Map<String, Object>>of(
                    Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR, "label", "x".repeat(2049)),
                    Map.of("deviceId", lab.serial(), "operatorPackage", "a.b;reboot"),
                    Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR, "timeoutMs", 120_001),
                    Map.of("deviceId", " ", "operatorPackage", AdbLab.OPERATOR))) {
                CallToolResult call = fresh.client().callTool(request(arguments));

                assertThat(call.isError()).isTrue();
                assertThat(result(call).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            }
        }
        assertThat(freshRoot).doesNotExist();
    }

    static Stream<Arguments> invalidArguments() {
        return Stream.of(
                Arguments.of("outputDir", Map.of("outputDir", "/tmp/elsewhere")),
                Arguments.of("a raw path", Map.of("path", "/tmp/elsewhere")),
                Arguments.of("an unknown field", Map.of("retries", 3)),
                Arguments.of("context as a JSON string", Map.of("context", "{\"originalVerdict\":\"failed\"}")),
                Arguments.of("context as an array", Map.of("context", List.of(1, 2))),
                Arguments.of("timeoutMs as text", Map.of("timeoutMs", "30000")),
                Arguments.of("timeoutMs with a fraction", Map.of("timeoutMs", 1500.5)),
                Arguments.of("timeoutMs below 1000", Map.of("timeoutMs", 999)),
                Arguments.of("label over 2048 units", Map.of("label", "x".repeat(2049))),
                Arguments.of("deviceId not a string", Map.of("deviceId", 42)),
                Arguments.of("operatorPackage with shell characters", Map.of("operatorPackage", "a.b;reboot")),
                Arguments.of("timeoutMs above 120000", Map.of("timeoutMs", 120_001)),
                Arguments.of("context null", nullValued("context")),
                Arguments.of("context as a number", Map.of("context", 7)),
                Arguments.of("context over 16 KiB", Map.of("context", Map.of("blob", "y".repeat(16 * 1024)))),
                Arguments.of("label of 2049 UTF-16 units in surrogate pairs", Map.of("label", "\uD83D\uDE00".repeat(1024) + "x")),
                Arguments.of("label not a string", Map.of("label", List.of("a"))),
                Arguments.of("deviceId blank", Map.of("deviceId", " ")),
                Arguments.of("operatorPackage empty", Map.of("operatorPackage", "")),
                Arguments.of("a manifest path", Map.of("manifestPath", "/tmp/elsewhere/manifest.json")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidArguments")
    void invalidArgumentsAreRefusedAndAllocateNothing(String name, Map<String, Object> override) throws IOException {
        Map<String, Object> arguments = new LinkedHashMap<>(Map.of("deviceId", lab.serial(),
                "operatorPackage", AdbLab.OPERATOR));
        arguments.putAll(override);
        List<Path> before = bundles();
        int services = lab.simulator().receivedServices().size();

        CallToolResult call = capture(arguments);

        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        // Refused before capture: nothing at all reached the phone.
        assertThat(lab.simulator().receivedServices()).hasSize(services);
        assertThat(result.message()).isNotBlank()
                .as("an MCP client is told the field it sent, never a CLI option").doesNotContain("--");
        assertThat(result.manifestPath()).isNull();
        assertThat(bundles()).isEqualTo(before);
        assertThat(Path.of("/tmp/elsewhere")).doesNotExist();
    }

    @Test
    void aBlankEvidenceRootIsInvalid() throws IOException {
        try (McpServerProcess blank = McpServerProcess.start(environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", " ")), temp)) {
            CallToolResult call = blank.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR)));

            assertThat(call.isError()).isTrue();
            assertThat(result(call).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(result(call).message()).contains("ANDROPERATOR_EVIDENCE_DIR");
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anUnwritableEvidenceRootSaysWhereWhyAndHowToRecover() throws IOException {
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        try (McpServerProcess unwritable = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", file.resolve("evidence").toString())), temp)) {
            CallToolResult call = unwritable.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR)));

            assertThat(call.isError()).isTrue();
            CommandResult result = result(call);
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
            assertThat(result.details().asMap()).containsEntry("path", file.toString()).containsEntry("causeCode", "ENOTDIR")
                    .containsKeys("message", "recovery");
        }
    }

    @Test
    void aRelativeRootIsResolvedAgainstTheServersWorkingDirectoryAndTheDefaultIsBelowHome() throws IOException {
        try (McpServerProcess relative = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", "relative/root")), temp)) {
            CommandResult result = result(relative.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR))));
            assertThat(Path.of(result.manifestPath()).getParent().getParent())
                    .isEqualTo(temp.resolve("relative/root/bundles"));
        }
        Path home = Files.createDirectory(temp.resolve("home"));
        Map<String, String> withoutRoot = environment(Map.of("HOME", home.toString()));
        try (McpServerProcess defaults = McpServerProcess.start(withoutRoot, temp)) {
            CommandResult result = result(defaults.client().callTool(request(Map.of("deviceId", lab.serial(),
                    "operatorPackage", AdbLab.OPERATOR))));
            assertThat(result.ok()).isTrue();
            Path bundle = Path.of(result.manifestPath()).getParent();
            assertThat(bundle).isEqualTo(home.resolve(".androperator/evidence/bundles").resolve(result.evidenceId()));
            Conformance.assertConforms(bundle);
        }
    }

    @Test
    void stdoutCarriesNothingButProtocolMessages() throws Exception {
        Path root = Files.createDirectory(temp.resolve("root"));
        List<String> command = new java.util.ArrayList<>(List.of(McpServerProcess.javaExecutable()));
        command.addAll(McpServerProcess.command());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(temp.resolve("stderr.txt").toFile())
                .redirectOutput(temp.resolve("stdout.txt").toFile());
        builder.environment().clear();
        builder.environment().putAll(environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", root.toString())));
        Process process = builder.start();
        List<String> requests = List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"evidence_capture\","
                        + "\"arguments\":{\"deviceId\":\"" + lab.serial() + "\",\"operatorPackage\":\"" + AdbLab.OPERATOR + "\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"evidence_capture\","
                        + "\"arguments\":{\"outputDir\":\"/tmp/x\"}}}");
        try (var stdin = process.getOutputStream()) {
            for (String request : requests) {
                stdin.write((request + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                int id = request.indexOf("\"id\":");
                if (id >= 0) {
                    // One request at a time, as a client would; closing stdin ends the session at once.
                    awaitLine(temp.resolve("stdout.txt"), request.substring(id, id + 6));
                }
            }
        }
        assertThat(process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("server exits when stdin closes").isTrue();

        List<String> lines = Files.readAllLines(temp.resolve("stdout.txt"));
        assertThat(lines).hasSize(4);
        for (String line : lines) {
            Map<?, ?> message = ContractJson.mapper().readValue(line, Map.class);
            assertThat(message.get("jsonrpc")).as(line).isEqualTo("2.0");
        }
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"id\":3", "manifestPath"));
    }

    /** Waits for the server to have answered, by watching its output grow; bounded by the test's process limit. */
    private static void awaitLine(Path file, String marker) throws IOException, InterruptedException {
        try (var watcher = file.getFileSystem().newWatchService()) {
            file.getParent().register(watcher, java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.readString(file).contains(marker)) {
                var key = watcher.poll(60, java.util.concurrent.TimeUnit.SECONDS);
                assertThat(key).as("the server answered " + marker).isNotNull();
                key.pollEvents();
                key.reset();
            }
        }
    }

    private static Map<String, Object> nullValued(String field) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put(field, null);
        return arguments;
    }

    private static UnaryOperator<SimulatorProfile> operator(OperatorBehavior behavior) {
        return p -> p.toBuilder().operator(op -> op.withBehavior(behavior)).build();
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    private static CallToolResult capture(Map<String, Object> arguments) {
        return server.client().callTool(request(arguments));
    }

    private static List<String> propertyNames(Map<String, Object> schema) {
        return ((Map<?, ?>) schema.get("properties")).keySet().stream().map(String::valueOf).toList();
    }

    private static CallToolResult call(String tool, Map<String, Object> arguments) {
        return server.client().callTool(CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static CallToolRequest request(Map<String, Object> arguments) {
        return CallToolRequest.builder("evidence_capture").arguments(arguments).build();
    }

    private static CommandResult result(CallToolResult call) {
        CommandResult structured = ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
        String text = ((TextContent) call.content().get(0)).text();
        assertThat(ContractJson.read(text.getBytes(StandardCharsets.UTF_8), CommandResult.class)).isEqualTo(structured);
        return structured;
    }

    private static Manifest manifest(Path bundle) throws IOException {
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    private static List<Path> bundles() throws IOException {
        Path bundles = root.resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(bundles)) {
            return files.sorted().toList();
        }
    }

    /** This JVM's environment for the adb server under test, PATH with adb only, and {@code overrides} on top. */
    private static Map<String, String> environment(Map<String, String> overrides) {
        Map<String, String> environment = lab.environment();
        environment.put("PATH", tools.toString());
        environment.putAll(overrides);
        return environment;
    }
}
