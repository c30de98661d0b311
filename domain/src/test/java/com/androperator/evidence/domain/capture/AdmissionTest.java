package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeManagedBundles;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.policy.StandardSelection;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the use case decides before any device work: standard selections, the managed root, validation once. */
class AdmissionTest {
    private final CaptureRig rig = new CaptureRig();

    private static CaptureCommand managed(String serial, String operatorPackage, Long timeoutMs) {
        return new CaptureCommand(BundleLocation.MANAGED, serial, operatorPackage, null, null, timeoutMs,
                CliLikeTerms.INSTANCE);
    }

    @Test
    void aManagedBundleLandsUnderThePreparedRoot() {
        CaptureOutcome outcome = rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));

        CaptureOutcome.Finished finished = (CaptureOutcome.Finished) outcome;
        assertThat(finished.manifest().status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(finished.manifestPath().getParent().getParent()).isEqualTo(FakeManagedBundles.ROOT);
        assertThat(rig.managedBundles().prepared()).containsExactly(FakeManagedBundles.ROOT);
    }

    @Test
    void anUnlocatableRootIsRefusedBeforeTheOptionsAreChecked() {
        Failure unusable = Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED, "ANDROPERATOR_EVIDENCE_DIR is set but empty");
        rig.managedBundles().unlocatable(unusable);

        CaptureOutcome outcome = rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, 5L));

        assertThat(((CaptureOutcome.Refused) outcome).failure()).isEqualTo(unusable);
        assertThat(rig.ids().issued()).isZero();
    }

    @Test
    void anUnpreparableRootIsRefusedAndNothingIsAskedOfTheDevice() {
        Failure unwritable = Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, "the evidence root is read-only");
        rig.managedBundles().unpreparable(unwritable);

        CaptureOutcome outcome = rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));

        assertThat(((CaptureOutcome.Refused) outcome).failure()).isEqualTo(unwritable);
        assertThat(rig.devices().requests()).isEmpty();
    }

    @Test
    void aProvenRootThatStopsTakingFilesIsRefusedInItsOwnTermsWhenItsBundleCannotBeMade() {
        rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));
        Failure rootUnwritable = Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE,
                "The evidence storage at /managed/bundles is not writable: read-only file system");
        rig.managedBundles().stopsTakingFiles(rootUnwritable);
        rig.store().refusingReservation(Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE,
                "Cannot create the bundle directory: read-only file system"));

        CaptureOutcome outcome = rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));

        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(failure.message()).isEqualTo(rootUnwritable.message());
        assertThat(rig.managedBundles().prepared()).containsExactly(FakeManagedBundles.ROOT, FakeManagedBundles.ROOT);
        assertThat(rig.managedBundles().provenAgain()).containsExactly(FakeManagedBundles.ROOT);
    }

    @Test
    void aBundleThatCannotBeMadeUnderARootProvenAgainKeepsTheStoreRefusal() {
        rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));
        Failure bundleUnwritable = Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE,
                "Cannot create the bundle directory: no space left on device");
        rig.store().refusingReservation(bundleUnwritable);

        CaptureOutcome outcome = rig.capture(managed(null, CaptureRig.OPERATOR_PACKAGE, null));

        assertThat(((CaptureOutcome.Refused) outcome).failure().message()).isEqualTo(bundleUnwritable.message());
        assertThat(rig.managedBundles().provenAgain()).containsExactly(FakeManagedBundles.ROOT);
    }

    @Test
    void anExplicitDirectoryThatCannotBeMadeProvesNoRoot() {
        rig.store().refusingReservation(Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, "read-only"));

        rig.capture(CaptureRig.request("/explicit/bundle"));

        assertThat(rig.managedBundles().prepared()).isEmpty();
        assertThat(rig.managedBundles().provenAgain()).isEmpty();
    }

    @Test
    void theEnvironmentChoosesTheDeviceAndPackageWhenTheCommandDoesNot() {
        rig.withEnvironment(Map.of(StandardSelection.SERIAL_VARIABLE, CaptureRig.SERIAL,
                StandardSelection.OPERATOR_PACKAGE_VARIABLE, CaptureRig.OPERATOR_PACKAGE));

        CaptureOutcome outcome = rig.capture(managed(null, null, null));

        assertThat(rig.devices().requests()).containsExactly(Optional.of(CaptureRig.SERIAL));
        assertThat(((CaptureOutcome.Finished) outcome).manifest().device().operatorPackage())
                .isEqualTo(CaptureRig.OPERATOR_PACKAGE);
    }

    @Test
    void anInvalidEnvironmentValueIsRefusedNamingTheVariable() {
        rig.withEnvironment(Map.of(StandardSelection.OPERATOR_PACKAGE_VARIABLE, ""));

        CaptureOutcome outcome = rig.capture(managed(null, null, null));

        Failure failure = ((CaptureOutcome.Refused) outcome).failure();
        assertThat(failure.details().asMap()).containsEntry("option", StandardSelection.OPERATOR_PACKAGE_VARIABLE);
        assertThat(rig.managedBundles().prepared()).isEmpty();
    }
}
