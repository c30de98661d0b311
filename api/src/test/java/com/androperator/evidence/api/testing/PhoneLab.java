package com.androperator.evidence.api.testing;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One simulated phone (the sample Pixel: 1080x2400, ~1 MB screenshot, 200 KB hierarchy, Operator
 * ready) attached to a private, real adb server. A test class starts one and reuses it; each test
 * starts from {@link #reset()} and changes the phone with {@link #phone(UnaryOperator)}.
 */
public final class PhoneLab implements AutoCloseable {
    public static final String OPERATOR = "com.androperator.operator.dev";

    private final AdbServerHarness adb;
    private final DeviceSimulator phone;
    private final String serial;

    private PhoneLab(AdbServerHarness adb, DeviceSimulator phone, String serial) {
        this.adb = adb;
        this.phone = phone;
        this.serial = serial;
    }

    public static PhoneLab start() {
        AdbServerHarness adb = AdbServerHarness.start();
        try {
            DeviceSimulator phone = DeviceSimulator.start(SampleProfiles.pixel(), 0);
            return new PhoneLab(adb, phone, adb.connect(phone));
        } catch (RuntimeException e) {
            adb.close();
            throw e;
        }
    }

    public String serial() {
        return serial;
    }

    public AdbServerHarness adb() {
        return adb;
    }

    public DeviceSimulator simulator() {
        return phone;
    }

    /** Changes the running phone for the next capture, e.g. {@code p -> p.toBuilder().fault(...).build()}. */
    public void phone(UnaryOperator<SimulatorProfile> change) {
        phone.updateProfile(change);
    }

    /** Back to the sample profile, and attached again if a cut connection left it offline. */
    public void reset() {
        phone.updateProfile(current -> SampleProfiles.pixel());
        if (!"device".equals(adb.state(serial))) {
            adb.reconnect(serial);
        }
    }

    /**
     * The environment of a process that uses this adb server and no other, starting from this
     * JVM's (PATH, JAVA_HOME) minus anything that points elsewhere.
     */
    public Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        for (String variable : new String[] {"ANDROID_ADB_SERVER_PORT", "ANDROID_ADB_SERVER_ADDRESS",
                "ADB_SERVER_SOCKET", "ANDROID_SERIAL", "ADB_TRACE", "ANDROPERATOR_EVIDENCE_DIR",
                "ANDROPERATOR_OPERATOR_PACKAGE", "ANDROPERATOR_DAEMON", "ANDROPERATOR_DAEMON_IDLE_SECONDS"}) {
            environment.remove(variable);
        }
        environment.putAll(adb.environment());
        return environment;
    }

    @Override
    public void close() {
        try {
            phone.close();
        } finally {
            adb.close();
        }
    }
}
