package com.androperator.evidence.kit.engine;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One scenario's private adb server (Debian's adb on PATH: its own free port, its own HOME,
 * ADB_EMU=0) and the simulated phones attached to it. Closing it stops the phones and the server.
 */
public final class Lab implements AutoCloseable {
    private final AdbServerHarness adb;
    private final List<DeviceSimulator> phones = new ArrayList<>();

    private Lab(AdbServerHarness adb) {
        this.adb = adb;
    }

    /** @throws IllegalStateException when adb is not on PATH or its server does not start */
    public static Lab start() {
        return new Lab(AdbServerHarness.start());
    }

    /** Starts a phone with {@code profile} and attaches it (waits until the server shows it online). */
    public DeviceSimulator attach(SimulatorProfile profile) {
        DeviceSimulator phone = DeviceSimulator.start(profile, 0);
        phones.add(phone);
        adb.connect(phone);
        return phone;
    }

    /** Starts a phone that the server does not know: a serial nobody attached. */
    public DeviceSimulator unattached(SimulatorProfile profile) {
        DeviceSimulator phone = DeviceSimulator.start(profile, 0);
        phones.add(phone);
        return phone;
    }

    /** Every phone of this scenario, attached or not, in the order started. */
    public List<DeviceSimulator> phones() {
        return List.copyOf(phones);
    }

    public AdbServerHarness adb() {
        return adb;
    }

    /**
     * How a child reaches this server and no other: the port variable every adb client honours and
     * the socket form that also names the host (device-protocol.md section 1).
     */
    public Map<String, String> childEnvironment() {
        return Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(adb.port()),
                "ADB_SERVER_SOCKET", "tcp:127.0.0.1:" + adb.port());
    }

    @Override
    public void close() {
        for (DeviceSimulator phone : phones) {
            phone.close();
        }
        adb.close();
    }
}
