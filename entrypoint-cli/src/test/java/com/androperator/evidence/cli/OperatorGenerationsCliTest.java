package com.androperator.evidence.cli;

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
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.fixtures.LogcatEdge;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code androperator evidence capture} as a process against the simulated phone playing each
 * Operator generation through the real adb server (reference-compat.md §3): the selected package
 * decides the names, the hierarchy comes from data.text or the command's tagged logcat records,
 * the variant is checked before dispatch, and the untagged legacy marker is VERSION_INCOMPATIBLE.
 */
class OperatorGenerationsCliTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void resetPhone() throws IOException {
        cli = new CliProcess(lab.environment(), Files.createDirectory(temp.resolve("scratch")));
    }

    private CliProcess.Run capture(Path bundle, String operatorPackage) {
        return cli.run("evidence", "capture", "--device", lab.serial(), "--operator-package", operatorPackage,
                "--output-dir", bundle.toString());
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void eachGenerationGivesACompleteCaptureWithItsHierarchy(Generation generation) throws IOException {
        lab.phone(generation.phone());
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = capture(bundle, generation.operatorPackage);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"), StandardCharsets.UTF_8)).isEqualTo(GenerationPhones.XML);
        assertThat(GenerationPhones.hierarchyRecord(bundle).get("details")).asInstanceOf(
                org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("hierarchySource", generation.hierarchySource);
        assertThat(lab.simulator().receivedServices()).anyMatch(service -> service.contains("am broadcast -a "
                + generation.played.action() + " -p '" + generation.operatorPackage + "'"));
        CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
        assertThat(verify.exitCode()).as(verify.toString()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"com.androperator.operator.dev", "com.clawperator.operator"})
    void theOtherVariantInstalledIsAVariantMismatchAndNothingIsDispatched(String selected) throws IOException {
        lab.phone(GenerationPhones.otherVariantInstalled(selected));
        Path bundle = temp.resolve("bundle");

        long before = GenerationPhones.broadcasts(lab.simulator());
        CliProcess.Run run = capture(bundle, selected);

        Artifact hierarchy = failedHierarchy(run, bundle);
        GenerationPhones.assertVariantMismatch(hierarchy.error(), selected);
        assertThat(GenerationPhones.broadcasts(lab.simulator())).isEqualTo(before);
    }

    @Test
    void anOperatorThatLogsOnlyTheUntaggedMarkerIsVersionIncompatible() throws IOException {
        lab.phone(GenerationPhones.untaggedMarkerOnly("com.clawperator.operator"));
        Path bundle = temp.resolve("bundle");

        Artifact hierarchy = failedHierarchy(capture(bundle, "com.clawperator.operator"), bundle);

        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.VERSION_INCOMPATIBLE);
        assertThat(hierarchy.error().message()).contains("[TaskScope] UI Hierarchy:");
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
    }

    @Test
    void aPackageQueryThatFailsIsDeviceShellUnavailable() throws IOException {
        lab.phone(p -> p.toBuilder().fault("pm", ServiceFault.fail(1,
                "Error: could not access the Package Manager.  Is the system running?\n")).build());
        Path bundle = temp.resolve("bundle");
        long before = GenerationPhones.broadcasts(lab.simulator());

        Artifact hierarchy = failedHierarchy(capture(bundle, AdbLab.OPERATOR), bundle);

        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.DEVICE_SHELL_UNAVAILABLE);
        assertThat(GenerationPhones.broadcasts(lab.simulator())).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(LogcatEdge.class)
    void logcatEdgeCasesYieldTheHierarchyTheRulesSay(LogcatEdge edge) throws IOException {
        lab.phone(GenerationPhones.scripted("com.clawperator.operator", edge.script));
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = capture(bundle, "com.clawperator.operator");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        Conformance.assertConforms(bundle);
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"), StandardCharsets.UTF_8)).isEqualTo(edge.expectedXml);
    }

    @Test
    void aLargeLoggedHierarchyIsCompleteWithASmallHeapAndKeptByteForByte() throws IOException {
        // 50 MB logged as one record per element (about 170,000 records), read by a CLI with a 128 MiB heap.
        String sample = HierarchyFixtures.linePerElement(HierarchyFixtures.settings(1_000_000, 1080, 2400));
        String root = "<hierarchy rotation=\"0\">";
        byte[] head = sample.substring(0, sample.indexOf(root) + root.length()).getBytes(StandardCharsets.UTF_8);
        byte[] window = sample.substring(sample.indexOf(root) + root.length(), sample.lastIndexOf("</hierarchy>"))
                .getBytes(StandardCharsets.UTF_8);
        Path xml = temp.resolve("logged-hierarchy.xml");
        try (OutputStream out = Files.newOutputStream(xml)) {
            out.write(head);
            for (long written = head.length; written < 50_000_000L; written += window.length) {
                out.write(window);
            }
            out.write("\n</hierarchy>".getBytes(StandardCharsets.UTF_8));
        }
        lab.phone(p -> GenerationPhones.Generation.CLAWPERATOR_LOGCAT.phone().apply(p).toBuilder()
                .operator(op -> op.withHierarchy(ProfileFile.onDisk(xml))).build());
        Path bundle = temp.resolve("bundle");

        long start = System.nanoTime();
        CliProcess.Run run = cli.withJvmOptions("-Xmx128m").run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", "com.clawperator.operator", "--output-dir", bundle.toString(), "--timeout", "120000");
        System.out.printf("logged hierarchy of %,d bytes: CLI capture (-Xmx128m) took %d ms%n", Files.size(xml),
                (System.nanoTime() - start) / 1_000_000);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        assertThat(Files.mismatch(xml, bundle.resolve("hierarchy.xml"))).isEqualTo(-1L);
        Files.delete(xml);
        Conformance.assertConforms(bundle);
    }

    /** The capture is partial: the screenshot is complete, the hierarchy failed; the bundle conforms. */
    private static Artifact failedHierarchy(CliProcess.Run run, Path bundle) throws IOException {
        Manifest manifest = PartialCaptures.partialManifest(run, bundle);
        Artifact hierarchy = PartialCaptures.artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(manifest.errors()).anyMatch(error -> error.code().equals(hierarchy.error().code()));
        return hierarchy;
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }
}
