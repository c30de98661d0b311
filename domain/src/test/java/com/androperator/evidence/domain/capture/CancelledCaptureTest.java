package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static com.androperator.evidence.domain.capture.BundleAssertions.record;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.model.Failure;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The caller cancels device work (Ctrl-C, SIGTERM, a server shutting down): every unfinished
 * component is COMMAND_CANCELLED with who cancelled, its phase and dispatch state in captures.json;
 * nothing is sent to the device afterwards; what was captured is kept and the manifest finalized.
 */
class CancelledCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();
    private final Cancellation cancellation = new Cancellation();

    private CaptureOutcome capture() {
        return rig.useCase().capture(CaptureRig.request(DIR), cancellation);
    }

    private CapturesFile captures() {
        return rig.store().onlyWriter().captures();
    }

    @Test
    void aCaptureCancelledBeforeItStartsIsRefusedAndCreatesNothing() {
        cancellation.cancel("SIGTERM");

        CaptureOutcome outcome = capture();

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        CaptureOutcome.Refused refused = (CaptureOutcome.Refused) outcome;
        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(refused.failure().message()).contains("SIGTERM").contains("nothing was written");
        assertThat(refused.failure().details().asMap()).containsEntry("cancelledBy", "SIGTERM");
        assertThat(rig.store().reservations()).isEmpty();
        assertThat(rig.devices().requests()).isEmpty();
        assertThat(rig.screenshots().serials()).isEmpty();
        assertThat(rig.operator().commands()).isEmpty();
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
    }

    @Test
    void aCaptureCancelledDuringDeviceSelectionIsRefusedBeforeAnyBundleExists() {
        CapturePorts ports = rig.ports();
        // The signal arrives while adb lists devices; the selector's failure is its closed socket.
        CapturePorts selecting = new CapturePorts((serial, deadline) -> {
            deadline.cancellation().cancel("SIGINT");
            return new DeviceSelection.Refused(Failure.of(ErrorCodes.ADB_UNAVAILABLE, "cancelled while listing devices"),
                    "Check adb.");
        }, ports.screenshots(), ports.operator(), ports.metadata(), ports.images(), ports.hierarchies(), ports.store(),
                ports.managedBundles(),
                ports.wallClock(), ports.monotonicClock(), ports.ids());

        CaptureOutcome outcome = new CaptureEvidence(selecting, CaptureRig.CLI_VERSION, CaptureRig.SOURCE)
                .capture(CaptureRig.request(DIR), cancellation);

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        assertThat(((CaptureOutcome.Refused) outcome).failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(((CaptureOutcome.Refused) outcome).failure().message()).contains("SIGINT")
                .contains("during device selection");
        assertThat(rig.store().reservations()).isEmpty();
        assertThat(rig.screenshots().serials()).isEmpty();
    }

    @Test
    void cancellingMidScreenshotKeepsTheBytesReceivedAndSendsNothingMore() {
        byte[] png = FakeScreenshots.DEFAULT_PNG;
        rig.screenshots().behaving(FakeScreenshots.cancelledMidTransfer(png, 1000, "SIGINT"));

        Manifest manifest = finishedManifest(capture());

        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.bytes()).isEqualTo(1000L);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(screenshot.error().message()).contains("SIGINT").contains("1000 bytes");
        assertThat(record(captures(), "screenshot").diagnostics()).containsEntry("cancelledBy", "SIGINT")
                .containsEntry("phase", "transfer").containsEntry("dispatched", true).containsEntry("bytesReceived", 1000L);

        assertThat(rig.operator().commands()).as("nothing dispatched after the cancellation").isEmpty();
        assertThat(rig.metadata().reads()).as("no metadata read after the cancellation").isEmpty();
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(record(captures(), "hierarchy").diagnostics()).containsEntry("cancelledBy", "SIGINT")
                .containsEntry("command", "readiness").containsEntry("phase", "not_started")
                .containsEntry("dispatched", false).containsEntry("effects", List.of());

        assertMetadataCancelled(manifest, "getprop", "not_started", false);
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void cancellingWhileTheReadinessCheckAwaitsItsResultNeverSendsTheSnapshot() {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.cancelled("SIGTERM", ErrorCodes.RESULT_TRANSPORT_EXITED,
                "await_result", true));

        Manifest manifest = finishedManifest(capture());

        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).as("kept").isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(rig.operator().actionTypes()).containsExactly(FakeOperator.READINESS);
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(hierarchy.error().message()).contains("SIGTERM").contains("readiness").contains("await_result")
                .contains("dispatched; it is never sent again");
        CaptureRecord record = record(captures(), "hierarchy");
        assertThat(record.diagnostics()).containsEntry("cancelledBy", "SIGTERM").containsEntry("command", "readiness")
                .containsEntry("phase", "await_result").containsEntry("dispatched", true)
                .containsEntry("effects", List.of("readiness_dispatched"))
                .containsEntry("transportCode", ErrorCodes.RESULT_TRANSPORT_EXITED)
                .doesNotContainKey("deadlineOwner");
        assertThat(record.diagnostics().get("reader")).isEqualTo(Map.of("readerOutcome", "CANCELLED", "linesRead", 3,
                "dispatched", true));
        assertMetadataCancelled(manifest, "getprop", "not_started", false);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void cancellingTheSnapshotRecordsItsDispatchStateAndSendsItAtMostOnce(boolean dispatched) {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.cancelled("SIGINT", ErrorCodes.COMMAND_CANCELLED,
                dispatched ? "await_result" : "reader_start", dispatched));

        Manifest manifest = finishedManifest(capture());

        assertThat(rig.operator().actionTypes()).containsExactly(FakeOperator.READINESS, FakeOperator.SNAPSHOT);
        CaptureRecord record = record(captures(), "hierarchy");
        assertThat(record.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(record.diagnostics()).containsEntry("command", "snapshot").containsEntry("dispatched", dispatched)
                .containsEntry("phase", dispatched ? "await_result" : "reader_start")
                .containsEntry("effects", dispatched ? List.of("readiness_checked", "broadcast_dispatched")
                        : List.of("readiness_checked"))
                .doesNotContainKey("transportCode");
        assertThat(record.diagnostics()).containsEntry("screenOn", true);
        assertThat(record.errorMessage()).contains(dispatched ? "(dispatched" : "(not dispatched)");
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void aCancellationAfterTheReadinessAnswerNeverDispatchesTheSnapshot() {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.answeringThenCancelled("SIGINT",
                FakeOperator.readiness("true", "false", "true")));

        Manifest manifest = finishedManifest(capture());

        assertThat(rig.operator().actionTypes()).containsExactly(FakeOperator.READINESS);
        assertThat(record(captures(), "hierarchy").diagnostics()).containsEntry("command", "snapshot")
                .containsEntry("phase", "not_started").containsEntry("dispatched", false)
                .containsEntry("effects", List.of("readiness_checked"));
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().message()).contains("nothing was dispatched");
    }

    @Test
    void aSnapshotAcceptedBeforeTheCancellationIsKeptComplete() {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.answeringThenCancelled("SIGINT",
                FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));

        Manifest manifest = finishedManifest(capture());

        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(rig.metadata().reads()).isEmpty();
        assertMetadataCancelled(manifest, "getprop", "not_started", false);
        assertThat(manifest.status()).as("metadata is missing").isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void cancellingDuringAMetadataReadKeepsTheEarlierReadsAndSendsNoLaterOne() {
        rig.metadata().cancellingDuring("wm density", "SIGTERM");

        Manifest manifest = finishedManifest(capture());

        assertThat(rig.metadata().reads()).containsExactly("getprop", "wm size", "wm density");
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
        assertThat(manifest.device().display().width()).isEqualTo(1080);
        assertThat(manifest.device().display().density()).isNull();
        assertThat(manifest.device().display().rotation()).isNull();
        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.errors()).extracting(BundleError::component).containsExactly("operatorVersion",
                "display.density", "display.rotation");
        assertThat(manifest.errors()).allSatisfy(e -> assertThat(e.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED));
        assertThat(manifest.errors().get(1).message()).contains("SIGTERM").contains("while wm density was being read")
                .contains("sent to the device");
        assertThat(manifest.errors().get(2).message()).contains("before the display rotation was read")
                .contains("nothing was sent");
        CaptureRecord metadata = record(captures(), "metadata");
        assertThat(metadata.source()).isEqualTo("adb_shell");
        assertThat(metadata.artifactPath()).isNull();
        assertThat(metadata.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(metadata.diagnostics()).containsEntry("cancelledBy", "SIGTERM").containsEntry("command", "wm density")
                .containsEntry("phase", "in_flight").containsEntry("dispatched", true);
        assertThat(metadata.diagnostics().get("reads")).isEqualTo(List.of(
                Map.of("command", "getprop", "phase", "completed", "dispatched", true),
                Map.of("command", "wm size", "phase", "completed", "dispatched", true),
                Map.of("command", "wm density", "phase", "in_flight", "dispatched", true),
                Map.of("command", "dumpsys input", "phase", "not_started", "dispatched", false),
                Map.of("command", "dumpsys package", "phase", "not_started", "dispatched", false)));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertRecordInvariants(manifest, rig.store().onlyWriter());
    }

    @Test
    void aCaptureNobodyCancelsHasNoMetadataRecord() {
        finishedManifest(capture());
        assertThat(captures().stillRecords()).extracting(CaptureRecord::kind).containsExactly("screenshot", "hierarchy");
    }

    private void assertMetadataCancelled(Manifest manifest, String firstCommand, String phase, boolean dispatched) {
        List<BundleError> metadataErrors = manifest.errors().stream().filter(e -> e.stage().equals("metadata")).toList();
        assertThat(metadataErrors).isNotEmpty();
        assertThat(metadataErrors).filteredOn(e -> !e.component().equals("deviceType"))
                .allSatisfy(e -> assertThat(e.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED));
        CaptureRecord metadata = record(captures(), "metadata");
        assertThat(metadata.diagnostics()).containsEntry("command", firstCommand).containsEntry("phase", phase)
                .containsEntry("dispatched", dispatched);
    }
}
