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
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeManagedBundles;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import com.androperator.evidence.domain.fakes.FakeImageVerifier;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.FixedWallClock;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompleteCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();

    @Test
    void aCompleteCaptureVerifiesBothFilesRecordsMetadataAndPersistsReceipts() {
        byte[] png = TestPngs.png(1080, 2400);
        rig.screenshots().behaving(FakeScreenshots.delivering(png, 350));

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        Manifest manifest = finishedManifest(outcome);
        FakeBundleWriter writer = rig.store().onlyWriter();
        assertRecordInvariants(manifest, writer);
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.errors()).isEmpty();
        assertThat(manifest.evidenceId()).isEqualTo("evidence-0001");
        assertThat(manifest.label()).isEqualTo("Settings observation");
        assertThat(manifest.startedAt()).isEqualTo("2026-03-01T10:00:00Z");
        assertThat(manifest.finishedAt()).isEqualTo("2026-03-01T10:00:00.350Z");
        assertThat(manifest.device()).isEqualTo(new DeviceInfo(CaptureRig.SERIAL, CaptureRig.OPERATOR_PACKAGE,
                CaptureRig.CLI_VERSION, "0.12.1", 34, "14", "Google", "Pixel 8", DeviceType.PHYSICAL,
                new DeviceTypeProperties(null, "0"), new DisplayInfo(1080, 2400, 420, 0)));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(screenshot.path()).isEqualTo("screenshot.png");
        assertThat(screenshot.bytes()).isEqualTo(png.length);
        assertThat(screenshot.sha256()).isEqualTo(FakeBundleWriter.sha256(png));
        assertThat(screenshot.image()).isEqualTo(new ImageGeometry(1080, 2400, "screenshot_pixels", "top_left"));
        assertThat(screenshot.durationMs()).isEqualTo(350);

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(hierarchy.path()).isEqualTo("hierarchy.xml");
        assertThat(hierarchy.image()).isNull();
        // Verified raw XML, unchanged from the capture envelope.
        assertThat(writer.files().get("hierarchy.xml")).isEqualTo(FakeOperator.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8));

        assertThat(artifact(manifest, ArtifactKind.CAPTURE_ENVELOPES).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(writer.files().keySet())
                .containsExactlyInAnyOrder("screenshot.png", "hierarchy.xml", "captures.json", "manifest.json");
        assertThat(writer.operations()).containsExactly(
                "writePartial screenshot.partial.png", "promote screenshot.partial.png -> screenshot.png",
                "writePartial hierarchy.partial.xml", "promote hierarchy.partial.xml -> hierarchy.xml",
                "writeCaptures", "finalizeManifest");
        assertThat(writer.manifest()).isEqualTo(manifest);

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.toResult()).isEqualTo(new CommandResult(true, "complete", DIR + "/manifest.json",
                "evidence-0001", null, null, null, null, null));
    }

    @Test
    void theCallersContextIsCopiedAsGivenAndItsOriginalVerdictSurvivesACompleteCapture() {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        context.put("attempt", 3);
        CaptureCommand request = new CaptureCommand(new BundleLocation.Explicit(DIR), null, CaptureRig.OPERATOR_PACKAGE,
                null, context, null, CliLikeTerms.INSTANCE);

        Manifest manifest = finishedManifest(rig.capture(request));

        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.context().asMap()).isEqualTo(context);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
        assertThat(manifest.context().asMap().keySet()).containsExactly("commandId", "originalVerdict", "attempt");
        assertThat(manifest.label()).isNull();
        assertThat(new String(rig.store().onlyWriter().files().get("manifest.json"), StandardCharsets.UTF_8))
                .contains("\"originalVerdict\" : \"failed\"").contains("\"status\" : \"complete\"");
    }

    @Test
    void aMissingContextIsAnEmptyObjectAndAnEmptyLabelStaysEmpty() {
        CaptureCommand request = new CaptureCommand(new BundleLocation.Explicit(DIR), CaptureRig.SERIAL,
                CaptureRig.OPERATOR_PACKAGE, "", null, null, CliLikeTerms.INSTANCE);
        Manifest manifest = finishedManifest(rig.capture(request));
        assertThat(manifest.context().asMap()).isEmpty();
        assertThat(manifest.label()).isEmpty();
    }

    @Test
    void theDeviceIsSelectedOnceAndBothCapturesUseThatSameDevice() {
        CaptureCommand request = new CaptureCommand(new BundleLocation.Explicit(DIR), null, CaptureRig.OPERATOR_PACKAGE,
                null, null, null, CliLikeTerms.INSTANCE);
        rig.capture(request);
        assertThat(rig.devices().requests()).containsExactly(java.util.Optional.empty());
        assertThat(rig.screenshots().serials()).containsExactly(CaptureRig.SERIAL);
        assertThat(rig.operator().commands()).extracting(OperatorCommand::serial).containsOnly(CaptureRig.SERIAL);
    }

    @Test
    void theOperatorGetsOneReadOnlyReadinessCheckThenOneSnapshot() {
        rig.capture(CaptureRig.request(DIR));
        List<OperatorCommand> commands = rig.operator().commands();
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
        OperatorCommand readiness = commands.get(0);
        assertThat(readiness.commandId()).isEqualTo("evidence-0001-readiness");
        assertThat(readiness.actions()).containsExactly(new com.androperator.evidence.domain.port.OperatorGateway
                .OperatorAction("h1", "doctor_ping"));
        OperatorCommand snapshot = commands.get(1);
        assertThat(snapshot.commandId()).isEqualTo("evidence-0001-hierarchy");
        assertThat(snapshot.taskId()).isEqualTo("evidence-0001");
        assertThat(snapshot.source()).isEqualTo(CaptureRig.SOURCE);
        assertThat(snapshot.operatorPackage()).isEqualTo(CaptureRig.OPERATOR_PACKAGE);
        assertThat(snapshot.timeoutMs()).isEqualTo(30_000);
        assertThat(snapshot.actions()).containsExactly(new com.androperator.evidence.domain.port.OperatorGateway
                .OperatorAction("snap", "snapshot_ui"));
    }

    @Test
    void theEngineTimeoutIsWhatRemainsOfTheBudget() {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(4, 4), 7_500));
        rig.capture(new CaptureCommand(new BundleLocation.Explicit(DIR), null, CaptureRig.OPERATOR_PACKAGE, null, null, 10_000L, CliLikeTerms.INSTANCE));
        assertThat(rig.operator().commands()).extracting(OperatorCommand::timeoutMs).containsExactly(2_500, 2_500);
    }

    /** The budget's bounds are accepted end to end; an instant device spends none, so the engine gets all of it. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1_000, 120_000})
    void theBudgetsBoundsAreAcceptedAndHandedToTheEngine(long timeoutMs) {
        Manifest manifest = finishedManifest(rig.capture(new CaptureCommand(new BundleLocation.Explicit(DIR), null,
                CaptureRig.OPERATOR_PACKAGE, null, null, timeoutMs, CliLikeTerms.INSTANCE)));
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(rig.operator().commands()).extracting(OperatorCommand::timeoutMs)
                .containsExactly((int) timeoutMs, (int) timeoutMs);
    }

    @Test
    void capturesJsonKeepsTheOperatorsOriginalEnvelopeAndAHostReceiptForTheScreenshot() {
        rig.capture(CaptureRig.request(DIR));
        var captures = rig.store().onlyWriter().captures();

        CaptureRecord screenshot = record(captures, "screenshot");
        assertThat(screenshot.source()).isEqualTo("adb_screencap");
        assertThat(screenshot.commandId()).isEqualTo("evidence-0001-screenshot");
        assertThat(screenshot.taskId()).isEqualTo("evidence-0001");
        assertThat(screenshot.artifactPath()).isEqualTo("screenshot.png");
        assertThat(screenshot.result().asMap()).containsEntry("ok", true)
                .containsEntry("physicalDisplayId", FakeScreenshots.PHYSICAL_DISPLAY_ID)
                .doesNotContainKeys("status", "stepResults");
        assertThat(screenshot.observation()).isNotNull();
        assertThat(screenshot.persistence()).isNotNull();
        assertThat(screenshot.errorCode()).isNull();
        assertThat(screenshot.result().asMap()).containsKey("bytes");

        CaptureRecord hierarchy = record(captures, "hierarchy");
        assertThat(hierarchy.source()).isEqualTo("operator");
        assertThat(hierarchy.commandId()).isEqualTo("evidence-0001-hierarchy");
        assertThat(hierarchy.artifactPath()).isEqualTo("hierarchy.xml");
        assertThat(hierarchy.result().asMap()).containsEntry("ok", true).containsEntry("deviceId", "emulator-5554")
                .containsEntry("terminalSource", "androperator_result");
        assertThat(hierarchy.envelope()).containsEntry("commandId", "evidence-0001-hierarchy")
                .containsEntry("status", "success").containsEntry("errorCode", null);
        @SuppressWarnings("unchecked")
        var steps = (List<Map<String, Object>>) hierarchy.envelope().get("stepResults");
        @SuppressWarnings("unchecked")
        var data = (Map<String, Object>) steps.get(0).get("data");
        assertThat(data).containsEntry("operator_overlay_visible", "false").containsEntry("text", FakeOperator.HIERARCHY_XML);
        assertThat(hierarchy.details().asMap()).containsEntry("screenOn", true).containsEntry("deviceLocked", false)
                .containsEntry("userUnlocked", true).doesNotContainKey("deadlineOwner");
    }

    @Test
    void imageGeometryComesOnlyFromTheVerifiedPng() {
        // The verifier is the only authority on dimensions: not the display metadata, not the request.
        CaptureRig verifiedSmaller = new CaptureRig().withImageVerifier(FakeImageVerifier.judging(png -> new ImageVerification.Verified(720, 1600)));
        Manifest manifest = finishedManifest(verifiedSmaller.capture(CaptureRig.request(DIR)));
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).image()).isEqualTo(ImageGeometry.ofPixels(720, 1600));
        assertThat(manifest.device().display()).isEqualTo(new DisplayInfo(1080, 2400, 420, 0));
    }

    @Test
    void aManagedBundleGoesUnderTheBundlesRootNamedByItsEvidenceId() {
        Path root = FakeManagedBundles.ROOT;
        CaptureOutcome outcome = rig.capture(new CaptureCommand(BundleLocation.MANAGED, null,
                CaptureRig.OPERATOR_PACKAGE, null, Map.of(), 5_000L, CliLikeTerms.INSTANCE));
        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        assertThat(((CaptureOutcome.Finished) outcome).manifestPath())
                .isEqualTo(root.resolve("evidence-0001").resolve("manifest.json"));
        assertThat(rig.store().reservations()).containsExactly(root.resolve("evidence-0001"));
    }

    /** durationMs comes from the monotonic clock: a wall clock that stands still (or jumps) does not change it. */
    @Test
    void durationsAreMonotonicAndIndependentOfTheWallClock() {
        CaptureRig frozenWall = new CaptureRig().withWallClock(FixedWallClock.EPOCH_2026);
        frozenWall.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 350));
        frozenWall.operator().on(FakeOperator.SNAPSHOT,
                FakeOperator.taking(1_200, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));

        Manifest manifest = finishedManifest(frozenWall.capture(CaptureRig.request(DIR)));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.startedAt()).isEqualTo(screenshot.finishedAt());
        assertThat(screenshot.durationMs()).isEqualTo(350);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).durationMs()).isEqualTo(1_200);
        CaptureRecord hierarchy = record(frozenWall.store().onlyWriter().captures(), "hierarchy");
        assertThat(hierarchy.observation().durationMs()).isEqualTo(1_200);
        assertThat(record(frozenWall.store().onlyWriter().captures(), "screenshot").observation().durationMs())
                .isEqualTo(350);
    }

    @Test
    void hostTimesAreUtcIsoStampsWithMillisecondPrecision() {
        CaptureRig fixed = new CaptureRig().withWallClock(FixedWallClock.EPOCH_2026);
        Manifest manifest = finishedManifest(fixed.capture(CaptureRig.request(DIR)));
        assertThat(manifest.startedAt()).isEqualTo("2026-03-01T10:00:00.123Z");
        assertThat(manifest.finishedAt()).isEqualTo("2026-03-01T10:00:00.123Z");
        assertThat(manifest.artifacts()).allSatisfy(artifact -> {
            assertThat(artifact.startedAt()).isEqualTo("2026-03-01T10:00:00.123Z");
            assertThat(artifact.durationMs()).isZero();
        });
    }
}
