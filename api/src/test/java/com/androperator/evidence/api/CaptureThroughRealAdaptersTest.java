package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.conformance.ReferenceRules;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 3's scenarios end to end: {@link EvidenceCapture#captureEvidence} with the real adb
 * adapters, through the real adb server, against the simulated phone. Each bundle must pass the
 * conformance verifier, and its status and errors must say what happened on the device.
 */
class CaptureThroughRealAdaptersTest {
    private static final String INNER = "4619827551948147201";
    private static final String OUTER = "4619827259835644672";
    private static final byte[] INNER_PNG = ScreenshotFixtures.smallPng(220, 180, 1);
    private static final byte[] OUTER_PNG = ScreenshotFixtures.smallPng(108, 240, 2);
    private static final String CONTEXT_VERDICT = "failed";
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    /** One capture's outcome, its bundle, and what the phone was asked to do during it. */
    private record Capture(CommandResult result, Path bundle, Manifest manifest, CapturesFile captures,
                           List<String> services) {
        Artifact artifact(ArtifactKind kind) {
            return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
        }

        CaptureRecord record(String kind) {
            return captures.stillRecords().stream().filter(r -> r.kind().equals(kind)).findFirst().orElseThrow();
        }

        long broadcasts(String actionType) {
            return services.stream().filter(s -> s.contains("am broadcast") && s.contains(actionType)).count();
        }
    }

