package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A storage failure costs the artifact it hits, never the rest of the evidence. */
class StorageFailureTest {
    private static final String DIR = "/absolute/new/bundle";

    static Stream<Arguments> artifactWrites() {
        return Stream.of(
                // failing file, artifact hit, its status, its path afterwards
                Arguments.of("screenshot.partial.png", ArtifactKind.SCREENSHOT, ArtifactStatus.FAILED, null),
                Arguments.of("screenshot.png", ArtifactKind.SCREENSHOT, ArtifactStatus.PARTIAL, "screenshot.partial.png"),
                Arguments.of("hierarchy.partial.xml", ArtifactKind.HIERARCHY, ArtifactStatus.FAILED, null),
                Arguments.of("hierarchy.xml", ArtifactKind.HIERARCHY, ArtifactStatus.PARTIAL, "hierarchy.partial.xml"),
                Arguments.of("captures.json", ArtifactKind.CAPTURE_ENVELOPES, ArtifactStatus.FAILED, null));
    }

    @ParameterizedTest(name = "{0} fails")
    @MethodSource("artifactWrites")
    void aFailedWriteCostsOnlyItsArtifact(String file, ArtifactKind kind, ArtifactStatus status, String path) {
        assertOnlyTheArtifactSuffers(file, kind, status, path, false);
    }

    @ParameterizedTest(name = "{0} throws")
    @MethodSource("artifactWrites")
    void aWriterThatThrowsCostsOnlyItsArtifact(String file, ArtifactKind kind, ArtifactStatus status, String path) {
        assertOnlyTheArtifactSuffers(file, kind, status, path, true);
    }

