package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static com.androperator.evidence.domain.capture.BundleAssertions.record;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeImageVerifier;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.model.Failure;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Empty, corrupt or incomplete PNGs cannot mark an image complete; their bytes stay as partial evidence. */
class ScreenshotCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private static final byte[] PNG = TestPngs.png(64, 128);
    private final CaptureRig rig = new CaptureRig();

    private Manifest captureWith(FakeScreenshots.Scripted transfer) {
        rig.screenshots().behaving(FakeScreenshots.answering(transfer, 40));
        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));
        assertRecordInvariants(manifest, rig.store().onlyWriter());
        return manifest;
    }

    private CaptureRecord screenshotRecord() {
        return record(rig.store().onlyWriter().captures(), "screenshot");
    }

    /** The reference code EVIDENCE_CAPTURE_FAILED, stage capture, with {@code reason} as the record's reason field. */
    private void assertReported(Artifact screenshot, String reason) {
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(screenshot.error().stage()).isEqualTo("capture");
        assertThat(screenshot.error().component()).isEqualTo("screenshot");
        assertThat(screenshotRecord().diagnostics()).containsEntry(ErrorCodes.REASON, reason);
    }

    static Stream<Arguments> unverifiablePngs() {
        byte[] corrupt = PNG.clone();
        corrupt[20] = 0;
        corrupt[21] = 0;
        corrupt[22] = 0;
        corrupt[23] = 0;
        return Stream.of(
                Arguments.of("incomplete", Arrays.copyOf(PNG, PNG.length - 12), "does not end with IEND"),
                Arguments.of("corrupt header", corrupt, "non-positive dimensions"),
                Arguments.of("not a PNG", "JFIF not a png at all, just some bytes here and then some more".getBytes(), "no PNG signature"),
                Arguments.of("tiny", new byte[] {(byte) 0x89, 'P', 'N', 'G'}, "too short"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unverifiablePngs")
    void bytesThatDoNotVerifyStayAsAPartialFile(String name, byte[] bytes, String reason) {
        Manifest manifest = captureWith(new FakeScreenshots.Scripted(bytes, true, Optional.empty(),
                FakeScreenshots.receipt(bytes.length, 0)));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.image()).isNull();
        assertReported(screenshot, ErrorCodes.SCREENSHOT_INVALID);
        assertThat(screenshot.error().message()).contains(reason);
        assertThat(rig.store().onlyWriter().files().get("screenshot.partial.png")).isEqualTo(bytes);
        // result.ok is transport completion only; PNG validation is the manifest's business.
        assertThat(screenshotRecord().result().asMap()).containsEntry("ok", true);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void anEmptyTransferIsAFailedArtifactWithoutAFile() {
        Manifest manifest = captureWith(new FakeScreenshots.Scripted(new byte[0], true, Optional.empty(), Optional.empty()));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(screenshot.path()).isNull();
        assertThat(screenshot.bytes()).isNull();
        assertThat(screenshot.sha256()).isNull();
        assertReported(screenshot, ErrorCodes.SCREENSHOT_INVALID);
        assertThat(rig.store().onlyWriter().operations()).noneMatch(op -> op.contains("screenshot"));
        assertThat(screenshotRecord().persistence()).isNull();
    }

    static Stream<Arguments> failedTransfers() {
        return Stream.of(
                Arguments.of(new byte[0], ErrorCodes.DISPLAY_SELECTION_FAILED, ArtifactStatus.FAILED),
                Arguments.of(new byte[0], ErrorCodes.SCREENSHOT_FAILED, ArtifactStatus.FAILED),
                Arguments.of(Arrays.copyOf(PNG, 30), ErrorCodes.SCREENSHOT_FAILED, ArtifactStatus.PARTIAL),
                // Even bytes that would verify are not complete when the transfer itself failed.
                Arguments.of(PNG, ErrorCodes.SCREENSHOT_FAILED, ArtifactStatus.PARTIAL));
    }

    @ParameterizedTest
    @MethodSource("failedTransfers")
    void aFailedTransferKeepsItsCodeAndAnyBytes(byte[] bytes, String code, ArtifactStatus status) {
        Manifest manifest = captureWith(new FakeScreenshots.Scripted(bytes, false,
                Optional.of(Failure.of(code, "screencap: " + code)), FakeScreenshots.receipt(bytes.length, 1)));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(status);
        assertReported(screenshot, code);
        assertThat(screenshot.image()).isNull();
        assertThat(screenshotRecord().result().asMap()).containsEntry("ok", false).containsEntry("exitStatus", 1);
    }

    @Test
    void aTransportThatDidNotCompleteIsNotComplete() {
        Manifest manifest = captureWith(new FakeScreenshots.Scripted(PNG, false, Optional.empty(), Optional.empty()));
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertReported(artifact(manifest, ArtifactKind.SCREENSHOT), ErrorCodes.SCREENSHOT_FAILED);
    }

    @Test
    void aVerifierThatThrowsLeavesAPartialScreenshot() {
        CaptureRig throwingVerifier = new CaptureRig().withImageVerifier(FakeImageVerifier.judging(png -> {
            throw new IllegalStateException("inflater exploded");
        }));
        Manifest manifest = finishedManifest(throwingVerifier.capture(CaptureRig.request(DIR)));
        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(record(throwingVerifier.store().onlyWriter().captures(), "screenshot").details().asMap())
                .containsEntry(ErrorCodes.REASON, ErrorCodes.SCREENSHOT_INVALID);
        assertThat(screenshot.error().message()).contains("inflater exploded");
    }

    @Test
    void aScreenshotSourceThatThrowsIsAFailedScreenshotAndTheRestContinues() {
        rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalArgumentException("bad display id")));
        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));
        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.FAILED);
        assertReported(screenshot, ErrorCodes.SCREENSHOT_FAILED);
        assertThat(screenshot.error().message()).contains("bad display id");
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
    }

    @Test
    void theScreenshotNeedsNeitherTheOperatorNorAnInteractiveDevice() {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED,
                "com.androperator.operator.dev is not installed", "installed_check", false, Map.of()));
        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.OPERATOR_NOT_INSTALLED);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void neitherCaptureUsableIsAFailedBundleThatStillKeepsItsManifest() {
        rig.screenshots().behaving(FakeScreenshots.answering(new FakeScreenshots.Scripted(new byte[0], false,
                Optional.of(Failure.of(ErrorCodes.DISPLAY_SELECTION_FAILED, "two active viewports")), Optional.empty()), 10));
        rig.operator().on(FakeOperator.READINESS, FakeOperator.readiness("false", "true", "true"));

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        Manifest manifest = finishedManifest(outcome);
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(manifest.errors()).extracting(e -> e.code())
                .containsExactly(ErrorCodes.EVIDENCE_CAPTURE_FAILED, ErrorCodes.DEVICE_NOT_INTERACTIVE);
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(outcome.toResult().message()).contains("DISPLAY_SELECTION_FAILED").contains("DEVICE_NOT_INTERACTIVE");
        assertThat(rig.store().onlyWriter().files()).containsOnlyKeys("captures.json", "manifest.json");
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }
}
