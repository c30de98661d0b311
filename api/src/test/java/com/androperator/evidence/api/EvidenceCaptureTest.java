package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.fs.FileSystemOps;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Java entry point against the simulated phone through the real adb server. */
class EvidenceCaptureTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    @Test
    void withoutOutputDirectoryTheBundleIsManagedUnderBaseDirWithInjectedIdsAndClock() throws IOException {
        Instant fixed = Instant.parse("2024-05-02T10:00:00Z");
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(
                CaptureOptions.builder().deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR)
                        .label("Settings observation").context(context).build(),
                dependencies().bundlesRoot(temp).ids(() -> "evidence-1").wallClock(() -> fixed).build());

        CommandResult result = outcome.toResult();
        assertThat(outcome.succeeded()).isTrue();
        assertThat(result.status()).isEqualTo("complete");
        assertThat(result.evidenceId()).isEqualTo("evidence-1");
        Path bundle = temp.resolve("evidence-1");
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.context().asMap()).isEqualTo(context);
        assertThat(manifest.startedAt()).isEqualTo("2024-05-02T10:00:00Z");
        assertThat(manifest.device().cliVersion()).isEqualTo(AndroperatorVersion.current());
        assertThat(manifest.device().serial()).isEqualTo(lab.serial());
    }

    @Test
    void aRelativeEvidenceRootIsResolvedAgainstTheCallersWorkingDirectory() {
        Path workingDirectory = temp.resolve("caller");
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(),
                dependencies().environment(environmentWith("ANDROPERATOR_EVIDENCE_DIR", "relative/evidence"))
                        .workingDirectory(workingDirectory).build());

        assertThat(outcome.succeeded()).isTrue();
        Path bundle = Path.of(outcome.toResult().manifestPath()).getParent();
        assertThat(bundle).isEqualTo(workingDirectory.resolve("relative/evidence/bundles")
                .resolve(outcome.toResult().evidenceId()));
        Conformance.assertConforms(bundle);
    }

    @Test
    void withoutTheVariableBundlesGoBelowHome() {
        Map<String, String> environment = lab.environment();
        environment.put("HOME", temp.toString());
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(),
                dependencies().environment(environment).build());

        assertThat(outcome.succeeded()).isTrue();
        assertThat(Path.of(outcome.toResult().manifestPath()))
                .isEqualTo(temp.resolve(".androperator/evidence/bundles").resolve(outcome.toResult().evidenceId())
                        .resolve("manifest.json"));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "  ", "\t\n"})
    void anEmptyOrBlankEvidenceRootIsInvalidAndCreatesNothing(String value) throws IOException {
        int services = lab.simulator().receivedServices().size();
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(),
                dependencies().environment(environmentWith("ANDROPERATOR_EVIDENCE_DIR", value))
                        .workingDirectory(temp).build());

        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(outcome.toResult().message()).contains("ANDROPERATOR_EVIDENCE_DIR");
        assertThat(entries(temp)).isEmpty();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void anInvalidManagedRequestIsRefusedBeforeTheEvidenceRootIsCreatedOrTheDeviceAsked() throws IOException {
        Path root = temp.resolve("fresh-root");
        int before = lab.simulator().receivedServices().size();
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(
                CaptureOptions.builder().deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR)
                        .label("x".repeat(2049)).build(),
                dependencies().environment(environmentWith("ANDROPERATOR_EVIDENCE_DIR", root.toString())).build());

        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(outcome.toResult().message()).startsWith("label is 2049 UTF-16 code units long");
        assertThat(root).doesNotExist();
        assertThat(entries(temp)).isEmpty();
        assertThat(lab.simulator().receivedServices()).hasSize(before);
    }

    @Test
    void anEvidenceRootBelowARegularFileIsUnwritableWithPathCauseAndRecovery() throws IOException {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(),
                dependencies().environment(environmentWith("ANDROPERATOR_EVIDENCE_DIR", file.resolve("evidence").toString()))
                        .build());

        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.details().asMap()).containsKeys("path", "causeCode", "message", "recovery");
        assertThat(result.details().asMap().get("path")).isEqualTo(file.toString());
        assertThat(result.details().asMap().get("causeCode")).isEqualTo("ENOTDIR");
    }

    @Test
    void aFileSystemThatTurnsReadOnlyWhileWritingLeavesTheFilesButPromisesNoManifest() throws IOException {
        Path bundle = temp.resolve("bundle");
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(
                CaptureOptions.builder().outputDir(bundle).deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR)
                        .build(),
                dependencies().store(new FileBundleStore(new ReadOnlyAfterFirstFile())).build());

        CommandResult result = outcome.toResult();
        assertThat(outcome).isInstanceOf(CaptureOutcome.NotPersisted.class);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(bundle.resolve("manifest.json")).doesNotExist();
        assertThat(entries(bundle)).isNotEmpty();
    }

    @Test
    void aDiskThatFillsDuringTheScreenshotKeepsTheRestAndSaysSo() throws IOException {
        Path bundle = temp.resolve("bundle");
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(
                CaptureOptions.builder().outputDir(bundle).deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR)
                        .build(),
                dependencies().store(new FileBundleStore(new FullWhileWriting("screenshot", 64 * 1024))).build());

        CommandResult result = outcome.toResult();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("partial");
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.errors()).anySatisfy(error -> assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED));
        // captures.json names the same cause as the manifest: the full disk, not the transfer it stopped.
        Artifact screenshot = manifest.artifacts().get(0);
        CaptureRecord record = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                .stillRecords().get(0);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(record.errorCode()).isEqualTo(screenshot.error().code());
        assertThat(record.result().asMap().get("error")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .extracting("details").asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("causeCode", CauseCodes.ENOSPC);
        Conformance.assertConforms(bundle);
    }

    private static CaptureOptions options() {
        return CaptureOptions.builder().deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR).build();
    }

    private static CaptureDependencies.Builder dependencies() {
        return CaptureDependencies.builder().environment(lab.environment());
    }

    private static Map<String, String> environmentWith(String name, String value) {
        Map<String, String> environment = new HashMap<>(lab.environment());
        environment.put(name, value);
        return environment;
    }

    private static Manifest manifest(Path bundle) throws IOException {
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    private static List<Path> entries(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    /** The real file system, mounted read-only (EROFS) right after the first file is created. */
    private static final class ReadOnlyAfterFirstFile implements FileSystemOps {
        private int created;

        @Override
        public void createPrivateDirectory(Path directory) throws IOException {
            SYSTEM.createPrivateDirectory(directory);
        }

        @Override
        public WritableFile createNew(Path file) throws IOException {
            if (created++ > 0) {
                throw new FileSystemException(file.toString(), null, "Read-only file system");
            }
            return SYSTEM.createNew(file);
        }

        @Override
        public void moveAtomically(Path source, Path target) throws IOException {
            if (created > 1) {
                throw new FileSystemException(source.toString(), target.toString(), "Read-only file system");
            }
            SYSTEM.moveAtomically(source, target);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            SYSTEM.forceDirectory(directory);
        }

        @Override
        public void deleteIfExists(Path file) throws IOException {
            SYSTEM.deleteIfExists(file);
        }
    }

    /** The real file system, full (ENOSPC) after {@code capacity} bytes of files whose name contains {@code part}. */
    private static final class FullWhileWriting implements FileSystemOps {
        private final String part;
        private long left;

        FullWhileWriting(String part, long capacity) {
            this.part = part;
            this.left = capacity;
        }

        @Override
        public void createPrivateDirectory(Path directory) throws IOException {
            SYSTEM.createPrivateDirectory(directory);
        }

        @Override
        public WritableFile createNew(Path file) throws IOException {
            WritableFile real = SYSTEM.createNew(file);
            if (!file.getFileName().toString().contains(part)) {
                return real;
            }
            return new WritableFile() {
                @Override
                public int write(ByteBuffer bytes) throws IOException {
                    if (left <= 0) {
                        throw new FileSystemException(file.toString(), null, "No space left on device");
                    }
                    ByteBuffer slice = bytes.slice();
                    slice.limit((int) Math.min(slice.remaining(), left));
                    int written = real.write(slice);
                    bytes.position(bytes.position() + written);
                    left -= written;
                    return written;
                }

                @Override
                public void force() throws IOException {
                    real.force();
                }

                @Override
                public void close() throws IOException {
                    real.close();
                }
            };
        }

        @Override
        public void moveAtomically(Path source, Path target) throws IOException {
            SYSTEM.moveAtomically(source, target);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            SYSTEM.forceDirectory(directory);
        }

        @Override
        public void deleteIfExists(Path file) throws IOException {
            SYSTEM.deleteIfExists(file);
        }
    }
}
