package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Details;
import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static com.androperator.evidence.domain.capture.BundleAssertions.record;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One device-work budget, started at request entry, shared by screenshot, hierarchy and metadata. */
class BudgetTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();

    private CaptureOutcome captureWithBudget(long timeoutMs) {
        return rig.capture(new CaptureCommand(new BundleLocation.Explicit(DIR), null, CaptureRig.OPERATOR_PACKAGE,
                null, Map.of("originalVerdict", "failed"), timeoutMs, CliLikeTerms.INSTANCE));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 500, 998, 999})
    void withLessThan1000MsLeftTheHierarchyTimesOutWithoutDispatch(long leftMs) {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 5_000 - leftMs));

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(rig.operator().commands()).as("nothing dispatched").isEmpty();
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.path()).isNull();
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(hierarchy.error().message()).contains("without dispatch").contains("1000 ms minimum");
        CaptureRecord record = record(rig.store().onlyWriter().captures(), "hierarchy");
        assertThat(record.envelope()).isNull();
        assertThat(record.diagnostics()).containsEntry("deadlineOwner", "evidence_capture")
                .containsEntry("phase", "budget_check").containsEntry("dispatched", false)
                .containsEntry("effects", List.of()).containsEntry("reader", Map.of()).containsEntry("remainingMs", leftMs);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void withExactly1000MsLeftTheHierarchyIsDispatchedWithTheEngineMinimum() {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 4_000));
        Manifest manifest = finishedManifest(captureWithBudget(5_000));
        assertThat(rig.operator().commands()).extracting(c -> c.timeoutMs()).containsExactly(1_000, 1_000);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
    }

    @Test
    void aReadinessCheckThatLeavesLessThan1000MsSkipsTheSnapshotWithoutDispatch() {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 3_000));
        rig.operator().on(FakeOperator.READINESS, FakeOperator.taking(1_500, FakeOperator.readiness("true", "false", "true")));

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping");
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(record(rig.store().onlyWriter().captures(), "hierarchy").diagnostics())
                .containsEntry("deadlineOwner", "evidence_capture").containsEntry("command", "snapshot")
                .containsEntry("dispatched", false).containsEntry("effects", List.of("readiness_checked"))
                .containsEntry("remainingMs", 500L);
    }

    @Test
    void expiryDuringTheScreenshotKeepsThePartialBytesAsAPartialArtifactAndStillPersists() {
        byte[] png = TestPngs.png(200, 300);
        rig.screenshots().behaving(FakeScreenshots.delivering(png, 10_000));

        CaptureOutcome outcome = captureWithBudget(5_000);

        Manifest manifest = finishedManifest(outcome);
        FakeBundleWriter writer = rig.store().onlyWriter();
        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        byte[] received = Arrays.copyOf(png, png.length / 2);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.bytes()).isEqualTo(received.length);
        assertThat(writer.files().get("screenshot.partial.png")).isEqualTo(received);
        assertThat(screenshot.image()).isNull();
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(screenshot.error().stage()).isEqualTo("capture");
        assertThat(writer.operations()).doesNotContain("promote screenshot.partial.png -> screenshot.png");
        assertThat(record(writer.captures(), "screenshot").result().asMap()).containsEntry("ok", false)
                .containsEntry("bytesReceived", (long) received.length);

        // The hierarchy had no budget left, metadata was not read, but persistence went on after the deadline.
        assertThat(rig.operator().commands()).isEmpty();
        assertThat(rig.metadata().reads()).isEmpty();
        assertThat(writer.files()).containsKeys("captures.json", "manifest.json");
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isFalse();
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo(DIR + "/manifest.json");
        assertRecordInvariants(manifest, writer);
    }

    @Test
    void expiryWhileAwaitingTheHierarchyResultIsOwnedByTheCaptureAndNeverRedispatched() {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.taking(60_000, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(hierarchy.error().message()).contains("never sent again").contains("await_result");
        CaptureRecord record = record(rig.store().onlyWriter().captures(), "hierarchy");
        assertThat(record.envelope()).isNull();
        assertThat(record.diagnostics()).containsEntry("deadlineOwner", "evidence_capture")
                .containsEntry("command", "snapshot").containsEntry("phase", "await_result")
                .containsEntry("dispatched", true)
                .containsEntry("effects", List.of("readiness_checked", "broadcast_dispatched"))
                .containsEntry("reader", Map.of("linesRead", 12, "chunksReceived", 0, "readerExit", "stopped_by_deadline",
                        "dispatched", true))
                .doesNotContainKey("transportCode");
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void metadataAfterExpiryIsNullWithCommandTimeoutErrorsAndNoReads() {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.taking(60_000, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(rig.metadata().reads()).isEmpty();
        assertThat(manifest.device().apiLevel()).isNull();
        assertThat(manifest.device().androidVersion()).isNull();
        assertThat(manifest.device().manufacturer()).isNull();
        assertThat(manifest.device().model()).isNull();
        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.device().display()).isEqualTo(DisplayInfo.UNKNOWN);
        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(manifest.device().serial()).isEqualTo(CaptureRig.SERIAL);
        List<BundleError> metadataErrors = manifest.errors().stream().filter(e -> e.stage().equals("metadata")).toList();
        assertThat(metadataErrors).extracting(BundleError::component).containsExactly("operatorVersion",
                "apiLevel", "ro.build.version.release", "ro.product.manufacturer", "ro.product.model", "deviceType",
                "display.size", "display.density", "display.rotation");
        assertThat(metadataErrors).filteredOn(e -> !e.component().equals("deviceType"))
                .allSatisfy(e -> assertThat(e.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT));
        assertThat(metadataErrors).filteredOn(e -> e.component().equals("deviceType")).singleElement()
                .satisfies(e -> {
                    assertThat(e.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
                    assertThat(e.message()).contains("COMMAND_TIMEOUT");
                });
    }

    @Test
    void metadataReadsShareWhatRemainsOfTheBudget() {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 3_000));
        rig.metadata().takingPerRead(800);

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        // 2000 ms were left: getprop and wm size fit, wm density runs into the deadline, the rest is not tried.
        assertThat(rig.metadata().reads()).containsExactly("getprop", "wm size", "wm density");
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
        assertThat(manifest.device().display().width()).isEqualTo(1080);
        assertThat(manifest.device().display().density()).isNull();
        assertThat(manifest.device().display().rotation()).isNull();
        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.errors()).extracting(BundleError::component, BundleError::code).containsExactly(
                org.assertj.core.groups.Tuple.tuple("operatorVersion", ErrorCodes.COMMAND_TIMEOUT),
                org.assertj.core.groups.Tuple.tuple("display.density", ErrorCodes.COMMAND_TIMEOUT),
                org.assertj.core.groups.Tuple.tuple("display.rotation", ErrorCodes.COMMAND_TIMEOUT));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aTerminalResultAcceptedBeforeTheDeadlineIsPreserved() {
        rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.png(8, 8), 2_000));
        // The snapshot answer arrives 1 ms before the deadline; persisting and metadata come after it.
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.taking(2_999, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));
        rig.metadata().takingPerRead(5);

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(hierarchy.error()).isNull();
        assertThat(record(rig.store().onlyWriter().captures(), "hierarchy").diagnostics()).doesNotContainKey("deadlineOwner");
        assertThat(manifest.device().apiLevel()).isNull();
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
    }

    /**
     * The gateway accepted the terminal result, then the deadline passed (cancelling the reader)
     * before the call returned: the accepted result wins over the cancellation, is kept complete,
     * carries no deadlineOwner, and nothing is dispatched again.
     */
    @Test
    void aTerminalResultAcceptedBeforeCancellationIsPreservedEvenWhenItIsReturnedAfterExpiry() {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> {
            var accepted = FakeOperator.snapshot(FakeOperator.HIERARCHY_XML).run(command, deadline, clock);
            clock.spend(60_000, deadline);
            assertThat(deadline.expired()).isTrue();
            return accepted;
        });

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(hierarchy.error()).isNull();
        CaptureRecord record = record(rig.store().onlyWriter().captures(), "hierarchy");
        assertThat(record.diagnostics()).doesNotContainKey("deadlineOwner");
        assertThat(record.envelope()).containsEntry("status", "success");
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
        // Metadata comes after the deadline: unavailable, so the otherwise usable evidence is partial.
        assertThat(manifest.device().apiLevel()).isNull();
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void expiryDuringTheReadinessCheckIsOwnedByTheCaptureAndSkipsTheSnapshot() {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.taking(60_000, FakeOperator.readiness("true", "false", "true")));

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping");
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(record(rig.store().onlyWriter().captures(), "hierarchy").diagnostics())
                .containsEntry("deadlineOwner", "evidence_capture").containsEntry("command", "readiness")
                .containsEntry("phase", "await_result").containsEntry("dispatched", true)
                .containsEntry("effects", List.of("readiness_dispatched"));
    }

    @Test
    void aReaderThatExitsBecauseTheBudgetCanceledItIsRecordedAsTheCapturesTimeout() {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> {
            clock.spend(60_000, deadline);
            return new OperatorOutcome.NotAnswered(new Failure(ErrorCodes.RESULT_TRANSPORT_EXITED, "logcat exited",
                    Details.fromJson(Map.of("exitStatus", 143, "chunksReceived", 2))), CommandPhase.AWAIT_RESULT, true);
        });

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(record(rig.store().onlyWriter().captures(), "hierarchy").diagnostics())
                .containsEntry("deadlineOwner", "evidence_capture")
                .containsEntry("transportCode", ErrorCodes.RESULT_TRANSPORT_EXITED)
                .containsEntry("reader", Map.of("exitStatus", 143, "chunksReceived", 2));
    }

    @Test
    void aTimeoutWhileTheBudgetRemainsIsNotAttributedToTheCapture() {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.notAnswered(ErrorCodes.COMMAND_TIMEOUT, "engine timed out",
                "await_result", true, Map.of("linesRead", 4)));

        Manifest manifest = finishedManifest(captureWithBudget(30_000));

        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.RESULT_ENVELOPE_TIMEOUT);
        assertThat(record(rig.store().onlyWriter().captures(), "hierarchy").diagnostics())
                .doesNotContainKeys("deadlineOwner", "effects")
                .containsEntry("phase", "await_result").containsEntry("dispatched", true)
                .containsEntry("reader", Map.of("linesRead", 4));
    }

    @Test
    void aScreenshotTransportFailureAfterExpiryIsTheCapturesTimeout() {
        byte[] png = TestPngs.png(50, 50);
        rig.screenshots().behaving((serial, deadline, clock) -> {
            clock.spend(60_000, deadline);
            return new FakeScreenshots.Scripted(Arrays.copyOf(png, 40),
                    false, java.util.Optional.of(Failure.of(ErrorCodes.SCREENSHOT_FAILED, "stream cut")), java.util.Optional.empty());
        });

        Manifest manifest = finishedManifest(captureWithBudget(5_000));

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(record(rig.store().onlyWriter().captures(), "screenshot").diagnostics())
                .containsEntry("transportCode", ErrorCodes.SCREENSHOT_FAILED);
    }

    @Test
    void theBudgetStartsAtRequestEntryAndDeviceSelectionSpendsIt() {
        rig.devices().taking(rig.clock(), 700);
        rig.screenshots().behaving((serial, deadline, clock) -> {
            assertThat(deadline.remainingMillis()).isEqualTo(4_300);
            return FakeScreenshots.delivering(TestPngs.png(8, 8), 0).capture(serial, deadline, clock);
        });
        captureWithBudget(5_000);
        assertThat(rig.screenshots().serials()).hasSize(1);
    }
}