    private static void assertOnlyTheArtifactSuffers(String file, ArtifactKind kind,
                                                     ArtifactStatus status, String path, boolean throwing) {
        CaptureRig rig = new CaptureRig();
        if (throwing) {
            rig.store().throwingOnWrite(file);
        } else {
            rig.store().failingWrite(file);
        }

        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));

        Artifact hit = artifact(manifest, kind);
        assertThat(hit.status()).isEqualTo(status);
        assertThat(hit.path()).isEqualTo(path);
        assertThat(hit.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(hit.error().stage()).isEqualTo("persistence");
        assertThat(hit.error().component()).isEqualTo(kind.wire());
        assertThat(hit.error().message()).contains(file);
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() != kind)
                .allSatisfy(other -> assertThat(other.status()).isEqualTo(ArtifactStatus.COMPLETE));
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.errors()).containsExactly(hit.error());
        assertThat(rig.store().onlyWriter().manifest()).isEqualTo(manifest);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    static Stream<Arguments> writesCutShort() {
        return Stream.of(
                // file whose write fills the disk, artifact hit, the partial file it leaves
                Arguments.of("screenshot.partial.png", ArtifactKind.SCREENSHOT, "screenshot.partial.png"),
                Arguments.of("hierarchy.partial.xml", ArtifactKind.HIERARCHY, "hierarchy.partial.xml"),
                Arguments.of("captures.json", ArtifactKind.CAPTURE_ENVELOPES, "captures.partial.json"));
    }

    /**
     * A disk that fills mid-write leaves a cut-short file: it stays (what was written is kept) and
     * is listed as that artifact's partial entry with its own bytes, hash and error, so that the
     * bundle holds no unlisted file.
     */
    @ParameterizedTest(name = "{0} is cut short")
    @MethodSource("writesCutShort")
    void aWriteCutShortIsKeptAndListedAsAPartialArtifact(String file, ArtifactKind kind, String left) {
        CaptureRig rig = new CaptureRig();
        rig.store().failingWriteAfter(file, 17);

        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));

        Artifact hit = artifact(manifest, kind);
        byte[] kept = rig.store().onlyWriter().files().get(left);
        assertThat(kept).hasSize(17);
        assertThat(hit.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(hit.path()).isEqualTo(left);
        assertThat(hit.bytes()).isEqualTo(17);
        assertThat(hit.sha256()).isEqualTo(com.androperator.evidence.domain.fakes.FakeBundleWriter.sha256(kept));
        assertThat(hit.image()).isNull();
        assertThat(hit.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(hit.error().stage()).isEqualTo("persistence");
        assertThat(hit.error().component()).isEqualTo(kind.wire());
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() != kind)
                .allSatisfy(other -> assertThat(other.status()).isEqualTo(ArtifactStatus.COMPLETE));
        assertThat(manifest.errors()).containsExactly(hit.error());
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(outcomeCode(rig)).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    /**
     * The full disk refuses a piece, which stops the transfer: the storage is the cause, so the
     * screenshot's captures.json record carries the artifact's STORAGE_FAILED with the writer's
     * causeCode, and the transport's own code only as details.transportCode.
     */
    @ParameterizedTest(name = "full after {0} bytes")
    @ValueSource(ints = {0, 17, 5000})
    void aTransferStoppedByAFullDiskIsRecordedAsTheStorageFailureItIs(int bytes) {
        CaptureRig rig = new CaptureRig();
        rig.store().failingWriteAfter("screenshot.partial.png", bytes);

        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));

        Artifact shot = artifact(manifest, ArtifactKind.SCREENSHOT);
        CaptureRecord record = BundleAssertions.record(rig.store().onlyWriter().captures(), "screenshot");
        assertThat(shot.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(record.result().asMap()).containsEntry("ok", false);
        assertThat(record.errorCode()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(record.errorMessage()).isEqualTo(shot.error().message());
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) record.result().asMap().get("error");
        assertThat(error.get("details")).isEqualTo(Map.of("transportCode", ErrorCodes.SCREENSHOT_FAILED,
                "causeCode", CauseCodes.ENOSPC, "cause", "No space left on device"));
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    private static String outcomeCode(CaptureRig rig) {
        Manifest written = rig.store().onlyWriter().manifest();
        return new CaptureOutcome.Finished(written, Path.of(DIR, "manifest.json")).toResult().code();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aManifestThatCannotBePersistedIsReportedAndTheWrittenFilesRemain(boolean throwing) {
        CaptureRig rig = new CaptureRig();
        if (throwing) {
            rig.store().throwingOnWrite("manifest.json");
        } else {
            rig.store().failingWrite("manifest.json");
        }

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        assertThat(outcome).isInstanceOf(CaptureOutcome.NotPersisted.class);
        CaptureOutcome.NotPersisted notPersisted = (CaptureOutcome.NotPersisted) outcome;
        assertThat(notPersisted.directory()).isEqualTo(Path.of(DIR));
        assertThat(notPersisted.evidenceId()).isEqualTo("evidence-0001");
        assertThat(notPersisted.failure().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(rig.store().onlyWriter().files()).containsOnlyKeys("screenshot.png", "hierarchy.xml", "captures.json");
        assertThat(rig.store().onlyWriter().manifest()).isNull();
        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("bundleDir", DIR).containsEntry("manifestPersisted", false);
        // Both captures verified: "failed" is reserved for neither capture being usable.
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.message()).contains("the manifest could not be persisted in " + DIR)
                .contains("Captured and verified: screenshot (screenshot.png) and hierarchy (hierarchy.xml)")
                .contains("What remains on disk there: screenshot.png (screenshot, complete, ")
                .contains("hierarchy.xml (hierarchy, complete, ").contains("captures.json (capture_envelopes, complete, ");
        assertThat(outcome.succeeded()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aManifestThatCannotBePersistedWhenNeitherCaptureIsUsableIsFailed(boolean screenshotKept) {
        CaptureRig rig = new CaptureRig();
        rig.store().failingWrite("manifest.json");
        rig.store().failingWrite(screenshotKept ? "screenshot.png" : "screenshot.partial.png");
        rig.operator().on(com.androperator.evidence.domain.fakes.FakeOperator.SNAPSHOT,
                com.androperator.evidence.domain.fakes.FakeOperator.failing("UI_TREE_UNAVAILABLE", "no window"));

        CommandResult result = rig.capture(CaptureRig.request(DIR)).toResult();

        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.message()).contains("Neither capture is usable");
        assertThat(result.message()).contains(screenshotKept ? "screenshot.partial.png (screenshot, partial, "
                : "What remains on disk there: captures.json");
    }
}
