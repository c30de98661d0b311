package com.androperator.evidence.simulator.lab;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The one place that starts a private adb server (Debian's adb on PATH: its own free port, its own
 * HOME, {@code ADB_EMU=0}) and simulated phones for tests and the conformance kit. Closing it stops
 * the phones and the server.
 */
public final class PrivateAdbLab implements AdbLab, AutoCloseable {
    /** Variables that would point a child at another server, device, evidence folder or daemon. */
    private static final List<String> POINTING_ELSEWHERE = List.of("ANDROID_ADB_SERVER_PORT",
            "ANDROID_ADB_SERVER_ADDRESS", "ADB_SERVER_SOCKET", "ANDROID_SERIAL", "ADB_TRACE",
            "ANDROPERATOR_EVIDENCE_DIR", "ANDROPERATOR_OPERATOR_PACKAGE", "ANDROPERATOR_DAEMON",
            "ANDROPERATOR_DAEMON_IDLE_SECONDS");

    private final AdbServerHarness adb;
    private final List<DeviceSimulator> phones = new ArrayList<>();
    private DeviceSimulator samplePhone;

    private PrivateAdbLab(AdbServerHarness adb) {
        this.adb = adb;
    }

    /**
     * A server with no phone yet.
     *
     * @throws IllegalStateException when adb is not on PATH or its server does not start
     */
    public static PrivateAdbLab start() {
        return new PrivateAdbLab(AdbServerHarness.start());
    }

    /** A server with the sample phone attached; the phone lives as long as the lab. */
    public static PrivateAdbLab withSamplePhone() {
        PrivateAdbLab lab = start();
        try {
            DeviceSimulator phone = DeviceSimulator.start(SampleProfiles.pixel(), 0);
            lab.samplePhone = phone;
            lab.adb.connect(phone);
            return lab;
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    @Override
    public AdbServerHarness adb() {
        return adb;
    }

    @Override
    public DeviceSimulator attach(SimulatorProfile profile) {
        DeviceSimulator phone = DeviceSimulator.start(profile, 0);
        phones.add(phone);
        adb.connect(phone);
        return phone;
    }

    @Override
    public List<DeviceSimulator> phones() {
        return List.copyOf(phones);
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        POINTING_ELSEWHERE.forEach(environment::remove);
        environment.putAll(adb.environment());
        return environment;
    }

    /**
     * Only how a child reaches this server: the port variable every adb client honours and the
     * socket form that also names the host (device-protocol.md section 1). The child keeps its own
     * HOME.
     */
    public Map<String, String> serverAddress() {
        return Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(adb.port()),
                "ADB_SERVER_SOCKET", "tcp:127.0.0.1:" + adb.port());
    }

    @Override
    public String serial() {
        return simulator().serial();
    }

    @Override
    public DeviceSimulator simulator() {
        if (samplePhone == null) {
            throw new IllegalStateException("this lab has no sample phone: start it with withSamplePhone()");
        }
        return samplePhone;
    }

    @Override
    public void phone(UnaryOperator<SimulatorProfile> change) {
        simulator().updateProfile(change);
    }

    @Override
    public void reset() {
        String serial = serial();
        simulator().updateProfile(current -> SampleProfiles.pixel());
        if (!"device".equals(adb.state(serial))) {
            adb.reconnect(serial);
        }
    }

    /** Disconnects and stops every phone started by {@link #attach}; the sample phone stays. */
    public void releasePhones() {
        releasePhonesAfter(0);
    }

    /**
     * Disconnects and stops the phones started by {@link #attach} after the first {@code kept}, e.g.
     * a test's own phones while those attached before the test stay.
     */
    public void releasePhonesAfter(int kept) {
        List<DeviceSimulator> released = phones.subList(Math.min(kept, phones.size()), phones.size());
        try {
            for (DeviceSimulator phone : released) {
                try {
                    adb.disconnect(phone.serial());
                } finally {
                    phone.close();
                }
            }
        } finally {
            released.clear();
        }
    }

    /** Stops the phones and the server; the server forgets the phones as it stops. */
    @Override
    public void close() {
        try {
            phones.forEach(DeviceSimulator::close);
            phones.clear();
            if (samplePhone != null) {
                samplePhone.close();
            }
        } finally {
            adb.close();
        }
    }
}