    private Capture capture(long timeoutMs) throws IOException {
        Path bundle = temp.resolve("bundle");
        int before = lab.simulator().receivedServices().size();
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(bundle)
                        .deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR)
                        .context(Map.of("originalVerdict", CONTEXT_VERDICT)).timeoutMs(timeoutMs).build(),
                CaptureDependencies.builder().environment(lab.environment()).build());
        List<String> all = lab.simulator().receivedServices();
        CommandResult result = outcome.toResult();
        assertThat(outcome).as(String.valueOf(result)).isInstanceOf(CaptureOutcome.Finished.class);
        Conformance.assertConforms(bundle);
        // The reference tool's readers can read it: its rules, transcribed independently of our schemas.
        ReferenceRules.assertFollowed(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        CapturesFile captures = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class);
        // The result object and the exit status follow the spec's table, whatever happened.
        assertThat(result.status()).isEqualTo(manifest.status().wire());
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        assertThat(outcome.succeeded()).isEqualTo(manifest.status() == BundleStatus.COMPLETE);
        assertThat(result.ok()).isEqualTo(manifest.status() == BundleStatus.COMPLETE);
        assertThat(result.code()).isEqualTo(manifest.status() == BundleStatus.COMPLETE ? null
                : ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", CONTEXT_VERDICT);
        // Capture never wakes, unlocks or presses Home.
        assertThat(all.subList(before, all.size())).map(CaptureThroughRealAdaptersTest::command)
                .noneMatch(command -> command.startsWith("input "));
        return new Capture(result, bundle, manifest, captures, all.subList(before, all.size()));
    }

    /** The command of a service string such as {@code shell,v2,raw:input keyevent 3}. */
    private static String command(String service) {
        return service.substring(service.indexOf(':') + 1);
    }

    private Capture capture() throws IOException {
        return capture(30_000);
    }

    private static SimulatorProfile foldable(SimulatorProfile sample) {
        return sample.toBuilder().displays(
                new DisplaySpec(0, INNER, false, true, 2208, 1840, 0, 1, ProfileFile.inMemory("inner.png", INNER_PNG)),
                new DisplaySpec(0, OUTER, true, true, 1080, 2092, 0, 0, ProfileFile.inMemory("outer.png", OUTER_PNG)))
                .build();
    }

    private static void assertComplete(Capture capture) {
        assertThat(capture.manifest().errors()).isEmpty();
        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(capture.manifest().artifacts()).allSatisfy(a -> assertThat(a.status()).isEqualTo(ArtifactStatus.COMPLETE));
    }

    /** Both captures usable except the hierarchy: partial, the screenshot verified, the hierarchy failed with {@code code}. */
    private static BundleError assertHierarchyFailed(Capture capture, String code) {
        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact hierarchy = capture.artifact(ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.path()).isNull();
        assertThat(hierarchy.sha256()).isNull();
        assertThat(hierarchy.error().code()).as(hierarchy.error().message()).isEqualTo(code);
        assertThat(capture.manifest().errors()).contains(hierarchy.error());
        assertThat(capture.bundle().resolve("hierarchy.xml")).doesNotExist();
        assertThat(capture.record("hierarchy").errorCode()).isEqualTo(hierarchy.error().code());
        // Never a second dispatch of the snapshot.
        assertThat(capture.broadcasts("snapshot_ui")).isLessThanOrEqualTo(1);
        assertThat(capture.broadcasts("doctor_ping")).isLessThanOrEqualTo(1);
        return hierarchy.error();
    }

    @Test
    void aFoldableWithItsOuterScreenActiveGivesThatScreensPngAndACompleteBundle() throws IOException {
        lab.phone(CaptureThroughRealAdaptersTest::foldable);

        Capture capture = capture();

        assertComplete(capture);
        assertThat(Files.readAllBytes(capture.bundle().resolve("screenshot.png"))).isEqualTo(OUTER_PNG);
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).image())
                .isEqualTo(new ImageGeometry(108, 240, "screenshot_pixels", "top_left"));
        assertThat(capture.record("screenshot").result().asMap()).containsEntry("physicalDisplayId", OUTER)
                .containsEntry("command", "screencap -p -d '" + OUTER + "'").containsEntry("ok", true);
        assertThat(capture.services()).contains("exec:screencap -p -d '" + OUTER + "'")
                .noneMatch(s -> s.contains(INNER));
    }

    @Test
    void anOlderDisplayDumpCapturesTheDefaultDisplayWithoutChoosingOne() throws IOException {
        lab.phone(p -> p.toBuilder().legacyDisplayDump(true)
                .displays(DisplaySpec.of(0, "0", 108, 240, ProfileFile.inMemory("s.png", OUTER_PNG))).build());

        Capture capture = capture();

        assertComplete(capture);
        assertThat(Files.readAllBytes(capture.bundle().resolve("screenshot.png"))).isEqualTo(OUTER_PNG);
        assertThat(capture.record("screenshot").result().asMap()).containsEntry("legacyDisplayDump", true)
                .containsEntry("command", "screencap -p");
        assertThat(capture.services()).contains("exec:screencap -p").noneMatch(s -> s.contains("screencap -p -d"));
    }

    @Test
    void aDeviceCutMidScreencapKeepsThePartialBytesAndIsNeverComplete() throws IOException {
        byte[] png = SimulatorProfile.builder().build().displays().get(0).screenshot().read();
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000)).build());

        Capture capture = capture();

        Artifact screenshot = capture.artifact(ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.image()).isNull();
        assertThat(screenshot.error()).isNotNull();
        assertThat(Files.readAllBytes(capture.bundle().resolve("screenshot.partial.png")))
                .isEqualTo(Arrays.copyOf(png, 300_000));
        assertThat(capture.bundle().resolve("screenshot.png")).doesNotExist();
        // The server reported a clean end of stream; only the bytes tell the PNG is incomplete.
        assertThat(capture.record("screenshot").result().asMap()).containsEntry("bytesReceived", 300_000);
        boolean hierarchyUsable = capture.artifact(ArtifactKind.HIERARCHY).status() == ArtifactStatus.COMPLETE;
        assertThat(capture.manifest().status()).isEqualTo(hierarchyUsable ? BundleStatus.PARTIAL : BundleStatus.FAILED);
    }

    @Test
    void aScreenshotCutAndAFailingOperatorIsAFailedBundleThatStillConforms() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());

        Capture capture = capture();

        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.FAILED);
        assertThat(capture.result().status()).isEqualTo("failed");
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(capture.artifact(ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.FAILED);
    }

    static Stream<Arguments> operatorFailures() {
        return Stream.of(
                Arguments.of("failed envelope", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .operator(op -> op.withBehavior(OperatorBehavior.FAILED)
                                .withError("SERVICE_UNAVAILABLE", "Accessibility service is not running")).build(),
                        "SERVICE_UNAVAILABLE"),
                Arguments.of("result transport exits mid-result", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.TRANSPORT_EXIT)).build(),
                        ErrorCodes.RESULT_TRANSPORT_EXITED),
                Arguments.of("corrupt result chunk", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .operator(op -> op.withBehavior(OperatorBehavior.CORRUPT_CHUNK)).build(),
                        ErrorCodes.RESULT_ENVELOPE_MALFORMED),
                Arguments.of("broadcast refused by the activity manager", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .fault("am broadcast", ServiceFault.fail(255,
                                "Exception occurred while executing 'broadcast':\njava.lang.SecurityException: denied\n"))
                        .build(), ErrorCodes.DEVICE_SHELL_UNAVAILABLE),
                Arguments.of("result reader cannot start", (UnaryOperator<SimulatorProfile>) p -> p.toBuilder()
                        .fault("logcat", ServiceFault.fail(1, "logcat: Unable to open log device\n")).build(),
                        ErrorCodes.RESULT_TRANSPORT_EXITED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operatorFailures")
    void eachOperatorFailureKeepsItsCodeAndTheVerifiedScreenshot(String name, UnaryOperator<SimulatorProfile> phone,
                                                                 String code) throws IOException {
        lab.phone(phone);

        Capture capture = capture();

        assertHierarchyFailed(capture, code);
        assertThat(capture.manifest().errors()).extracting(BundleError::code).containsExactly(code);
        Map<String, Object> details = capture.record("hierarchy").diagnostics();
        assertThat(details).doesNotContainKey("deadlineOwner");
        if (code.equals("SERVICE_UNAVAILABLE")) {
            // The Operator's own answer is kept verbatim.
            assertThat(capture.record("hierarchy").envelope()).containsEntry("errorCode", "SERVICE_UNAVAILABLE")
                    .containsEntry("status", "failed");
        }
        if (code.equals(ErrorCodes.DEVICE_SHELL_UNAVAILABLE)) {
            // The reference code; the specific reason stays in the record.
            assertThat(details).containsEntry(ErrorCodes.REASON, ErrorCodes.BROADCAST_FAILED);
        }
        if (code.equals(ErrorCodes.RESULT_TRANSPORT_EXITED)) {
            assertThat(details).containsKey("dispatched");
            assertThat(details.get("reader")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsKeys("readerExitStatus", "stderrTail", "chunksReceived", "dispatched");
        }
    }

    @Test
    void aSnapshotThatNeverAnswersIsAnOwnedTimeoutAfterOneDispatch() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());

        Capture capture = capture(4_000);

        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact hierarchy = capture.artifact(ArtifactKind.HIERARCHY);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        Map<String, Object> details = capture.record("hierarchy").diagnostics();
        assertThat(details).containsEntry("deadlineOwner", "evidence_capture").containsKeys("phase", "dispatched",
                "effects", "reader");
        if (Boolean.TRUE.equals(details.get("dispatched"))) {
            assertThat(details).containsEntry("phase", "await_result")
                    .containsEntry("effects", List.of("readiness_checked", "broadcast_dispatched"));
            assertThat(capture.broadcasts("snapshot_ui")).isEqualTo(1);
        } else {
            // A very slow host can use up the budget on readiness: then the snapshot is never sent.
            assertThat(details).containsEntry("phase", "budget_check");
            assertThat(capture.broadcasts("snapshot_ui")).isZero();
        }
        // Metadata was read on its own adb streams while the Operator was silent: the silence costs it nothing.
        assertMetadataRead(capture);
    }

    /** Every device field was read: no metadata error, the phone's facts in the device section. */
    private static void assertMetadataRead(Capture capture) {
        assertThat(capture.manifest().errors()).noneSatisfy(error -> assertThat(error.stage()).isEqualTo("metadata"));
        assertThat(capture.manifest().device().operatorVersion()).isNotBlank();
        assertThat(capture.manifest().device().model()).isNotBlank();
        assertThat(capture.manifest().device().apiLevel()).isPositive();
        assertThat(capture.manifest().device().deviceType()).isNotEqualTo(DeviceType.UNKNOWN);
        assertThat(capture.manifest().device().display()).isNotNull();
    }

    @Test
    void anOperatorThatNeverAnswersReadinessIsNeverAskedForTheSnapshot() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());

        Capture capture = capture(3_000);

        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(capture.artifact(ArtifactKind.HIERARCHY).error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(capture.record("hierarchy").diagnostics()).containsEntry("deadlineOwner", "evidence_capture")
                .containsEntry("command", "readiness");
        assertThat(capture.broadcasts("doctor_ping")).isLessThanOrEqualTo(1);
        assertThat(capture.broadcasts("snapshot_ui")).isZero();
        assertMetadataRead(capture);
    }

    @Test
    void oneCaptureChecksThePackageOnceAndReadsBothResultsFromOneLogcatStartedBeforeTheFirstDispatch()
            throws IOException {
        Capture capture = capture();

        assertComplete(capture);
        assertThat(capture.services()).filteredOn(s -> s.contains("pm list packages")).hasSize(1);
        assertThat(capture.services()).filteredOn(s -> s.contains("logcat")).hasSize(1);
        assertThat(capture.broadcasts("doctor_ping")).isEqualTo(1);
        assertThat(capture.broadcasts("snapshot_ui")).isEqualTo(1);
        List<String> services = capture.services();
        int logcat = indexOf(services, "logcat");
        assertThat(indexOf(services, "pm list packages")).isLessThan(logcat);
        assertThat(logcat).isLessThan(indexOf(services, "doctor_ping"));
        // The screenshot is attempted first, the hierarchy dispatched after it.
        assertThat(indexOf(services, "screencap")).isLessThan(indexOf(services, "doctor_ping"));
        // Nothing of the Operator's, not even its package check, is asked before the screenshot.
        assertThat(indexOf(services, "screencap")).isLessThan(indexOf(services, "pm list packages"));
        assertThat(indexOf(services, "doctor_ping")).isLessThan(indexOf(services, "snapshot_ui"));
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.isAlive()
                && (t.getName().startsWith("operator-result-reader-") || t.getName().startsWith("evidence-metadata-")
                || t.getName().startsWith("evidence-png-check-")));
    }

    private static int indexOf(List<String> services, String part) {
        for (int i = 0; i < services.size(); i++) {
            if (services.get(i).contains(part)) {
                return i;
            }
        }
        throw new AssertionError("no " + part + " in " + services);
    }

    @Test
    void aResultDelayedWithinTheBudgetIsStillComplete() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withDelayMs(700)).build());

        assertComplete(capture());
    }

    static Stream<Arguments> notInteractive() {
        return Stream.of(
                Arguments.of("screen off", new Readiness(false, true, true)),
                Arguments.of("keyguard locked", new Readiness(true, true, true)),
                Arguments.of("user not unlocked since boot", new Readiness(true, false, false)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notInteractive")
    void aDeviceThatIsNotInteractiveIsReportedWithTheThreeFactsAndNeverTouched(String name, Readiness readiness)
            throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withReadiness(readiness)).build());

        Capture capture = capture();

        BundleError error = assertHierarchyFailed(capture, ErrorCodes.DEVICE_NOT_INTERACTIVE);
        assertThat(error.message()).contains("screenOn=" + readiness.screenOn(),
                "deviceLocked=" + readiness.deviceLocked(), "userUnlocked=" + readiness.userUnlocked());
        assertThat(capture.record("hierarchy").diagnostics()).containsEntry("screenOn", readiness.screenOn())
                .containsEntry("deviceLocked", readiness.deviceLocked())
                .containsEntry("userUnlocked", readiness.userUnlocked())
                .containsKey("readinessResult");
        // Read-only: the readiness ping was the only command; no snapshot, no key events.
        assertThat(capture.broadcasts("doctor_ping")).isEqualTo(1);
        assertThat(capture.broadcasts("snapshot_ui")).isZero();
        assertThat(capture.services()).map(CaptureThroughRealAdaptersTest::command).noneMatch(command ->
                command.startsWith("input ") || command.contains("dismiss-keyguard") || command.startsWith("svc power"));
    }

    @Test
    void aMissingOperatorPackageFailsTheHierarchyAndItsVersionWithoutABroadcast() throws IOException {
        lab.phone(p -> p.toBuilder().uninstallPackage(AdbLab.OPERATOR).build());

        Capture capture = capture();

        assertHierarchyFailed(capture, ErrorCodes.OPERATOR_NOT_INSTALLED);
        assertThat(capture.manifest().device().operatorVersion()).isNull();
        // The version read's code is the reason of the operatorVersion error, reported as EVIDENCE_CAPTURE_FAILED.
        BundleError versionRead = MetadataField.OPERATOR_VERSION.unavailable("The Operator version of " + AdbLab.OPERATOR,
                Failure.of(ErrorCodes.OPERATOR_NOT_INSTALLED, "the Operator " + AdbLab.OPERATOR + " is not installed on "
                        + lab.serial() + " (dumpsys package shows no versionName)"));
        assertThat(versionRead.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(capture.manifest().errors()).filteredOn(error -> "operatorVersion".equals(error.component()))
                .containsExactly(versionRead);
        assertThat(capture.services()).noneMatch(s -> s.contains("am broadcast") || s.contains("logcat"));
    }

    @Test
    void wmOverridesWinOverPhysicalValuesAndTheRotationIsRecorded() throws IOException {
        lab.phone(p -> p.toBuilder().wm(wm -> wm.withOverrideSize(new ScreenSize(720, 1600)).withOverrideDensity(320))
                .eachDisplay(display -> display.withOrientation(1)).build());

        Capture capture = capture();

        assertComplete(capture);
        assertThat(capture.manifest().device().display()).isEqualTo(new DisplayInfo(720, 1600, 320, 1));
        // The screenshot's own geometry comes from the verified PNG, not from wm.
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).image().captureWidthPx()).isEqualTo(1080);
    }

    @Test
    void aFailedGetpropLeavesUsableCapturesPartialWithNullPropertiesAndUnknownType() throws IOException {
        lab.phone(p -> p.toBuilder().fault("getprop", ServiceFault.fail(1, "getprop: Permission denied\n")).build());

        Capture capture = capture();

        assertThat(capture.manifest().status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(capture.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(capture.artifact(ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        var device = capture.manifest().device();
        assertThat(device.apiLevel()).isNull();
        assertThat(device.androidVersion()).isNull();
        assertThat(device.manufacturer()).isNull();
        assertThat(device.model()).isNull();
        assertThat(device.deviceType()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(device.operatorVersion()).isEqualTo("0.12.1");
        assertThat(device.display()).isEqualTo(new DisplayInfo(1080, 2400, 420, 0));
        assertThat(capture.manifest().errors()).extracting(BundleError::component).containsExactlyInAnyOrder(
                "apiLevel", "ro.build.version.release", "ro.product.manufacturer", "ro.product.model", "deviceType");
        assertThat(capture.manifest().errors()).allSatisfy(error -> {
            assertThat(error.stage()).isEqualTo("metadata");
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.message()).endsWith(error.component().equals("deviceType")
                    ? "(" + ErrorCodes.DEVICE_TYPE_UNKNOWN + ")" : "(" + ErrorCodes.METADATA_UNAVAILABLE + ")");
            assertThat(error.message()).contains("getprop", "Permission denied");
        });
    }

    @Test
    void aLargeHierarchyArrivesInHundredsOfChunksAndIsWrittenByteForByte() throws IOException {
        String xml = HierarchyFixtures.settings(600_000, 1080, 2400);
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(
                ProfileFile.inMemory("big.xml", xml.getBytes(StandardCharsets.UTF_8)))).build());

        Capture capture = capture();

        assertComplete(capture);
        assertThat(Files.readAllBytes(capture.bundle().resolve("hierarchy.xml")))
                .isEqualTo(xml.getBytes(StandardCharsets.UTF_8));
        assertThat(capture.artifact(ArtifactKind.HIERARCHY).bytes()).isEqualTo(xml.getBytes(StandardCharsets.UTF_8).length);
        assertThat(capture.record("hierarchy").diagnostics().get("reader"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .hasEntrySatisfying("chunks", chunks -> assertThat((Integer) chunks).isGreaterThan(580));
        assertThat(capture.broadcasts("snapshot_ui")).isEqualTo(1);
    }
}
