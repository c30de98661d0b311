package com.androperator.evidence.simulator.lab;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A private real adb server and simulated phones for a test class (docs/testing.md). Register it on
 * a static field, which also suits classes that extend a contract suite:
 * <pre>{@code
 * @RegisterExtension
 * static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
 * }</pre>
 * or with {@code @ExtendWith(AdbLabExtension.class)} and an {@link AdbLab} parameter. The server
 * starts before the class's first test and stops after its last. Phones a test {@link #attach}es
 * are disconnected and stopped after it; those attached in {@code @BeforeAll} live for the class.
 * The sample phone (if asked for) is {@link #reset()} before each test.
 */
public final class AdbLabExtension implements AdbLab, BeforeAllCallback, BeforeEachCallback,
        AfterEachCallback, AfterAllCallback, ParameterResolver {
    private final boolean samplePhone;
    private PrivateAdbLab lab;
    private ExtensionContext owner;
    private int classPhones;

    /** A server without the sample phone: tests {@link #attach} their own. */
    public AdbLabExtension() {
        this(false);
    }

    private AdbLabExtension(boolean samplePhone) {
        this.samplePhone = samplePhone;
    }

    /** A server and the sample Pixel (Operator ready), kept for the class and reset before each test. */
    public static AdbLabExtension withSamplePhone() {
        return new AdbLabExtension(true);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        // A nested class runs inside its outer class's lab.
        if (lab == null) {
            lab = samplePhone ? PrivateAdbLab.withSamplePhone() : PrivateAdbLab.start();
            owner = context;
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        classPhones = lab().phones().size();
        if (samplePhone) {
            lab().reset();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        lab().releasePhonesAfter(classPhones);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (context == owner && lab != null) {
            try {
                lab.close();
            } finally {
                lab = null;
                owner = null;
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == AdbLab.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return this;
    }

    @Override
    public AdbServerHarness adb() {
        return lab().adb();
    }

    @Override
    public DeviceSimulator attach(SimulatorProfile profile) {
        return lab().attach(profile);
    }

    @Override
    public List<DeviceSimulator> phones() {
        return lab().phones();
    }

    @Override
    public Map<String, String> environment() {
        return lab().environment();
    }

    @Override
    public String serial() {
        return lab().serial();
    }

    @Override
    public DeviceSimulator simulator() {
        return lab().simulator();
    }

    @Override
    public void phone(UnaryOperator<SimulatorProfile> change) {
        lab().phone(change);
    }

    @Override
    public void reset() {
        lab().reset();
    }

    private PrivateAdbLab lab() {
        if (lab == null) {
            throw new IllegalStateException("the adb lab runs only between the test class's beforeAll and afterAll");
        }
        return lab;
    }
}
