package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureEvidence;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.capture.CapturePorts;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.capture.CaptureScheduling;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.port.WallClock;
import java.time.Instant;
import java.util.Map;

/**
 * Every still-capture port as an in-memory fake sharing one manual clock, preset to a complete
 * capture on one attached device. Scenarios change one fake, run {@link #capture}, and inspect the
 * fakes. Other modules swap in a real store or verifier through {@link #withStore} and friends.
 */
public final class CaptureRig {
    public static final String SERIAL = "emulator-5554";
    public static final String OPERATOR_PACKAGE = "com.androperator.operator.dev";
    public static final String CLI_VERSION = "0.12.1";
    public static final String SOURCE = "androperator-cli";
    public static final Instant START = Instant.parse("2026-03-01T10:00:00Z");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final FakeDevices devices;
    private final FakeScreenshots screenshots = new FakeScreenshots(clock);
    private final FakeOperator operator = new FakeOperator(clock);
    private final FakeMetadata metadata = new FakeMetadata(clock);
    private final SequentialIds ids = new SequentialIds("evidence");
    private final FakeBundleStore fakeStore = new FakeBundleStore();
    private final FakeManagedBundles fakeManagedBundles = new FakeManagedBundles();
    private ManagedBundles managedBundles = fakeManagedBundles;
    private BundleStore store = fakeStore;
    private ImageVerifier images = new FakeImageVerifier();
    private HierarchyVerifier hierarchies = new FakeHierarchyVerifier();
    private WallClock wallClock = clock.wallClockFrom(START);
    private Map<String, String> environment = Map.of();

    public CaptureRig() {
        this.devices = FakeDevices.attached(SERIAL);
    }

    private CaptureRig(FakeDevices devices) {
        this.devices = devices;
    }

    public static CaptureRig withDevices(FakeDevices devices) {
        return new CaptureRig(devices);
    }

    public CaptureRig withStore(BundleStore store) {
        this.store = store;
        return this;
    }

    /** Replaces the wall clock, which by default starts at {@link #START} and moves with the manual clock. */
    public CaptureRig withWallClock(WallClock wallClock) {
        this.wallClock = wallClock;
        return this;
    }

    /** The caller's environment, where the standard selections read ANDROID_SERIAL and the Operator package. */
    public CaptureRig withEnvironment(Map<String, String> environment) {
        this.environment = environment;
        return this;
    }

    public CaptureRig withManagedBundles(ManagedBundles managedBundles) {
        this.managedBundles = managedBundles;
        return this;
    }

    public CaptureRig withImageVerifier(ImageVerifier images) {
        this.images = images;
        return this;
    }

    public CaptureRig withHierarchyVerifier(HierarchyVerifier hierarchies) {
        this.hierarchies = hierarchies;
        return this;
    }

    public CapturePorts ports() {
        return new CapturePorts(devices, screenshots, operator, metadata, images, hierarchies, store,
                managedBundles, wallClock, clock, ids);
    }

    public CaptureEvidence useCase() {
        return new CaptureEvidence(ports(), CLI_VERSION, SOURCE, environment, CaptureScheduling.SEQUENTIAL);
    }

    public CaptureOutcome capture(CaptureCommand command) {
        return useCase().capture(command);
    }

    /** A valid CLI request into {@code outputDir} on the default device with a 30 s budget. */
    public static CaptureCommand request(String outputDir) {
        return new CaptureCommand(new BundleLocation.Explicit(outputDir), SERIAL, OPERATOR_PACKAGE,
                "Settings observation", Map.of("commandId", "original-command", "originalVerdict", "failed"), null, CliLikeTerms.INSTANCE);
    }

    public ManualMonotonicClock clock() {
        return clock;
    }

    public FakeDevices devices() {
        return devices;
    }

    public FakeScreenshots screenshots() {
        return screenshots;
    }

    public FakeOperator operator() {
        return operator;
    }

    /** The in-memory managed root (also when another was swapped in, in which case it stays unused). */
    public FakeManagedBundles managedBundles() {
        return fakeManagedBundles;
    }

    public FakeMetadata metadata() {
        return metadata;
    }

    public SequentialIds ids() {
        return ids;
    }

    /** The in-memory store (also when another store was swapped in, in which case it stays unused). */
    public FakeBundleStore store() {
        return fakeStore;
    }
}
