package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.contract.ScreenshotSourceContract;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The adb screenshot source, through the real adb server to simulated phones, against the fake's contract. */
@Timeout(60)
class AdbScreenshotSourceContractTest extends ScreenshotSourceContract {
    private static final String PHYSICAL_ID = "4619827259835644672";
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    @Override
    protected Phone showing(byte[] png) {
        return attach(profile(png));
    }

    @Override
    protected Phone cutAfter(byte[] png, int bytes) {
        return attach(profile(png).toBuilder().fault("screencap", ServiceFault.dropAfterBytes(bytes)).build());
    }

    @Override
    protected Phone failingScreencap() {
        return attach(profile(PNG).toBuilder()
                .fault("screencap", ServiceFault.fail(1, "Failed to take screenshot. Status: -5\n")).build());
    }

    @Override
    protected Phone slow(byte[] png, long millis) {
        return attach(profile(png).toBuilder().latency("screencap", millis).build());
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(MonotonicClock.SYSTEM, millis, cancellation);
    }

    private static SimulatorProfile profile(byte[] png) {
        return SimulatorProfile.builder()
                .displays(DisplaySpec.of(0, PHYSICAL_ID, 1080, 2400, ProfileFile.inMemory("screen.png", png))).build();
    }

    private static Phone attach(SimulatorProfile profile) {
        DeviceSimulator simulator = adb.attach(profile);
        return new Phone(new AdbScreenshotSource(new AdbServerClient(adb.environment())), simulator.serial());
    }
}
