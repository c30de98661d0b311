package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.GenerationPhones;
import com.androperator.evidence.api.testing.GenerationPhones.Generation;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.fixtures.LogcatEdge;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ServiceFault;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code evidence_capture} through the SDK's MCP client over a real server process, against the
 * simulated phone playing each Operator generation through the real adb server
 * (reference-compat.md §3).
 */
class McpOperatorGenerationsTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path root;
    private static McpServerProcess server;

    @BeforeAll
    static void start() throws IOException {
        root = Files.createTempDirectory("mcp-generations-root-");
        Map<String, String> environment = lab.environment();
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        server = McpServerProcess.start(environment, root);
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            server.close();
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    private static CallToolResult capture(String operatorPackage) {
        return server.client().callTool(CallToolRequest.builder("evidence_capture")
                .arguments(Map.of("deviceId", lab.serial(), "operatorPackage", operatorPackage)).build());
    }

    private static CommandResult result(CallToolResult call) {
        return ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void eachGenerationGivesACompleteCaptureWithItsHierarchy(Generation generation) throws IOException {
        lab.phone(generation.phone());

        CallToolResult call = capture(generation.operatorPackage);

        assertThat(call.isError()).as(String.valueOf(call.structuredContent())).isFalse();
        CommandResult result = result(call);
        assertThat(result.status()).isEqualTo("complete");
        Path bundle = Path.of(result.manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"), StandardCharsets.UTF_8)).isEqualTo(GenerationPhones.XML);
        assertThat(GenerationPhones.hierarchyRecord(bundle).get("details")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("hierarchySource", generation.hierarchySource);
    }

    @ParameterizedTest
    @ValueSource(strings = {"com.androperator.operator", "com.clawperator.operator.dev"})
    void theOtherVariantInstalledIsAVariantMismatchAndNothingIsDispatched(String selected) throws IOException {
        lab.phone(GenerationPhones.otherVariantInstalled(selected));
        long before = GenerationPhones.broadcasts(lab.simulator());

        Artifact hierarchy = failedHierarchy(capture(selected));

        GenerationPhones.assertVariantMismatch(hierarchy.error(), selected);
        assertThat(GenerationPhones.broadcasts(lab.simulator())).isEqualTo(before);
    }

    @Test
    void anOperatorThatLogsOnlyTheUntaggedMarkerIsVersionIncompatible() throws IOException {
        lab.phone(GenerationPhones.untaggedMarkerOnly("com.clawperator.operator.dev"));

        Artifact hierarchy = failedHierarchy(capture("com.clawperator.operator.dev"));

        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.VERSION_INCOMPATIBLE);
    }

    @Test
    void aPackageQueryThatFailsIsDeviceShellUnavailable() throws IOException {
        lab.phone(p -> p.toBuilder().fault("pm", ServiceFault.fail(1,
                "Error: could not access the Package Manager.  Is the system running?\n")).build());
        long before = GenerationPhones.broadcasts(lab.simulator());

        Artifact hierarchy = failedHierarchy(capture(AdbLab.OPERATOR));

        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.DEVICE_SHELL_UNAVAILABLE);
        assertThat(hierarchy.error().message()).contains("could not access the Package Manager");
        assertThat(GenerationPhones.broadcasts(lab.simulator())).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(LogcatEdge.class)
    void logcatEdgeCasesYieldTheHierarchyTheRulesSay(LogcatEdge edge) throws IOException {
        lab.phone(GenerationPhones.scripted("com.clawperator.operator.dev", edge.script));

        CallToolResult call = capture("com.clawperator.operator.dev");

        assertThat(call.isError()).as(String.valueOf(call.structuredContent())).isFalse();
        Path bundle = Path.of(result(call).manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"), StandardCharsets.UTF_8)).isEqualTo(edge.expectedXml);
    }

    /** A partial capture whose screenshot is complete and whose hierarchy failed; the bundle conforms. */
    private static Artifact failedHierarchy(CallToolResult call) throws IOException {
        assertThat(call.isError()).isTrue();
        CommandResult result = result(call);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("partial");
        Path bundle = Path.of(result.manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        Artifact screenshot = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.SCREENSHOT)
                .findFirst().orElseThrow();
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact hierarchy = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.HIERARCHY)
                .findFirst().orElseThrow();
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        return hierarchy;
    }
}
