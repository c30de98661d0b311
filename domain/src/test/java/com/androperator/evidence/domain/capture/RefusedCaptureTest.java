package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Details;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeDevices;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Invalid requests and device-selection failures occur before capture: nothing is created. */
class RefusedCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private static final String PKG = CaptureRig.OPERATOR_PACKAGE;
    private final CaptureRig rig = new CaptureRig();

    private static CaptureCommand request(String dir, String serial, String pkg, String label, Object context, Long timeout) {
        return new CaptureCommand(new BundleLocation.Explicit(dir), serial, pkg, label, context, timeout, CliLikeTerms.INSTANCE);
    }

    static Stream<Arguments> invalidRequests() {
        return Stream.of(
                Arguments.of(request(null, null, PKG, null, null, null), "--output-dir", "is required"),
                Arguments.of(request("  ", null, PKG, null, null, null), "--output-dir", "must not be blank"),
                Arguments.of(request("relative/bundle", null, PKG, null, null, null), "--output-dir", "must be absolute"),
                Arguments.of(request("/", null, PKG, null, null, null), "--output-dir", "filesystem root"),
                Arguments.of(request("/tmp/../bundle", null, PKG, null, null, null), "--output-dir", "parent traversal"),
                Arguments.of(request("/tmp/./bundle", null, PKG, null, null, null), "--output-dir", "'.' segments"),
                Arguments.of(request("/tmp/a\0b", null, PKG, null, null, null), "--output-dir", "NUL"),
                Arguments.of(request(DIR, "", PKG, null, null, null), "--device", "must not be blank"),
                Arguments.of(request(DIR, "dev ice", PKG, null, null, null), "--device", "may contain only"),
                Arguments.of(request(DIR, "s".repeat(256), PKG, null, null, null), "--device", "at most 255"),
                Arguments.of(request(DIR, null, "", null, null, null), "--operator-package", "is required"),
                Arguments.of(request(DIR, null, "operator", null, null, null), "--operator-package", "package identifier"),
                Arguments.of(request(DIR, null, "com.androperator.operator-dev", null, null, null), "--operator-package",
                        "package identifier"),
                Arguments.of(request(DIR, null, PKG, "x".repeat(2049), null, null), "--label", "at most 2048"),
                Arguments.of(request(DIR, null, PKG, null, List.of("a"), null), "--context-json", "not an array"),
                Arguments.of(request(DIR, null, PKG, null, "text", null), "--context-json", "not a string"),
                Arguments.of(request(DIR, null, PKG, null, Map.of("k", "v".repeat(16_380)), null), "--context-json",
                        "16388 bytes"),
                Arguments.of(request(DIR, null, PKG, null, null, 999L), "--timeout", "1000 to 120000"),
                Arguments.of(request(DIR, null, PKG, null, null, 120_001L), "--timeout", "1000 to 120000"),
                // The first rejection in the CLI's option order is reported.
                Arguments.of(request("relative", "", "x", null, List.of(), 5L), "--output-dir", "must be absolute"));
    }

    @ParameterizedTest
    @MethodSource("invalidRequests")
    void anInvalidRequestIsRefusedBeforeAnythingIsCreatedOrAskedOfTheDevice(CaptureCommand request, String option,
                                                                             String reason) {
        CaptureOutcome outcome = rig.capture(request);

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith(option).contains(reason);
        assertNothingHappened();
        assertThat(rig.ids().issued()).isZero();
        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("option", option);
        assertThat(outcome.succeeded()).isFalse();
    }

    @Test
    void anInvalidManagedRequestIsRefusedBeforeTheManagedRootIsPrepared() {
        CaptureOutcome outcome = rig.capture(new CaptureCommand(BundleLocation.MANAGED, null, PKG, null, null, 999L,
                CliLikeTerms.INSTANCE));

        assertThat(((CaptureOutcome.Refused) outcome).failure().field()).isEqualTo(RequestField.TIMEOUT);
        assertThat(rig.managedBundles().prepared()).isEmpty();
        assertNothingHappened();
    }

    @Test
    void anExistingDestinationIsRefusedWithoutOverwritingAndWithoutAskingForADevice() {
        rig.store().withExisting(Path.of(DIR));

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(failure.message()).contains("--output-dir " + DIR).contains("never overwritten")
                .contains("a new attempt requires a new directory");
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(rig.store().checks()).containsExactly(Path.of(DIR));
        assertNothingHappened();
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(names = {"FILE", "DIRECTORY", "DANGLING_SYMBOLIC_LINK"})
    void anExistingDestinationIsNamedForWhatIsThere(ExistingEntry entry) {
        String what = entry.wire();
        rig.store().withExisting(Path.of(DIR), entry);

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(failure.message()).startsWith("--output-dir " + DIR + " already exists as a " + what + " and is never"
                + " overwritten");
        assertThat(failure.details().asMap()).containsEntry("existing", what).containsEntry("path", DIR);
        assertNothingHappened();
    }

    @Test
    void aMissingParentIsRefusedAsInvalidOutput() {
        rig.store().withMissingParent(Path.of("/absolute/new"));

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith("--output-dir " + DIR).contains("does not exist")
                .contains("parent exists");
        assertNothingHappened();
    }

    @Test
    void aDeviceSelectionFailureIsRefusedWithTheSelectorsCodeAndHint() {
        CaptureRig twoDevices = CaptureRig.withDevices(FakeDevices.attached("emulator-5554", "R58M123ABC"));

        CaptureOutcome outcome = twoDevices.capture(request(DIR, null, PKG, null, null, null));

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        CaptureOutcome.Refused refused = (CaptureOutcome.Refused) outcome;
        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        assertThat(refused.hint()).contains("--device");
        assertThat(twoDevices.devices().requests()).containsExactly(Optional.empty());
        assertThat(twoDevices.store().reservations()).isEmpty();
        assertThat(twoDevices.screenshots().serials()).isEmpty();
        assertThat(twoDevices.operator().commands()).isEmpty();
    }

    @Test
    void anExplicitSerialIsPassedToSelectionAsGiven() {
        CaptureRig twoDevices = CaptureRig.withDevices(FakeDevices.attached("emulator-5554", "R58M123ABC"));
        twoDevices.capture(request(DIR, "R58M123ABC", PKG, null, null, null));
        assertThat(twoDevices.devices().requests()).containsExactly(Optional.of("R58M123ABC"));
        assertThat(twoDevices.screenshots().serials()).containsExactly("R58M123ABC");
    }

    @Test
    void aSelectorThatThrowsIsRecordedAsAdbUnavailable() {
        CaptureRig broken = CaptureRig.withDevices(FakeDevices.attached(CaptureRig.SERIAL)
                .throwing(new IllegalStateException("adb server socket closed")));
        CaptureOutcome outcome = broken.capture(CaptureRig.request(DIR));
        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.ADB_UNAVAILABLE);
        assertThat(failure.message()).contains("adb server socket closed");
        assertThat(broken.store().reservations()).isEmpty();
    }

    @Test
    void aTimedOutSelectionIsRefused() {
        CaptureRig slow = CaptureRig.withDevices(FakeDevices.attached(CaptureRig.SERIAL).answering(
                new DeviceSelection.Refused(Failure.of(ErrorCodes.COMMAND_TIMEOUT, "adb did not answer"), "Restart adb.")));
        CaptureOutcome outcome = slow.capture(CaptureRig.request(DIR));
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(outcome.toResult().hint()).isEqualTo("Restart adb.");
        assertThat(slow.store().reservations()).isEmpty();
    }

    @Test
    void aCaptureThatLosesTheReservationRaceIsRefusedAndCapturesNothing() {
        rig.store().refusingReservation(Failure.of(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, "created by another capture"));

        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));

        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(failure.message()).contains("a new attempt requires a new directory");
        assertThat(rig.store().reservations()).containsExactly(Path.of(DIR));
        assertThat(rig.store().writer(Path.of(DIR))).isEmpty();
        assertThat(rig.screenshots().serials()).isEmpty();
        assertThat(rig.operator().commands()).isEmpty();
    }

    @Test
    void anUnwritableRootIsRefusedWithTheStoresDiagnostics() {
        rig.store().refusingReservation(new Failure(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, "permission denied",
                Details.fromJson(Map.of("causeCode", "EACCES", "recovery", "choose a writable directory"))));
        CaptureOutcome outcome = rig.capture(CaptureRig.request(DIR));
        CommandResult result = outcome.toResult();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.details().asMap()).containsEntry("causeCode", "EACCES").containsEntry("path", DIR)
                .containsEntry("recovery", "choose a writable directory");
    }

    private void assertNothingHappened() {
        assertThat(rig.store().reservations()).isEmpty();
        assertThat(rig.devices().requests()).isEmpty();
        assertThat(rig.screenshots().serials()).isEmpty();
        assertThat(rig.operator().commands()).isEmpty();
        assertThat(rig.metadata().reads()).isEmpty();
    }
}
