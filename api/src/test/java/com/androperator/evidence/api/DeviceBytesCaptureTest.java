package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.fs.FileSystemOps;
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
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.simulator.fixtures.MalformedUtf8;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Device bytes and storage through {@link EvidenceCapture#captureEvidence} with the real adapters,
 * the real adb server and the simulated phone: a hierarchy that is not UTF-8 is never called
 * complete, and a manifest that storage refuses after both captures verified is reported as what
 * was captured (partial, never failed) with no partial manifest left behind.
 */
class DeviceBytesCaptureTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    private CaptureOutcome capture(Path bundle, CaptureDependencies.Builder dependencies) {
        return EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(bundle).deviceSerial(lab.serial())
                .operatorPackage(AdbLab.OPERATOR).label("device bytes").build(),
                dependencies.environment(lab.environment()).build());
    }

    static Stream<Arguments> invalidUtf8() {
        return MalformedUtf8.CLASSES.stream().flatMap(member -> Stream.of(
                Arguments.of(member + ", unchunked", member.bytes(), 100),
                Arguments.of(member + ", in chunks", member.bytes(), 20_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void aHierarchyThatIsNotUtf8IsMalformedAndNeverWritten(String name, byte[] bad, int padding) throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", MalformedUtf8.hierarchyWith(bad, padding)))
                .withEncoding(e -> e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM))).build());
        Path bundle = temp.resolve("bundle");

        CaptureOutcome outcome = capture(bundle, CaptureDependencies.builder());

        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        Conformance.assertConforms(bundle);
        Manifest manifest = ((CaptureOutcome.Finished) outcome).manifest();
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.RESULT_ENVELOPE_MALFORMED);
        assertThat(hierarchy.error().message()).contains("not valid UTF-8");
        assertThat(bundle.resolve("hierarchy.xml")).doesNotExist();
        assertThat(bundle.resolve("hierarchy.partial.xml")).doesNotExist();
        CaptureRecord record = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                .stillRecords().stream().filter(r -> r.kind().equals("hierarchy")).findFirst().orElseThrow();
        assertThat(record.envelope()).isNull();
        assertThat(record.diagnostics().get("reader")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .hasEntrySatisfying("reason", reason -> assertThat((String) reason).contains("not valid UTF-8"));
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
    }

    /** How the manifest's storage fails: at its first byte, part way, or at its rename. */
    static Stream<Arguments> manifestFailures() {
        return Stream.of(
                Arguments.of("disk full at the manifest's first byte", 0L, false),
                Arguments.of("disk full 100 bytes into the manifest", 100L, false),
                Arguments.of("the manifest's rename fails", -1L, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifestFailures")
    void aManifestThatCannotBePersistedAfterBothCapturesVerifiedIsPartialAndSaysWhatRemains(
            String name, long fullAfter, boolean renameFails) throws IOException {
        Path bundle = temp.resolve("bundle");

        CaptureOutcome outcome = capture(bundle, CaptureDependencies.builder()
                .store(new FileBundleStore(new ManifestFailingOps(fullAfter, renameFails))));

        assertThat(outcome).isInstanceOf(CaptureOutcome.NotPersisted.class);
        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isFalse();
        // Both captures verified: the status says so; "failed" means neither capture is usable.
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.message()).contains("the manifest could not be persisted in " + bundle)
                .contains("screenshot (screenshot.png) and hierarchy (hierarchy.xml)")
                .contains("screenshot.png (screenshot, complete,").contains("hierarchy.xml (hierarchy, complete,")
                .contains("captures.json (capture_envelopes, complete,").contains("No manifest.json was written");
        assertThat(result.details().asMap()).containsEntry("bundleDir", bundle.toString()).containsEntry("manifestPersisted", false)
                .containsEntry("cause", ErrorCodes.STORAGE_FAILED);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> files = (List<Map<String, Object>>) result.details().asMap().get("files");
        assertThat(files).extracting(file -> file.get("path"))
                .containsExactly("screenshot.png", "hierarchy.xml", "captures.json");
        for (Map<String, Object> file : files) {
            Path onDisk = bundle.resolve((String) file.get("path"));
            assertThat(((Number) file.get("bytes")).longValue()).isEqualTo(Files.size(onDisk)).isPositive();
        }
        // What remains is exactly the captured files: no manifest, and no partial manifest to mislead.
        try (Stream<Path> left = Files.list(bundle)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("screenshot.png", "hierarchy.xml", "captures.json");
        }
    }

    @Test
    void aManifestThatCannotBePersistedWhenNeitherCaptureIsUsableIsFailed() {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());
        Path bundle = temp.resolve("bundle");

        CaptureOutcome outcome = capture(bundle, CaptureDependencies.builder()
                .store(new FileBundleStore(new ManifestFailingOps(0, false))));

        CommandResult result = outcome.toResult();
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.message()).contains("Neither capture is usable")
                .contains("screenshot.partial.png (screenshot, partial, 300000 bytes)");
        assertThat(bundle.resolve("manifest.partial.json")).doesNotExist();
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    /**
     * The real file system, except for manifest.partial.json: the disk is full after
     * {@code fullAfter} of its bytes (none when negative), or its rename fails. CI runs as root, so
     * permission bits cannot make a write fail; this seam does, on real files.
     */
    private static final class ManifestFailingOps implements FileSystemOps {
        private final long fullAfter;
        private final boolean renameFails;

        ManifestFailingOps(long fullAfter, boolean renameFails) {
            this.fullAfter = fullAfter;
            this.renameFails = renameFails;
        }

        private static boolean isManifest(Path file) {
            return file.getFileName().toString().startsWith("manifest");
        }

        @Override
        public void createPrivateDirectory(Path directory) throws IOException {
            SYSTEM.createPrivateDirectory(directory);
        }

        @Override
        public WritableFile createNew(Path file) throws IOException {
            WritableFile real = SYSTEM.createNew(file);
            if (!isManifest(file) || fullAfter < 0) {
                return real;
            }
            return new WritableFile() {
                private long written;

                @Override
                public int write(ByteBuffer bytes) throws IOException {
                    if (written >= fullAfter) {
                        throw new IOException("No space left on device");
                    }
                    ByteBuffer slice = bytes.duplicate();
                    slice.limit((int) Math.min(bytes.limit(), bytes.position() + fullAfter - written));
                    int n = real.write(slice);
                    bytes.position(bytes.position() + n);
                    written += n;
                    return n;
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
            if (renameFails && isManifest(source)) {
                throw new IOException("Input/output error");
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
}
