package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.capture.CaptureRequest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.Observation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The still-capture use case with the domain's fakes for the device, but the real file store,
 * the real PNG and XML verifiers: every bundle it produces conforms to the contract.
 */
class CaptureIntoFileBundleStoreTest {
    private static final byte[] PNG = TestPngs.png(72, 160);

    @TempDir
    Path root;

    private static CaptureRig rig(FileSystemOps ops) {
        CaptureRig rig = new CaptureRig()
                .withStore(new FileBundleStore(ops))
                .withImageVerifier(new PngVerifier())
                .withHierarchyVerifier(new XmlHierarchyVerifier());
        rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 350));
        return rig;
    }

    record Scenario(String name, BundleStatus expected, Consumer<CaptureRig> setUp) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> scenarios() {
        return Stream.of(
                new Scenario("complete", BundleStatus.COMPLETE, rig -> { }),
                new Scenario("budget expires mid-screenshot: partial bytes kept, hierarchy never dispatched",
                        BundleStatus.FAILED,
                        rig -> rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 40_000))),
                new Scenario("corrupt PNG delivered completely", BundleStatus.PARTIAL,
                        rig -> rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.truncated(PNG, PNG.length - 9), 300))),
                new Scenario("screenshot transport throws", BundleStatus.PARTIAL,
                        rig -> rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalStateException("adb closed")))),
                new Scenario("hierarchy times out on the evidence deadline", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT,
                                FakeOperator.taking(60_000, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)))),
                new Scenario("malformed XML kept as a partial file", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.snapshot("<hierarchy><node></hierarchy>"))),
                new Scenario("operator error code", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT,
                                FakeOperator.failing("UI_TREE_UNAVAILABLE", "accessibility root is null"))),
                new Scenario("locked device", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.READINESS, FakeOperator.readiness("true", "true", "true"))),
                new Scenario("transport exited", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.notAnswered(
                                ErrorCodes.RESULT_TRANSPORT_EXITED, "logcat exited", "await_result", true,
                                Map.of("exitStatus", 1, "chunksReceived", 0)))),
                new Scenario("metadata unavailable makes usable evidence partial", BundleStatus.PARTIAL,
                        rig -> rig.metadata().withProperties(
                                Observation.<PropertyInventory>unavailable(ErrorCodes.COMMAND_TIMEOUT, "getprop timed out"))),
                new Scenario("emulator flags", BundleStatus.COMPLETE,
                        rig -> rig.metadata().withProperties(Map.of("ro.build.version.sdk", "34",
                                "ro.build.version.release", "14", "ro.product.manufacturer", "Google",
                                "ro.product.model", "sdk_gphone64", "ro.kernel.qemu", "1", "ro.boot.qemu", "0"))),
                new Scenario("neither capture usable", BundleStatus.FAILED, rig -> {
                    rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalStateException("adb closed")));
                    rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.failing("SERVICE_UNAVAILABLE", "service off"));
                })).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyBundleTheCaptureProducesConforms(Scenario scenario) throws IOException {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        scenario.setUp().accept(rig);
        Path bundle = root.resolve("bundle");

        CaptureOutcome outcome = rig.capture(CaptureRig.request(bundle.toString()));

        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        CaptureOutcome.Finished finished = (CaptureOutcome.Finished) outcome;
        assertThat(finished.manifestPath()).isEqualTo(bundle.resolve("manifest.json"));
        assertThat(finished.manifest().status()).isEqualTo(scenario.expected());
        assertThat(ContractJson.read(Files.readAllBytes(finished.manifestPath()), Manifest.class))
                .isEqualTo(finished.manifest());
        Conformance.assertConforms(bundle);
    }

    @Test
    void aCompleteCaptureKeepsTheCallersVerdictAndRecordsGeometryFromTheSavedPng() throws IOException {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        Path bundle = root.resolve("bundle");
        Manifest manifest = ((CaptureOutcome.Finished) rig.capture(CaptureRig.request(bundle.toString()))).manifest();

        assertThat(manifest.context()).containsEntry("originalVerdict", "failed");
        assertThat(manifest.artifacts().get(0).image().captureWidthPx()).isEqualTo(72);
        assertThat(manifest.artifacts().get(0).image().captureHeightPx()).isEqualTo(160);
        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.PHYSICAL);
        assertThat(Files.readAllBytes(bundle.resolve("screenshot.png"))).isEqualTo(PNG);
        try (Stream<Path> files = Files.list(bundle)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("screenshot.png", "hierarchy.xml", "captures.json", "manifest.json");
        }
    }

    @Test
    void aPartialScreenshotKeepsItsPartialName() {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 40_000));
        Path bundle = root.resolve("bundle");
        Manifest manifest = ((CaptureOutcome.Finished) rig.capture(CaptureRig.request(bundle.toString()))).manifest();
        var screenshot = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.SCREENSHOT).findFirst().orElseThrow();
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(Files.exists(bundle.resolve("screenshot.partial.png"))).isTrue();
        Conformance.assertConforms(bundle);
    }

    @Test
    void aManagedBundleUnderThePreparedEvidenceRootConforms() {
        EvidenceRoots.Preparation.Ready ready = (EvidenceRoots.Preparation.Ready) EvidenceRoots.prepare(
                Map.of(EvidenceRoots.VARIABLE, root.resolve("evidence").toString()), root, root);
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        CaptureRequest request = new CaptureRequest(new BundleLocation.Managed(ready.bundlesRoot()), CaptureRig.SERIAL,
                CaptureRig.OPERATOR_PACKAGE, null, null, null);

        CaptureOutcome.Finished finished = (CaptureOutcome.Finished) rig.capture(request);

        Path bundle = finished.manifestPath().getParent();
        assertThat(bundle.getParent()).isEqualTo(ready.bundlesRoot());
        assertThat(bundle.getFileName().toString()).isEqualTo(finished.manifest().evidenceId());
        Conformance.assertConforms(bundle);
    }

    @Test
    void anExistingOutputDirectoryIsRefusedWithoutTouchingIt() throws IOException {
        Path bundle = Files.createDirectory(root.resolve("bundle"));
        Files.writeString(bundle.resolve("keep.txt"), "keep");
        CaptureOutcome outcome = rig(FileSystemOps.SYSTEM).capture(CaptureRig.request(bundle.toString()));
        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        try (Stream<Path> files = Files.list(bundle)) {
            assertThat(files).containsExactly(bundle.resolve("keep.txt"));
        }
    }

    /** Storage that fails at the manifest: no finalized manifest, files already written remain. */
    @Test
    void aFullDiskAtTheManifestLeavesTheWrittenFilesAndNoManifest() {
        CaptureRig rig = rig(new ScriptedFileSystemOps().onlyFor("manifest").diskFullAfter(64));
        Path bundle = root.resolve("bundle");

        CaptureOutcome outcome = rig.capture(CaptureRig.request(bundle.toString()));

        assertThat(outcome).isInstanceOf(CaptureOutcome.NotPersisted.class);
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(Files.exists(bundle.resolve("screenshot.png"))).isTrue();
        assertThat(Files.exists(bundle.resolve("hierarchy.xml"))).isTrue();
        assertThat(Files.exists(bundle.resolve("manifest.json"))).isFalse();
        VerificationReport report = new BundleVerifier().verify(bundle);
        assertThat(report.has("MISSING_FILE", "manifest.json")).isTrue();
    }
}
