package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.contract.DeviceMetadataSourceContract;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.profile.WindowManagerSpec;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The adb metadata reads, through the real adb server to simulated phones, against the fake's contract. */
@Timeout(60)
class AdbDeviceMetadataContractTest extends DeviceMetadataSourceContract {
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    @Override
    protected Phone describedAs(Description description) {
        SimulatorProfile.Builder profile = SimulatorProfile.builder()
                .wm(new WindowManagerSpec(screen(description.physicalSize()), screen(description.overrideSize()),
                        description.physicalDensity(), description.overrideDensity()))
                .eachDisplay(display -> display.withOrientation(description.rotation()))
                .installPackage(OPERATOR, description.operatorVersion());
        description.properties().forEach(profile::property);
        return attach(profile.build());
    }

    @Override
    protected Phone withoutOperator() {
        return attach(SimulatorProfile.builder().uninstallPackage(OPERATOR).build());
    }

    @Override
    protected Phone whoseWmSizeFails() {
        return attach(SimulatorProfile.builder()
                .fault("wm size", ServiceFault.fail(1, "cmd: Can't find service: window\n")).build());
    }

    @Override
    protected Phone slowToDumpInput(long millis) {
        return attach(SimulatorProfile.builder().latency("dumpsys input", millis).build());
    }

    @Override
    protected Phone unknownToTheAdbServer() {
        return new Phone(new AdbDeviceMetadata(new AdbServerClient(adb.environment())), "androperator-absent-phone");
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(MonotonicClock.SYSTEM, millis, cancellation);
    }

    private static ScreenSize screen(Size size) {
        return size == null ? null : new ScreenSize(size.width(), size.height());
    }

    private static Phone attach(SimulatorProfile profile) {
        DeviceSimulator simulator = adb.attach(profile);
        return new Phone(new AdbDeviceMetadata(new AdbServerClient(adb.environment())), simulator.serial());
    }
}
