package com.androperator.evidence.junit5;

import com.androperator.evidence.junit5.Fixtures.Scenario;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every test of the extension shares: one simulated phone on a private adb server per test
 * class, reset before each test; a fresh evidence root; the fixtures' scenario reset after each.
 */
abstract class LabTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    /** Where the lab's configuration parameters point the extension: {@code <temp>/evidence}. */
    Path root;

    @BeforeEach
    void resetPhone() {
        root = temp.resolve("evidence");
    }

    @AfterEach
    void resetScenario() {
        Scenario.reset();
    }

    /** The fixture class, configured (by configuration parameters) for the lab's phone and {@link #root}. */
    FixtureRun.Builder fixture(Class<?> fixture) {
        return FixtureRun.of(fixture).parameters(FixtureRun.labParameters(lab, root));
    }

    FixtureRun.Builder fixture(Class<?> fixture, String method) {
        return FixtureRun.of(fixture, method).parameters(FixtureRun.labParameters(lab, root));
    }
}
