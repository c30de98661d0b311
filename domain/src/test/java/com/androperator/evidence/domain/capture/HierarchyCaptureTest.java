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
import com.androperator.evidence.domain.fakes.Envelopes;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The hierarchy needs the Operator and preserves its actual success or failure; it never wakes, retries or replays. */
class HierarchyCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();

    private Manifest capture() {
        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));
        assertRecordInvariants(manifest, rig.store().onlyWriter());
        return manifest;
    }

    private CaptureRecord hierarchyRecord() {
        return record(rig.store().onlyWriter().captures(), "hierarchy");
    }

    static Stream<Arguments> notInteractive() {
        return Stream.of(
                // screen_on, device_locked, user_unlocked as sent; the facts as recorded
                Arguments.of("false", "false", "true", false, false, true),
                Arguments.of("true", "true", "true", true, true, true),
                Arguments.of("true", "false", "false", true, false, false),
                Arguments.of("false", "true", "false", false, true, false),
                Arguments.of(null, "false", "true", null, false, true),
                Arguments.of("true", "no", "true", true, null, true),
                Arguments.of(null, null, null, null, null, null));
    }

    @ParameterizedTest
    @MethodSource("notInteractive")
    void aSleepingOrLockedDeviceFailsTheHierarchyWithoutWakeUnlockOrHome(String screenOn, String locked, String unlocked,
                                                                         Boolean screenOnFact, Boolean lockedFact,
                                                                         Boolean unlockedFact) {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.readiness(screenOn, locked, unlocked));

        Manifest manifest = capture();

        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping");
        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.DEVICE_NOT_INTERACTIVE);
        assertThat(hierarchy.error().message()).contains("screenOn=" + screenOnFact)
                .contains("deviceLocked=" + lockedFact).contains("userUnlocked=" + unlockedFact)
                .contains("never wakes, unlocks or presses Home");
        Map<String, Object> expected = new HashMap<>();
        expected.put("screenOn", screenOnFact);
        expected.put("deviceLocked", lockedFact);
        expected.put("userUnlocked", unlockedFact);
        assertThat(hierarchyRecord().diagnostics()).containsAllEntriesOf(expected).containsEntry("command", "readiness");
        // The Operator's readiness answer itself is preserved (its bytes), not only the facts read from it.
        assertThat(Envelopes.map((com.androperator.evidence.contracts.RawJson) hierarchyRecord().diagnostics()
                .get("readinessResult"))).containsEntry("status", "success")
                .containsEntry("commandId", "evidence-0001-readiness");
        assertThat(hierarchyRecord().envelope()).isNull();
        // The screenshot needs no interactive device and no Operator.
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @ParameterizedTest
    @CsvSource(nullValues = "NULL", value = {
            "UI_TREE_UNAVAILABLE, UI_TREE_UNAVAILABLE",
            "SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE",
            "SOME_FUTURE_OPERATOR_CODE, SOME_FUTURE_OPERATOR_CODE",
            "NULL, OPERATOR_COMMAND_FAILED",
            "'', OPERATOR_COMMAND_FAILED",
            // blank as the schema's ECMA-262 \S means it: U+00A0, U+3000
            "'\u00A0', OPERATOR_COMMAND_FAILED",
            "'\u3000', OPERATOR_COMMAND_FAILED"})
    void theOperatorsErrorCodePassesThroughUnchanged(String operatorCode, String recordedCode) {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.failing(operatorCode, "accessibility root is null"));

        Manifest manifest = capture();

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(recordedCode);
        assertThat(hierarchy.error().message()).isEqualTo("accessibility root is null");
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
        assertThat(hierarchyRecord().envelope()).containsEntry("status", "failed").containsEntry("errorCode", operatorCode)
                .containsEntry("error", "accessibility root is null");
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
    }

    @Test
    void aFailedReadinessCheckFailsTheHierarchyWithTheOperatorsCodeAndNoSnapshot() {
        rig.operator().on(FakeOperator.READINESS, FakeOperator.failing("SERVICE_UNAVAILABLE", "accessibility service is off"));

        Manifest manifest = capture();

        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping");
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().code()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).error().message()).contains("accessibility service is off");
        assertThat(hierarchyRecord().diagnostics()).containsEntry("command", "readiness").containsKey("readinessResult");
    }

    static Stream<Arguments> transportFailures() {
        return Stream.of(
                Arguments.of(ErrorCodes.OPERATOR_NOT_INSTALLED, "installed_check", false),
                Arguments.of(ErrorCodes.BROADCAST_FAILED, "dispatch", false),
                // The Operator's own result timeout, with budget left: not the capture's deadline.
                Arguments.of(ErrorCodes.COMMAND_TIMEOUT, "await_result", true),
                Arguments.of(ErrorCodes.RESULT_TRANSPORT_EXITED, "await_result", true),
                Arguments.of(ErrorCodes.RESULT_ENVELOPE_MALFORMED, "await_result", true),
                Arguments.of(ErrorCodes.RESULT_TRANSPORT_EXITED, "reader_start", false));
    }

    @ParameterizedTest
    @MethodSource("transportFailures")
    void transportFailuresKeepTheirCodePhaseDispatchStateAndReaderDiagnostics(String code, String phase, boolean dispatched) {
        Map<String, Object> reader = Map.of("exitStatus", 1, "stderrTail", "logcat: read failure", "chunksReceived", 1);
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.notAnswered(code, "no result: " + code, phase, dispatched, reader));

        Manifest manifest = capture();

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        String reported = code.equals(ErrorCodes.BROADCAST_FAILED) ? ErrorCodes.DEVICE_SHELL_UNAVAILABLE
                : code.equals(ErrorCodes.COMMAND_TIMEOUT) ? ErrorCodes.RESULT_ENVELOPE_TIMEOUT : code;
        assertThat(hierarchy.error().code()).isEqualTo(reported);
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
        if (code.equals(ErrorCodes.BROADCAST_FAILED)) {
            assertThat(hierarchyRecord().diagnostics()).containsEntry(ErrorCodes.REASON, code);
        } else {
            assertThat(hierarchyRecord().diagnostics()).doesNotContainKey(ErrorCodes.REASON);
        }
        assertThat(hierarchyRecord().diagnostics()).containsEntry("phase", phase).containsEntry("dispatched", dispatched)
                .containsEntry("reader", reader).doesNotContainKey("deadlineOwner");
        assertThat(hierarchyRecord().envelope()).isNull();
        assertThat(rig.operator().actionTypes()).as("never retried").containsExactly("doctor_ping", "snapshot_ui");
    }

    @Test
    void malformedXmlIsKeptAsAPartialFileWithItsBytesUnchanged() {
        String broken = "<hierarchy rotation=\"0\"><node text=\"cut";
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.snapshot(broken));

        Manifest manifest = capture();

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(hierarchy.path()).isEqualTo("hierarchy.partial.xml");
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.SNAPSHOT_EXTRACTION_FAILED);
        assertThat(hierarchyRecord().details().asMap()).containsEntry(ErrorCodes.REASON, ErrorCodes.HIERARCHY_INVALID);
        assertThat(rig.store().onlyWriter().files().get("hierarchy.partial.xml"))
                .isEqualTo(broken.getBytes(StandardCharsets.UTF_8));
        assertThat(rig.store().onlyWriter().files()).doesNotContainKey("hierarchy.xml");
        assertThat(hierarchyRecord().artifactPath()).isEqualTo("hierarchy.partial.xml");
        assertThat(hierarchyRecord().envelope()).containsEntry("status", "success");
    }

    static Stream<Arguments> successWithoutXml() {
        Map<String, String> noText = Map.of("operator_overlay_visible", "true");
        return Stream.of(
                Arguments.of(List.of(new FakeOperator.Step("snap", "snapshot_ui", true, noText)), ErrorCodes.HIERARCHY_INVALID),
                Arguments.of(List.of(new FakeOperator.Step("snap", "snapshot_ui", true, Map.of("text", ""))), ErrorCodes.HIERARCHY_INVALID),
                Arguments.of(List.of(new FakeOperator.Step("snap", "snapshot_ui", false, Map.of("text", "<hierarchy/>"))),
                        ErrorCodes.SNAPSHOT_STEP_MISSING),
                Arguments.of(List.of(new FakeOperator.Step("other", "snapshot_ui", true, Map.of("text", "<hierarchy/>"))),
                        ErrorCodes.SNAPSHOT_STEP_MISSING),
                Arguments.of(List.of(), ErrorCodes.SNAPSHOT_STEP_MISSING));
    }

    @ParameterizedTest
    @MethodSource("successWithoutXml")
    void aSuccessEnvelopeWithoutUsableXmlIsAFailedHierarchy(List<FakeOperator.Step> steps, String reason) {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) ->
                FakeOperator.answered(command, "success", steps, null, null));

        Manifest manifest = capture();

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.SNAPSHOT_EXTRACTION_FAILED);
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
        assertThat(hierarchyRecord().diagnostics()).containsEntry(ErrorCodes.REASON, reason);
        assertThat(hierarchyRecord().envelope()).containsEntry("status", "success");
    }

    @Test
    void aGatewayThatThrowsIsRecordedAndNeverRetried() {
        rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.throwing(new IllegalStateException("reader thread died")));

        Manifest manifest = capture();

        Artifact hierarchy = artifact(manifest, ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.OPERATOR_COMMAND_FAILED);
        assertThat(hierarchy.error().message()).contains("reader thread died").contains("evidence-0001-hierarchy");
        assertThat(rig.operator().actionTypes()).containsExactly("doctor_ping", "snapshot_ui");
        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
    }

    @Test
    void theHierarchyIsAttemptedEvenWhenTheScreenshotFailed() {
        rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalStateException("adb transport closed")));

        Manifest manifest = capture();

        assertThat(artifact(manifest, ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void operatorFieldsSuchAsTheOverlayFlagAreKeptInTheOriginalResult() {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> {
            var answered = FakeOperator.answered(command, "success", List.of(new FakeOperator.Step("snap", "snapshot_ui", true,
                    Map.of("text", FakeOperator.HIERARCHY_XML, "operator_overlay_visible", "true", "window", "Settings"))),
                    null, null);
            Map<String, Object> original = Envelopes.map(answered.original());
            original.put("extraOperatorField", List.of(1, 2));
            return new com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered(
                    answered.envelope(), Envelopes.raw(original), answered.readerDiagnostics());
        });

        capture();

        assertThat(hierarchyRecord().envelope()).containsEntry("extraOperatorField", List.of(1, 2));
        assertThat(new String(rig.store().onlyWriter().files().get("captures.json"), StandardCharsets.UTF_8))
                .contains("\"operator_overlay_visible\":\"true\"").contains("\"window\":\"Settings\"");
    }

    private static com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered withLogged(
            com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered answered,
            LoggedHierarchy logged) {
        return new com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered(answered.envelope(),
                answered.original(), answered.readerDiagnostics(), logged, null);
    }

    @Test
    void withoutDataTextTheHierarchyLoggedForTheCommandIsUsed() {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> withLogged(FakeOperator.answered(command,
                "success", List.of(new FakeOperator.Step("snap", "snapshot_ui", true, Map.of("operator_overlay_visible", "false"))),
                null, null), new LoggedHierarchy.Found(StreamedString.of(FakeOperator.HIERARCHY_XML), 3)));

        Manifest manifest = capture();

        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(rig.store().onlyWriter().files().get("hierarchy.xml"))
                .isEqualTo(FakeOperator.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8));
        assertThat(hierarchyRecord().details().asMap()).containsEntry("hierarchySource", "logcat");
    }

    @Test
    void dataTextWinsOverALoggedHierarchy() {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> withLogged(FakeOperator.answered(command,
                "success", List.of(new FakeOperator.Step("snap", "snapshot_ui", true, Map.of("text", FakeOperator.HIERARCHY_XML))),
                null, null), new LoggedHierarchy.Found(StreamedString.of("<hierarchy>logged</hierarchy>"), 1)));

        capture();

        assertThat(rig.store().onlyWriter().files().get("hierarchy.xml"))
                .isEqualTo(FakeOperator.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8));
        assertThat(hierarchyRecord().details().asMap()).containsEntry("hierarchySource", "envelope");
    }

    static Stream<Arguments> loggedWithoutXml() {
        return Stream.of(
                Arguments.of(new LoggedHierarchy.UntaggedMarkerOnly(), ErrorCodes.VERSION_INCOMPATIBLE, "untagged marker"),
                Arguments.of(new LoggedHierarchy.Unusable("hierarchy record 2 is not UTF-8"),
                        ErrorCodes.RESULT_ENVELOPE_MALFORMED, "record 2 is not UTF-8"),
                Arguments.of(new LoggedHierarchy.Found(StreamedString.of(""), 1), ErrorCodes.SNAPSHOT_EXTRACTION_FAILED, "empty"),
                Arguments.of(new LoggedHierarchy.Absent(), ErrorCodes.SNAPSHOT_EXTRACTION_FAILED, "no hierarchy XML"));
    }

    @ParameterizedTest
    @MethodSource("loggedWithoutXml")
    void withoutDataTextOrATaggedHierarchyTheHierarchyFails(LoggedHierarchy logged, String code, String words) {
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> withLogged(FakeOperator.answered(command,
                "success", List.of(new FakeOperator.Step("snap", "snapshot_ui", true, Map.of())), null, null), logged));

        Artifact hierarchy = artifact(capture(), ArtifactKind.HIERARCHY);

        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(code);
        assertThat(hierarchy.error().message()).contains(words);
        assertThat(hierarchy.error().stage()).isEqualTo("capture");
    }
}
