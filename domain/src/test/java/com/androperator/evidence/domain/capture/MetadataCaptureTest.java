package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeMetadata;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.Observation;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unavailable metadata is null with an associated error, and makes otherwise usable evidence partial. */
class MetadataCaptureTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();

    private Manifest capture() {
        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));
        assertRecordInvariants(manifest, rig.store().onlyWriter());
        return manifest;
    }

    private static Map<String, String> propertiesWith(String key, String value) {
        Map<String, String> properties = new HashMap<>(FakeMetadata.PHYSICAL_PROPERTIES);
        properties.put(key, value);
        return properties;
    }

    @Test
    void anEmulatorIsClassifiedFromItsFlagsAndTheBundleIsComplete() {
        Map<String, String> properties = propertiesWith("ro.kernel.qemu", "1");
        properties.put("ro.boot.qemu", "0");
        rig.metadata().withProperties(properties);

        Manifest manifest = capture();

        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.EMULATOR);
        assertThat(manifest.device().deviceTypeProperties()).isEqualTo(new DeviceTypeProperties("1", "0"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
    }

    @Test
    void anUnknownDeviceTypeIsAMetadataFailureThatMakesTheBundlePartial() {
        rig.metadata().withProperties(propertiesWith("ro.kernel.qemu", "yes"));

        Manifest manifest = capture();

        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(manifest.device().deviceTypeProperties()).isEqualTo(new DeviceTypeProperties("yes", "0"));
        assertThat(manifest.errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.component()).isEqualTo("deviceType");
        });
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void currentWmOverridesAreRecorded() {
        rig.metadata().withSize(Observation.of(new WmSize(new Size(1080, 2400), new Size(720, 1600))))
                .withDensity(Observation.of(new WmDensity(420, 280))).withRotation(Observation.of(3));
        assertThat(capture().device().display()).isEqualTo(new DisplayInfo(720, 1600, 280, 3));
    }

    @Test
    void anUnavailableOperatorVersionIsNullWithAnError() {
        rig.metadata().withOperatorVersion(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE,
                "dumpsys package printed no versionName"));

        Manifest manifest = capture();

        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.device().cliVersion()).isEqualTo(CaptureRig.CLI_VERSION);
        assertThat(manifest.errors()).singleElement().satisfies(error -> {
            assertThat(error.component()).isEqualTo("operatorVersion");
            assertThat(error.message()).contains("no versionName").contains(CaptureRig.OPERATOR_PACKAGE);
        });
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aMissingPropertyIsNullWithAnErrorAndTheOthersStay() {
        Map<String, String> properties = new HashMap<>(FakeMetadata.PHYSICAL_PROPERTIES);
        properties.remove("ro.product.model");
        rig.metadata().withProperties(properties);

        Manifest manifest = capture();

        assertThat(manifest.device().model()).isNull();
        assertThat(manifest.device().manufacturer()).isEqualTo("Google");
        assertThat(manifest.errors()).extracting(BundleError::component).containsExactly("ro.product.model");
    }

    @Test
    void anEmptyInventoryLeavesEveryPropertyUnavailableAndTheTypeUnknown() {
        rig.metadata().withProperties(Observation.of(new PropertyInventory(Map.of(), true)));

        Manifest manifest = capture();

        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(manifest.errors()).extracting(BundleError::component).containsExactly("apiLevel",
                "ro.build.version.release", "ro.product.manufacturer", "ro.product.model", "deviceType");
    }

    @Test
    void aReadThatThrowsIsUnavailableAndTheOtherReadsStillHappen() {
        rig.metadata().throwingOn("dumpsys input", new IllegalStateException("dumpsys input: unexpected format"));

        Manifest manifest = capture();

        assertThat(manifest.device().display().rotation()).isNull();
        assertThat(manifest.device().operatorVersion()).isEqualTo("0.12.1");
        assertThat(manifest.errors()).singleElement().satisfies(error -> {
            assertThat(error.component()).isEqualTo("display.rotation");
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.message()).contains("unexpected format");
        });
    }

    /**
     * Device selection succeeded but every metadata read failed: the device section still names
     * the selected serial, the requested Operator package and the CLI version; every read value is
     * null (deviceType unknown, flags unread) with its own error, and usable captures make the
     * bundle partial.
     */
    @Test
    void everyMetadataReadFailingLeavesTheSelectedDeviceWithNullFieldsAndAnErrorEach() {
        rig.metadata()
                .withProperties(Observation.<PropertyInventory>unavailable(ErrorCodes.METADATA_UNAVAILABLE, "getprop exited 1"))
                .withSize(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "wm size exited 1"))
                .withDensity(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "wm density exited 1"))
                .withRotation(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "no viewport"))
                .withOperatorVersion(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "no versionName"));

        Manifest manifest = capture();

        assertThat(manifest.device()).isEqualTo(new com.androperator.evidence.contracts.DeviceInfo(CaptureRig.SERIAL,
                CaptureRig.OPERATOR_PACKAGE, CaptureRig.CLI_VERSION, null, null, null, null, null, DeviceType.UNKNOWN,
                DeviceTypeProperties.UNREAD, DisplayInfo.UNKNOWN));
        assertThat(manifest.errors()).extracting(BundleError::component).containsExactly("operatorVersion",
                "apiLevel", "ro.build.version.release", "ro.product.manufacturer", "ro.product.model", "deviceType",
                "display.size", "display.density", "display.rotation");
        assertThat(manifest.errors()).allSatisfy(error -> assertThat(error.stage()).isEqualTo("metadata"));
        assertThat(manifest.errors()).filteredOn(e -> !e.component().equals("deviceType"))
                .allSatisfy(error -> assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED));
        assertThat(manifest.artifacts()).allSatisfy(a ->
                assertThat(a.status()).isEqualTo(com.androperator.evidence.contracts.ArtifactStatus.COMPLETE));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(rig.metadata().reads()).hasSize(5);
    }

    /** Without the Operator the hierarchy fails and operatorVersion is null with the read's own error. */
    @Test
    void anOperatorThatIsNotInstalledHasANullVersionWithItsErrorAndThePackageAsRequested() {
        rig.operator().on(com.androperator.evidence.domain.fakes.FakeOperator.READINESS,
                com.androperator.evidence.domain.fakes.FakeOperator.notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED,
                        CaptureRig.OPERATOR_PACKAGE + " is not installed", "installed_check", false, Map.of()));
        rig.metadata().withOperatorVersion(Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED,
                CaptureRig.OPERATOR_PACKAGE + " is not installed"));

        Manifest manifest = capture();

        assertThat(manifest.device().operatorPackage()).isEqualTo(CaptureRig.OPERATOR_PACKAGE);
        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.errors()).extracting(BundleError::component, BundleError::code).containsExactly(
                org.assertj.core.groups.Tuple.tuple("hierarchy", ErrorCodes.OPERATOR_NOT_INSTALLED),
                org.assertj.core.groups.Tuple.tuple("operatorVersion", ErrorCodes.EVIDENCE_CAPTURE_FAILED));
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aBlankOperatorVersionIsNullWithAnError() {
        rig.metadata().withOperatorVersion(Observation.of("  "));
        Manifest manifest = capture();
        assertThat(manifest.device().operatorVersion()).isNull();
        assertThat(manifest.errors()).singleElement().satisfies(error -> {
            assertThat(error.component()).isEqualTo("operatorVersion");
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        });
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aReadThatReturnsNothingIsUnavailable() {
        rig.metadata().withDensity(null);
        Manifest manifest = capture();
        assertThat(manifest.device().display().density()).isNull();
        assertThat(manifest.errors()).extracting(BundleError::component).containsExactly("display.density");
    }
}
