package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Readings;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Device metadata through the real adb server to a simulated phone. */
@Timeout(60)
class AdbDeviceMetadataIntegrationTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static AdbDeviceMetadata metadata() {
        return new AdbDeviceMetadata(new AdbServerClient(adb.environment()));
    }

    private static <T> T observed(Observation<T> observation) {
        assertThat(observation).isInstanceOf(Observation.Observed.class);
        return ((Observation.Observed<T>) observation).value();
    }

    private static <T> String unavailableCode(Observation<T> observation) {
        assertThat(observation).isInstanceOf(Observation.Unavailable.class);
        return ((Observation.Unavailable<T>) observation).failure().code();
    }

    @Test
    void theSamplePhoneReportsEverything() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());
        String serial = phone.serial();

        PropertyInventory properties = observed(metadata().properties(serial, millis(10_000)));

        assertThat(properties.parseable()).isTrue();
        assertThat(properties.properties()).containsEntry("ro.build.version.sdk", "34")
                .containsEntry("ro.build.version.release", "14")
                .containsEntry("ro.product.manufacturer", "Google")
                .containsEntry("ro.product.model", "Pixel 7")
                .containsEntry("persist.sys.boot.reason.history",
                        "reboot,userrequested,1714640000\nreboot,ota,1714000000\nshutdown,battery,1713900000")
                .doesNotContainKey("ro.kernel.qemu");
        assertThat(properties.properties()).hasSameSizeAs(phone.profile().properties());
        assertThat(observed(metadata().displaySize(serial, millis(10_000))))
                .isEqualTo(new WmSize(new Size(1080, 2400), null));
        assertThat(observed(metadata().displayDensity(serial, millis(10_000)))).isEqualTo(new WmDensity(420, null));
        assertThat(observed(metadata().rotation(serial, millis(10_000)))).isZero();
        assertThat(observed(metadata().operatorVersion(serial, OPERATOR, millis(10_000)))).isEqualTo("0.12.1");
        assertThat(phone.receivedServices()).contains("shell,v2,raw:getprop", "shell,v2,raw:wm size",
                "shell,v2,raw:wm density", "shell,v2,raw:dumpsys input",
                "shell,v2,raw:dumpsys package '" + OPERATOR + "'");
    }

    @Test
    void anInvalidSerialOrPackageSendsNothingAndSaysSo() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());
        int before = phone.receivedServices().size();

        Observation<PropertyInventory> badSerial = metadata().properties("bad serial; reboot", millis(10_000));
        Observation<String> badPackage = metadata().operatorVersion(phone.serial(), "com.x'; reboot", millis(10_000));

        assertThat(badSerial).isEqualTo(new Observation.Unavailable<>(Failure.of(
                ErrorCodes.METADATA_UNAVAILABLE, "'bad serial; reboot' is not a valid adb serial; nothing was sent"), false));
        assertThat(((Observation.Unavailable<String>) badPackage).dispatched()).isFalse();
        assertThat(phone.receivedServices()).hasSize(before);
    }

    @Test
    void readTogetherTheSamplePhoneAnswersAsEachReadInOneShellCommand() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .property("persist.sys.note", "@@androperator-deadbeef@1@0 is not this call's marker").build());
        String serial = phone.serial();
        int before = phone.receivedServices().size();

        Readings readings = metadata().readTogether(serial, OPERATOR, millis(10_000)).orElseThrow();

        assertThat(phone.receivedServices().subList(before, phone.receivedServices().size())).singleElement()
                .satisfies(service -> assertThat(service).startsWith("shell,v2,raw:getprop; echo @@androperator-")
                        .contains("; dumpsys package '" + OPERATOR + "'; echo @@androperator-"));
        assertThat(observed(readings.properties())).isEqualTo(observed(metadata().properties(serial, millis(10_000))));
        assertThat(observed(readings.properties()).properties())
                .containsEntry("persist.sys.note", "@@androperator-deadbeef@1@0 is not this call's marker");
        assertThat(observed(readings.size())).isEqualTo(new WmSize(new Size(1080, 2400), null));
        assertThat(observed(readings.density())).isEqualTo(new WmDensity(420, null));
        assertThat(observed(readings.rotation())).isZero();
        assertThat(observed(readings.operatorVersion().orElseThrow())).isEqualTo("0.12.1");
    }

    @Test
    void readTogetherAFailingCommandKeepsItsExitStatusAndTheStderrOfAll() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("wm size", ServiceFault.fail(1, "cmd: Can't find service: window\n")).build());

        Readings readings = metadata().readTogether(phone.serial(), OPERATOR, millis(10_000)).orElseThrow();

        assertThat(unavailableCode(readings.size())).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
        assertThat(((Observation.Unavailable<WmSize>) readings.size()).failure().message())
                .contains("`wm size` on " + phone.serial() + " failed with exit status 1")
                .contains("stderr of the metadata commands sent together: cmd: Can't find service: window");
        assertThat(observed(readings.density())).isEqualTo(new WmDensity(420, null));
        assertThat(observed(readings.operatorVersion().orElseThrow())).isEqualTo("0.12.1");
    }

    @Test
    void readTogetherIsNotOfferedOverLegacyShellAndSendsNothing() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().shellV2(false).legacyDisplayDump(true).build());
        int before = phone.receivedServices().size();

        assertThat(metadata().readTogether(phone.serial(), OPERATOR, millis(10_000))).isEmpty();
        assertThat(phone.receivedServices()).hasSize(before);
    }

    @Test
    void overridesAndRotationAreReportedNextToThePhysicalValues() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .wm(wm -> wm.withOverrideSize(new ScreenSize(720, 1600)).withOverrideDensity(320))
                .eachDisplay(display -> display.withOrientation(1)).build());

        assertThat(observed(metadata().displaySize(phone.serial(), millis(10_000))))
                .isEqualTo(new WmSize(new Size(1080, 2400), new Size(720, 1600)));
        assertThat(observed(metadata().displayDensity(phone.serial(), millis(10_000)))).isEqualTo(new WmDensity(420, 320));
        assertThat(observed(metadata().rotation(phone.serial(), millis(10_000)))).isEqualTo(1);
    }

    @Test
    void anOlderPhoneOverLegacyShellGivesRotationFromSurfaceOrientation() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().shellV2(false).legacyDisplayDump(true)
                .eachDisplay(display -> display.withOrientation(3)).build());

        assertThat(observed(metadata().rotation(phone.serial(), millis(10_000)))).isEqualTo(3);
        assertThat(observed(metadata().properties(phone.serial(), millis(10_000))).parseable()).isTrue();
        assertThat(phone.receivedServices()).contains("shell:dumpsys input", "shell:getprop");
    }

    @Test
    void aRefusedGetpropIsMetadataUnavailable() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().fault("getprop", ServiceFault.refuse()).build());

        Observation<PropertyInventory> properties = metadata().properties(phone.serial(), millis(10_000));

        assertThat(unavailableCode(properties)).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
        assertThat(((Observation.Unavailable<PropertyInventory>) properties).failure().message()).contains("getprop");
    }

    @Test
    void aFailingCommandIsMetadataUnavailableWithItsExitStatus() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("wm size", ServiceFault.fail(1, "cmd: Can't find service: window\n")).build());

        Observation<WmSize> size = metadata().displaySize(phone.serial(), millis(10_000));

        assertThat(unavailableCode(size)).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
        assertThat(((Observation.Unavailable<WmSize>) size).failure().message())
                .contains("exit status 1").contains("Can't find service: window");
    }

    @Test
    void aMissingOperatorHasNoVersion() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().uninstallPackage(OPERATOR).build());

        assertThat(unavailableCode(metadata().operatorVersion(phone.serial(), OPERATOR, millis(10_000))))
                .isEqualTo(ErrorCodes.OPERATOR_NOT_INSTALLED);
    }

    @Test
    void aSlowCommandEndsAtTheDeadline() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().latency("dumpsys input", 5_000).build());

        assertThat(unavailableCode(metadata().rotation(phone.serial(), millis(600)))).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
    }

    @Test
    void anExpiredBudgetMakesNoDeviceCall() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());
        int before = phone.receivedServices().size();

        assertThat(unavailableCode(metadata().properties(phone.serial(), millis(0)))).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(unavailableCode(metadata().operatorVersion(phone.serial(), OPERATOR, millis(0))))
                .isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(phone.receivedServices()).hasSize(before);
    }
}
