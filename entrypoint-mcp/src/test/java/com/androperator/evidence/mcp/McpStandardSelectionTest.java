package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server as a process, through the SDK's client over stdio, on two simulated phones behind
 * the real adb server: each device-selection code, the server's ANDROID_SERIAL and
 * ANDROPERATOR_OPERATOR_PACKAGE, and the {@code configure} tool's session defaults (set, used by
 * later calls that omit them, overridden by a call's own value, refused like capture arguments,
 * cleared with null).
 */
class McpStandardSelectionTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static DeviceSimulator second;
    private static String secondSerial;
    private static Path tools;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws IOException {
        second = lab.attach(SampleProfiles.pixel());
        secondSerial = second.serial();
        tools = Files.createTempDirectory("mcp-selection-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
    }

    @AfterAll
    static void stop() throws IOException {
        Files.deleteIfExists(tools.resolve("adb"));
        Files.deleteIfExists(tools);
    }

    private McpServerProcess server(Map<String, String> overrides) throws IOException {
        Map<String, String> environment = lab.environment();
        environment.put("PATH", tools.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", Files.createDirectories(temp.resolve("root")).toString());
        environment.putAll(overrides);
        return McpServerProcess.start(environment, temp);
    }

    @Test
    void severalDevicesAndNoneChosenIsMultipleDevicesDeviceIdRequiredAndAnUnknownOneIsDeviceNotFound()
            throws IOException {
        try (McpServerProcess server = server(Map.of())) {
            CommandResult several = refused(call(server, "evidence_capture", Map.of("operatorPackage", AdbLab.OPERATOR)),
                    ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
            assertThat(several.details().asMap()).containsKey("serials");
            // The selector's hint names the field to fix as this edge spells it.
            assertThat(several.hint()).contains("pass deviceId <serial>").doesNotContain("--");
            refused(call(server, "evidence_capture", Map.of("deviceId", "127.0.0.1:1")), ErrorCodes.DEVICE_NOT_FOUND);
        }
        assertThat(bundles()).isEmpty();
    }

    @Test
    void noDeviceAttachedIsNoDevices() throws IOException {
        try (PrivateAdbLab empty = PrivateAdbLab.start();
             McpServerProcess server = server(empty.adb().environment())) {
            CommandResult result = refused(call(server, "evidence_capture", Map.of()), ErrorCodes.NO_DEVICES);
            assertThat(result.message()).contains("no device is attached");
        }
        assertThat(bundles()).isEmpty();
    }

    @Test
    void theServersAndroidSerialAndOperatorPackageVariableFillACallThatOmitsThem() throws IOException {
        try (McpServerProcess server = server(Map.of("ANDROID_SERIAL", secondSerial,
                "ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR))) {
            Manifest manifest = completed(call(server, "evidence_capture", Map.of()));
            assertThat(manifest.device().serial()).isEqualTo(secondSerial);
            assertThat(manifest.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);

            // A call's own deviceId wins over ANDROID_SERIAL.
            assertThat(completed(call(server, "evidence_capture", Map.of("deviceId", lab.serial()))).device().serial())
                    .isEqualTo(lab.serial());
        }
    }

    @Test
    void configureSetsSessionDefaultsThatLaterCallsUseAndACallsOwnValueOverrides() throws IOException {
        try (McpServerProcess server = server(Map.of())) {
            CallToolResult configured = call(server, "configure", Map.of("deviceId", secondSerial,
                    "operatorPackage", AdbLab.OPERATOR, "timeoutMs", 60_000));
            assertThat(configured.isError()).as(text(configured)).isFalse();
            assertThat(configured.structuredContent()).asInstanceOf(
                    org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("ok", true)
                    .containsEntry("defaults", Map.of("deviceId", secondSerial, "operatorPackage", AdbLab.OPERATOR,
                            "timeoutMs", 60_000));

            int before = second.receivedServices().size();
            Manifest configuredTarget = completed(call(server, "evidence_capture", Map.of()));
            assertThat(configuredTarget.device().serial()).isEqualTo(secondSerial);
            assertThat(configuredTarget.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
            // The configured budget reached the Operator: its engine timeout is at most the budget, above 30000.
            assertThat(engineTimeouts(second, before)).as("snapshot engine timeouts").isNotEmpty()
                    .allSatisfy(timeout -> assertThat(timeout).isGreaterThan(30_000L).isLessThanOrEqualTo(60_000L));

            Manifest overridden = completed(call(server, "evidence_capture", Map.of("deviceId", lab.serial())));
            assertThat(overridden.device().serial()).isEqualTo(lab.serial());
            assertThat(overridden.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
        }
    }

    @Test
    void configureRefusesInvalidValuesInTheClientsTermsAndChangesNothing() throws IOException {
        try (McpServerProcess server = server(Map.of())) {
            assertThat(call(server, "configure", Map.of("deviceId", secondSerial)).isError()).isFalse();

            Map<String, Map<String, Object>> invalid = new LinkedHashMap<>();
            invalid.put("deviceId", Map.of("deviceId", "two words", "timeoutMs", 5_000));
            invalid.put("operatorPackage", Map.of("operatorPackage", "not-a-package"));
            invalid.put("timeoutMs", Map.of("timeoutMs", 999));
            invalid.put("unknown", Map.of("outputDir", "/tmp/x"));
            for (Map.Entry<String, Map<String, Object>> entry : invalid.entrySet()) {
                CommandResult result = refused(call(server, "configure", entry.getValue()),
                        ErrorCodes.EXECUTION_VALIDATION_FAILED);
                if (!entry.getKey().equals("unknown")) {
                    assertThat(result.message()).as(entry.getKey()).contains(entry.getKey()).doesNotContain("--");
                    assertThat(result.details().asMap()).containsEntry("option", entry.getKey());
                }
            }
            CallToolResult typed = call(server, "configure", Map.of("timeoutMs", "60000"));
            assertThat(refused(typed, ErrorCodes.EXECUTION_VALIDATION_FAILED).message()).contains("timeoutMs");

            // Nothing changed: the device configured first is still the default.
            Manifest manifest = completed(call(server, "evidence_capture", Map.of("operatorPackage", AdbLab.OPERATOR)));
            assertThat(manifest.device().serial()).isEqualTo(secondSerial);
        }
    }

    @Test
    void configureWithNullClearsADefaultAndLeavingAFieldOutKeepsIt() throws IOException {
        try (McpServerProcess server = server(Map.of())) {
            call(server, "configure", Map.of("deviceId", secondSerial, "operatorPackage", AdbLab.OPERATOR));
            Map<String, Object> clearDevice = new HashMap<>();
            clearDevice.put("deviceId", null);
            CallToolResult cleared = call(server, "configure", clearDevice);
            assertThat(cleared.isError()).isFalse();
            Map<String, Object> defaults = new HashMap<>();
            defaults.put("deviceId", null);
            defaults.put("operatorPackage", AdbLab.OPERATOR);
            defaults.put("timeoutMs", null);
            assertThat(cleared.structuredContent()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsEntry("defaults", defaults);

            // No device default any more, two phones attached: the call must choose.
            refused(call(server, "evidence_capture", Map.of()), ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        }
    }

    @Test
    void theConfigureToolTakesOnlyTheSessionDefaults() throws IOException {
        try (McpServerProcess server = server(Map.of())) {
            Tool configure = server.client().listTools().tools().stream().filter(t -> t.name().equals("configure"))
                    .findFirst().orElseThrow();
            assertThat(configure.inputSchema()).containsEntry("additionalProperties", false);
            assertThat(((Map<?, ?>) configure.inputSchema().get("properties")).keySet().stream().map(String::valueOf)
                    .toList()).containsExactly("deviceId", "operatorPackage", "timeoutMs");
            Tool capture = server.client().listTools().tools().stream().filter(t -> t.name().equals("evidence_capture"))
                    .findFirst().orElseThrow();
            assertThat(((Map<?, ?>) ((Map<?, ?>) capture.inputSchema().get("properties")).get("operatorPackage"))
                    .get("description").toString()).contains("ANDROPERATOR_OPERATOR_PACKAGE", "com.androperator.operator.");
        }
    }

    private static CallToolResult call(McpServerProcess server, String tool, Map<String, Object> arguments) {
        return server.client().callTool(CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static CommandResult refused(CallToolResult call, String code) {
        assertThat(call.isError()).as(text(call)).isTrue();
        CommandResult result = ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
        assertThat(result.code()).as(text(call)).isEqualTo(code);
        assertThat(result.manifestPath()).isNull();
        return result;
    }

    private static Manifest completed(CallToolResult call) throws IOException {
        assertThat(call.isError()).as(text(call)).isFalse();
        CommandResult result = ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
        assertThat(result.status()).isEqualTo("complete");
        Path bundle = Path.of(result.manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    /** The timeoutMs of every command broadcast to {@code phone} since service {@code from}, as in its payload. */
    private static List<Long> engineTimeouts(DeviceSimulator phone, int from) {
        java.util.regex.Pattern timeout = java.util.regex.Pattern.compile("timeoutMs\\D{1,8}?(\\d+)");
        List<String> services = phone.receivedServices();
        return services.subList(from, services.size()).stream().filter(service -> service.contains("am broadcast"))
                .map(timeout::matcher).filter(java.util.regex.Matcher::find)
                .map(matcher -> Long.parseLong(matcher.group(1))).toList();
    }

    private static String text(CallToolResult call) {
        return ((TextContent) call.content().get(0)).text();
    }

    private List<Path> bundles() throws IOException {
        Path bundles = temp.resolve("root").resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(bundles)) {
            return entries.toList();
        }
    }
}
