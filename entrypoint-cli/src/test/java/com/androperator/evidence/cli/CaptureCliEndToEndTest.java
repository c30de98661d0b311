package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code androperator evidence capture} as a process, against the simulated phone through the real
 * adb server. Every bundle produced must pass the conformance checker, and the result object and
 * exit status must match the spec's table.
 */
class CaptureCliEndToEndTest {
    private static final String CONTEXT = "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}";
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void resetPhone() throws IOException {
        Map<String, String> environment = lab.environment();
        // As bin/androperator does when the caller's locale is not UTF-8 (LauncherLocaleTest): Java 17 decodes
        // arguments in the locale's charset, and labels and contexts here hold non-ASCII characters.
        environment.put("LC_ALL", "C.UTF-8");
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    @Test
    void aCompleteCaptureExitsZeroWithTheResultObjectAndAConformingBundle() throws IOException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(),
                "--label", "Settings observation", "--context-json", CONTEXT);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout().lines()).hasSize(1);
        assertThat(run.stderr()).isEmpty();
        CommandResult result = result(run);
        assertThat(result.ok()).isTrue();
        assertThat(result.status()).isEqualTo("complete");
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        assertThat(result.evidenceId()).isNotBlank();
        assertThat(result.code()).isNull();
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.evidenceId()).isEqualTo(result.evidenceId());
        assertThat(manifest.label()).isEqualTo("Settings observation");
        // The capture succeeded, and the caller's failed verdict is still the caller's.
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("commandId", "original-command", "originalVerdict", "failed"));
        assertThat(manifest.device().cliVersion()).isEqualTo(cli.run("--version").stdout().strip())
                .isEqualTo(AndroperatorVersion.current());
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).image().captureWidthPx()).isEqualTo(1080);

        CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
        assertThat(verify.exitCode()).as(verify.toString()).isZero();
    }

    @Test
    void prettyOutputIsTextForPeopleWithTheStatusOfEachComponent() throws IOException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--output", "pretty");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).startsWith("COMPLETE\n").contains("manifest  " + bundle.resolve("manifest.json"),
                "components\n").doesNotContain("errors\n").doesNotContain("{");
        assertThat(run.stdout().lines().filter(line -> line.startsWith("  ")))
                .anyMatch(line -> line.matches("  screenshot +complete +screenshot\\.png +[0-9,]+ bytes"))
                .anyMatch(line -> line.matches("  hierarchy +complete +hierarchy\\.xml +[0-9,]+ bytes"));
        Conformance.assertConforms(bundle);
    }

    static Stream<Arguments> operatorFailures() {
        return Stream.of(
                Arguments.of("not installed", change(p -> p.toBuilder().uninstallPackage(AdbLab.OPERATOR).build()),
                        ErrorCodes.OPERATOR_NOT_INSTALLED),
                Arguments.of("failed envelope", operator(OperatorBehavior.FAILED), "UI_TREE_UNAVAILABLE"),
                Arguments.of("result transport exits", operator(OperatorBehavior.TRANSPORT_EXIT),
                        ErrorCodes.RESULT_TRANSPORT_EXITED),
                Arguments.of("corrupt result chunk", operator(OperatorBehavior.CORRUPT_CHUNK), ErrorCodes.RESULT_ENVELOPE_MALFORMED),
                Arguments.of("device asleep and locked", change(p -> p.toBuilder()
                        .operator(op -> op.withReadiness(Readiness.asleep())).build()), ErrorCodes.DEVICE_NOT_INTERACTIVE),
                Arguments.of("broadcast fails", change(p -> p.toBuilder().fault("am broadcast",
                        ServiceFault.fail(255, "Error: Activity Manager is not running")).build()),
                        ErrorCodes.DEVICE_SHELL_UNAVAILABLE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operatorFailures")
    void anOperatorFailureKeepsTheScreenshotAndIsPartial(String name, UnaryOperator<SimulatorProfile> phone,
                                                        String hierarchyCode) throws IOException {
        lab.phone(phone);
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--context-json", CONTEXT);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(hierarchyCode);
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
    }

    @Test
    void aDeviceCutMidScreenshotKeepsThePartialImageAndNeverCallsItComplete() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000)).build());
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(result.status()).isEqualTo(manifest.status().wire());
        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.bytes()).isEqualTo(300_000L);
        assertThat(screenshot.image()).isNull();
        assertThat(bundle.resolve("screenshot.png")).doesNotExist();
        boolean hierarchyUsable = artifact(manifest, ArtifactKind.HIERARCHY).status() == ArtifactStatus.COMPLETE;
        assertThat(manifest.status()).isEqualTo(hierarchyUsable ? BundleStatus.PARTIAL : BundleStatus.FAILED);
    }

    @Test
    void aScreenshotCutWithAFailingOperatorIsAFailedCaptureThatExitsOneAndKeepsAReadableManifest() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--context-json", CONTEXT);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.stdout().lines()).hasSize(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.message()).isNotBlank();
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.evidenceId()).isEqualTo(result.evidenceId());
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(bundle.resolve("screenshot.partial.png")).isRegularFile();
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(manifest.errors()).isNotEmpty();
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("commandId", "original-command", "originalVerdict", "failed"));
        CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
        assertThat(verify.exitCode()).as(verify.toString()).isZero();
    }

    @Test
    void aBudgetThatExpiresDuringTheHierarchyIsAnOwnedTimeout() throws IOException {
        // Readiness answers; the snapshot never does, so the budget runs out while waiting for it.
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "6000");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        CaptureRecord hierarchy = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                .stillRecords().stream().filter(record -> record.kind().equals("hierarchy")).findFirst().orElseThrow();
        assertThat(hierarchy.diagnostics()).containsEntry("deadlineOwner", "evidence_capture")
                .containsKeys("phase", "dispatched", "effects", "reader");
        // Usually the snapshot was dispatched and its wait canceled; on a very slow host the readiness
        // check can leave less than the engine's 1000 ms, and the snapshot is then never sent.
        if (Boolean.TRUE.equals(hierarchy.diagnostics().get("dispatched"))) {
            assertThat(hierarchy.diagnostics().get("phase")).isNotEqualTo("budget_check");
        } else {
            assertThat(hierarchy.diagnostics()).containsEntry("phase", "budget_check");
        }
    }

    @Test
    void anExistingOutputDirectoryIsRefusedAndLeftUntouched() throws IOException {
        Path existing = Files.createDirectory(temp.resolve("existing"));
        Path inside = Files.writeString(existing.resolve("notes.txt"), "keep me");
        FileTime modified = Files.getLastModifiedTime(existing);
        FileTime insideModified = Files.getLastModifiedTime(inside);
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", existing.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(result.manifestPath()).isNull();
        assertThat(entries(existing)).containsExactly(inside);
        assertThat(Files.readString(inside)).isEqualTo("keep me");
        assertThat(Files.getLastModifiedTime(existing)).isEqualTo(modified);
        assertThat(Files.getLastModifiedTime(inside)).isEqualTo(insideModified);
        // Refused before capture: the phone was not asked for anything.
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void anExistingRegularFileAsOutputDirectoryIsACollisionAndIsNotTouched() throws IOException {
        Path file = Files.writeString(temp.resolve("bundle"), "keep me");
        FileTime modified = Files.getLastModifiedTime(file);

        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", file.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(result.details().asMap()).containsEntry("existing", "file").containsEntry("path", file.toString());
        assertThat(Files.readString(file)).isEqualTo("keep me");
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(modified);
    }

    @Test
    void aDirectoryTheFileSystemRefusesToCreateIsStorageUnwritableWithPathCauseAndRecovery() {
        // sysfs refuses mkdir even for root (EPERM), or is mounted read-only (EROFS) in containers.
        Path refused = Path.of("/sys/androperator-evidence-" + temp.getFileName());
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", refused.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("path", refused.toString()).containsKeys("message", "recovery")
                .hasEntrySatisfying("causeCode", cause -> assertThat(cause).isIn("EPERM", "EROFS", "EACCES"));
        assertThat(refused).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void aDiskThatFillsWhileWritingGivesAFailedCaptureWithAConformingManifest() throws IOException {
        Path bundle = temp.resolve("bundle");
        // 64 KiB per file: the manifest fits, the ~1 MB screenshot and the 200 KB hierarchy do not.
        CliProcess.Run run = cli.withFileSizeLimitKiB(64).run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(result.status()).isEqualTo("failed");
        assertThat(manifest.errors()).anySatisfy(error -> assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED));
    }

    @Test
    void aDiskTooFullForTheManifestPromisesNoManifestButKeepsWhatWasWritten() throws IOException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.withFileSizeLimitKiB(1).run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("bundleDir", bundle.toString());
        assertThat(bundle.resolve("manifest.json")).doesNotExist();
        assertThat(bundle).isDirectory();
    }

    static Stream<Arguments> invalidOptions() {
        String tooLongLabel = "x".repeat(2049);
        String tooLargeContext = "{\"blob\":\"" + "y".repeat(16 * 1024) + "\"}";
        return Stream.of(
                invalid("label of 2049 UTF-16 units in surrogate pairs", ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "--label", EMOJI.repeat(1024) + "x"),
                invalid("context one byte over 16 KiB compact UTF-8", ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "--context-json", contextOfCompactBytes(16 * 1024 + 1)),
                invalid("context empty array", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "[]"),
                invalid("context plain words", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "not json"),
                invalid("context empty text", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", ""),
                invalid("context object followed by more", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "{} []"),
                invalid("timeout letters", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "abc"),
                invalid("timeout with a fraction", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "1.5"),
                invalid("timeout empty", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", ""),
                invalid("timeout beyond a long", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "99999999999999999999"),
                invalid("parent is a regular file", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir",
                        "{temp}/a-file/bundle"),
                invalid("empty output format", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output", ""),
                invalid("blank output directory", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", "  "),
                invalid("empty output directory", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", ""),
                invalid("relative output directory", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", "bundle"),
                invalid("filesystem root", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", "/"),
                invalid("parent traversal", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", "{temp}/a/../bundle"),
                invalid("missing parent", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output-dir", "{temp}/missing/bundle"),
                invalid("package with shell characters", ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "--operator-package", "com.androperator.operator.dev;reboot"),
                invalid("package without a dot", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--operator-package", "operator"),
                invalid("blank device", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--device", " "),
                invalid("label over 2048 UTF-16 units", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--label", tooLongLabel),
                invalid("context array", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "[1,2]"),
                invalid("context null", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "null"),
                invalid("context not JSON", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "{commandId: 1}"),
                invalid("context string", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "\"text\""),
                invalid("context duplicate key", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", "{\"a\":1,\"a\":2}"),
                invalid("context over 16 KiB", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--context-json", tooLargeContext),
                invalid("timeout below 1000", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "999"),
                invalid("timeout above 120000", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "120001"),
                invalid("timeout not an integer", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--timeout", "1.5e3"),
                invalid("unknown output format", ErrorCodes.EXECUTION_VALIDATION_FAILED, "--output", "xml"),
                invalid("unknown device", ErrorCodes.DEVICE_NOT_FOUND, "--device", "127.0.0.1:1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidOptions")
    void anInvalidOptionIsRefusedWithItsCodeAndCreatesNothing(String name, String code, String option, String value)
            throws IOException {
        Path parent = Files.createDirectory(temp.resolve("parent"));
        Path bundle = parent.resolve("bundle");
        List<String> args = new ArrayList<>(List.of("evidence", "capture"));
        Map<String, String> options = new java.util.LinkedHashMap<>(Map.of(
                "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR,
                "--output-dir", bundle.toString()));
        options.put(option, value.replace("{temp}", parent.toString()));
        options.forEach((key, given) -> {
            args.add(key);
            args.add(given);
        });
        Files.writeString(parent.resolve("a-file"), "not a directory");
        List<Path> before = tree(temp.resolve("parent"));
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = cli.run(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(code);
        assertThat(result.message()).isNotBlank();
        assertThat(result.manifestPath()).isNull();
        assertThat(tree(parent)).isEqualTo(before);
        assertThat(Files.readString(parent.resolve("a-file"))).isEqualTo("not a directory");
        // The child runs in this JVM's working directory, where a relative --output-dir would land.
        assertThat(Path.of("bundle")).doesNotExist();
        // Refused before capture: no screencap, no broadcast, nothing at all reached the phone.
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    static Stream<Arguments> boundaryValues() {
        return Stream.of(
                Arguments.of("label of exactly 2048 UTF-16 units in surrogate pairs", "--label", EMOJI.repeat(1024)),
                Arguments.of("empty label", "--label", ""),
                Arguments.of("context of exactly 16 KiB compact UTF-8, given with spaces", "--context-json",
                        contextOfCompactBytes(16 * 1024).replace(":", " : ").replace("{", "{ ")),
                Arguments.of("empty context object", "--context-json", "{}"),
                Arguments.of("largest timeout", "--timeout", "120000"),
                Arguments.of("explicit json output", "--output", "json"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boundaryValues")
    void valuesAtTheEdgeOfEachContractAreAcceptedAndRecordedAsGiven(String name, String option, String value)
            throws IOException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), option, value);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout().lines()).hasSize(1);
        assertThat(result(run).status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        switch (option) {
            case "--label" -> assertThat(manifest.label()).isEqualTo(value);
            case "--context-json" -> {
                assertThat(manifest.context().asMap()).isEqualTo(ContractJson.mapper().readValue(value, Map.class));
                assertThat(ContractJson.toJson(manifest.context().asMap()).getBytes(StandardCharsets.UTF_8).length)
                        .isLessThanOrEqualTo(16 * 1024);
            }
            default -> assertThat(manifest.label()).isNull();
        }
    }

    @Test
    void theSmallestTimeoutIsAcceptedAndLeavesTheHierarchyToTheEnginesMinimum() throws IOException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "1000");

        CommandResult result = result(run);
        assertThat(result.code()).as(run.toString()).isIn(null, ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(run.exitCode()).isEqualTo(result.ok() ? 0 : 1);
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(result.status()).isEqualTo(manifest.status().wire());
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        if (hierarchy.status() != ArtifactStatus.COMPLETE) {
            // Under 1000 ms left after the screenshot: timed out without dispatch, as the spec says.
            assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        }
    }

    @Test
    void prettyAndJsonOutputTellTheSameRefusal() throws IOException {
        Path existing = Files.createDirectory(temp.resolve("existing"));
        List<String> args = List.of("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", existing.toString(), "--output");

        CliProcess.Run json = cli.run(concat(args, "json"));
        CliProcess.Run pretty = cli.run(concat(args, "pretty"));

        assertThat(json.exitCode()).isEqualTo(1);
        assertThat(pretty.exitCode()).isEqualTo(1);
        assertThat(json.stdout().lines()).hasSize(1);
        assertThat(result(json).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(pretty.stdout()).startsWith("REFUSED  " + ErrorCodes.EVIDENCE_OUTPUT_EXISTS + "\n")
                .contains("message   " + result(json).message());
    }

    @Test
    void withSeveralDevicesAndNoSerialTheSelectionIsAmbiguousAndNothingIsCreated() throws IOException {
        DeviceSimulator second = lab.attach(SampleProfiles.pixel());
        String serial = second.serial();
        Path bundle = temp.resolve("bundle");
        int services = lab.simulator().receivedServices().size();
        CliProcess.Run run = cli.run("evidence", "capture", "--operator-package", AdbLab.OPERATOR,
                "--output-dir", bundle.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(result(run).code()).isEqualTo(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        assertThat(result(run).details().asMap().get("serials")).asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyInAnyOrder(lab.serial(), serial);
        assertThat(bundle).doesNotExist();
        // A device-selection failure occurs before capture: neither phone was asked for anything.
        assertThat(lab.simulator().receivedServices()).hasSize(services);
        assertThat(second.receivedServices()).isEmpty();
    }

    @Test
    void usageErrorsPrintUsageOnStderrAndExitTwo() {
        CliProcess.Run unknown = cli.run("evidence", "capture", "--output-dir", temp.resolve("b").toString(), "--bogus");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stdout()).isEmpty();
        assertThat(unknown.stderr()).contains("Unknown option: '--bogus'").contains("Usage: androperator evidence capture");

        CliProcess.Run missingValue = cli.run("evidence", "capture", "--output-dir");
        assertThat(missingValue.exitCode()).isEqualTo(2);
        assertThat(missingValue.stderr()).contains("Missing required parameter for option '--output-dir'");

        CliProcess.Run missingOption = cli.run("evidence", "capture", "--device", lab.serial());
        assertThat(missingOption.exitCode()).isEqualTo(2);
        assertThat(missingOption.stderr()).contains("Missing required option: '--output-dir=<directory>'");
        assertThat(temp.resolve("b")).doesNotExist();
    }

    @Test
    void helpVersionAndCompletion() {
        CliProcess.Run help = cli.run("evidence", "capture", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.stdout()).contains("--output-dir=<directory>", "--context-json=<object>", "--timeout=<ms>",
                "--output=<json|pretty>", "--operator-package=<package>", "--device=<serial>", "--label=<text>");

        CliProcess.Run version = cli.run("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.stdout().strip()).isEqualTo(AndroperatorVersion.current());

        CliProcess.Run completion = cli.run("generate-completion");
        assertThat(completion.exitCode()).isZero();
        assertThat(completion.stdout()).contains("complete -F", "_picocli_androperator", "--output-dir", "--context-json");
    }

    /** U+1F600, one code point in two UTF-16 code units (a surrogate pair) and four UTF-8 bytes. */
    private static final String EMOJI = "\uD83D\uDE00";

    /** A context object whose compact UTF-8 JSON is exactly {@code bytes} long, with two-byte characters in it. */
    private static String contextOfCompactBytes(int bytes) {
        String prefix = "{\"note\":\"" + "\u00e9".repeat(100);
        int fill = bytes - prefix.getBytes(StandardCharsets.UTF_8).length - "\"}".length();
        String context = prefix + "y".repeat(fill) + "\"}";
        assertThat(context.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
        return context;
    }

    private static String[] concat(List<String> args, String last) {
        List<String> all = new ArrayList<>(args);
        all.add(last);
        return all.toArray(String[]::new);
    }

    private static Arguments invalid(String name, String code, String option, String value) {
        return Arguments.of(name, code, option, value);
    }

    private static UnaryOperator<SimulatorProfile> operator(OperatorBehavior behavior) {
        return p -> p.toBuilder().operator(op -> op.withBehavior(behavior)).build();
    }

    private static UnaryOperator<SimulatorProfile> change(UnaryOperator<SimulatorProfile> change) {
        return change;
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    private static Manifest manifest(Path bundle) throws IOException {
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    private static List<Path> entries(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private static List<Path> tree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.sorted().toList();
        }
    }
}
