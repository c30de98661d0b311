package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A private real adb server (Debian's adb through {@link AdbServerHarness}) and the simulated
 * phones a test attaches to it. One per test class; {@link #releaseDevices()} after each test.
 * Registered as a static extension it does both itself, for test classes that extend a contract
 * suite and so cannot share a base class.
 */
final class RealAdbFixture implements AutoCloseable, AfterEachCallback, AfterAllCallback {
    private final AdbServerHarness harness = AdbServerHarness.start();
    private final List<DeviceSimulator> simulators = new ArrayList<>();

    AdbServerHarness harness() {
        return harness;
    }

    /** Our client's environment: the harness's private server, nothing inherited that points elsewhere. */
    Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(harness.environment());
        environment.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return environment;
    }

    AdbServerClient client() {
        return new AdbServerClient(environment());
    }

    /** Starts a simulator with {@code profile} and attaches it; it is closed by {@link #releaseDevices()}. */
    DeviceSimulator attach(SimulatorProfile profile) {
        DeviceSimulator simulator = DeviceSimulator.start(profile, 0);
        simulators.add(simulator);
        harness.connect(simulator);
        return simulator;
    }

    void releaseDevices() {
        for (DeviceSimulator simulator : simulators) {
            harness.disconnect(simulator.serial());
            simulator.close();
        }
        simulators.clear();
    }

    static Deadline millis(long millis) {
        return Deadline.after(MonotonicClock.SYSTEM, millis);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        releaseDevices();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        releaseDevices();
        harness.close();
    }
}
