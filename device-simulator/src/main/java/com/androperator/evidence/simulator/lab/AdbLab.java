package com.androperator.evidence.simulator.lab;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A private real adb server and the simulated phones attached to it, as a test sees them. Two
 * implementations share this view: {@link PrivateAdbLab} (started and closed by its owner, e.g. one
 * conformance-kit scenario) and {@link AdbLabExtension} (a JUnit 5 extension: one server per test
 * class, test phones released after each test). Test helpers take an {@code AdbLab}, so either can
 * be passed.
 */
public interface AdbLab {
    /** The Operator package the sample phone has installed and ready. */
    String OPERATOR = "com.androperator.operator.dev";

    /** The private server (port, {@code adb connect}/{@code disconnect}, device states). */
    AdbServerHarness adb();

    /**
     * Starts a phone with {@code profile} and attaches it (waits until the server shows it in the
     * profile's connection state). It lives until the lab releases its test phones.
     */
    DeviceSimulator attach(SimulatorProfile profile);

    /** Every phone started by {@link #attach}, in the order started, without the sample phone. */
    List<DeviceSimulator> phones();

    /**
     * The environment of a process that uses this adb server and no other: this JVM's (PATH,
     * JAVA_HOME) minus every variable that points at another server, device, evidence folder or
     * daemon, plus the private server's port, HOME and {@code ADB_EMU=0}.
     */
    Map<String, String> environment();

    /** The sample phone's serial (the sample Pixel, Operator ready), for labs that have one. */
    String serial();

    /** The sample phone itself. */
    DeviceSimulator simulator();

    /** Changes the running sample phone, e.g. {@code p -> p.toBuilder().fault(...).build()}. */
    void phone(UnaryOperator<SimulatorProfile> change);

    /** The sample phone back to the sample profile, attached again if a cut connection left it offline. */
    void reset();
}
