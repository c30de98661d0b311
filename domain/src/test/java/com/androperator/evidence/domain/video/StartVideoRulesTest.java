package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeBundleStore;
import com.androperator.evidence.domain.fakes.FakeDevices;
import com.androperator.evidence.domain.fakes.FakeMetadata;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.fakes.SequentialIds;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.DependencyProblem;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostTools;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.HostTool;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;

/**
 * Video start on port fakes (spec "Managed video", "Video artifacts and recovery", "Evidence
 * storage configuration"): every option's contract, what is refused before any lock or directory
 * exists, the device lock, session.json and the starting manifest, the worker spawn and the
 * five-second startup acknowledgement. A scripted worker answers between start's polls, on a
 * manual clock that only those polls move.
 */
class StartVideoRulesTest {
    private static final String SERIAL = "emulator-5554";
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final Path OUTPUT = Path.of("/work/evidence/new-video");
    private static final Path ROOT = Path.of("/home/user/.androperator/evidence/bundles");
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final HostTools TOOLS = new HostTools("/usr/local/bin/scrcpy", "/usr/local/bin/ffmpeg",
            "/usr/local/bin/ffprobe");
    private static final Map<String, String> WORKER_ENVIRONMENT = Map.of("PATH", "/usr/local/bin:/usr/bin",
            "ANDROID_ADB_SERVER_PORT", "5137");

    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final long origin = clock.nanoTime();
    private final WallClock wall = clock.wallClockFrom(T0);
    private final List<String> calls = new ArrayList<>();
    private HostDependencyCheck dependencies = new HostDependencyCheck.Satisfied(TOOLS);
    private FakeDevices devices = FakeDevices.attached(SERIAL, "emulator-5556");
    private final FakeMetadata metadata = new FakeMetadata(clock);
    private final FakeDeviceLocks locks = new FakeDeviceLocks();
    private final FakeBundleStore store = new FakeBundleStore();
    private Checked<Path> managedRoot = Checked.accepted(ROOT);
    private final FakeSessionStore sessions = new FakeSessionStore();
    private final Map<Path, FakeVideoBundle> bundles = new LinkedHashMap<>();
    private final SequentialIds ids = new SequentialIds("evidence");
    /** The spawned worker: whether it runs, and what it does at each of start's polls (by default it starts recording). */
    private Failure spawnFailure;
    private boolean workerAlive = true;
    private final List<Runnable> workerSteps = new ArrayList<>();
    private boolean defaultWorker = true;
    private final List<String> spawns = new ArrayList<>();
    private int pauses;
    /** The host process table start looks at for a holder's worker: the sample session's worker runs. */
    private final FakeProcessTable processes = new FakeProcessTable().running(VideoSessionsTest.session().state().claimedBy().orElse(null));

    @AfterEach
    void startNeverJudgesItself() {
        assertThat(processes.selfAsked()).as("start judges the holder's saved worker, never itself").isZero();
    }
    /** The bundle of the session the last spawned worker was given. */
    private Path workerBundle;

    // ---- validation: every option, before anything else --------------------------------------------

    @Test
    void anExplicitDeviceIsRequired() {
        CommandResult result = start(new VideoStartCommand(OUTPUT.toString(), null, null, 30, null, null, null));

        assertRefusedBeforeAnything(result, "--device");
        assertThat(result.message()).contains("requires an explicit --device");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "emulator 5554", "device;rm"})
    void aMalformedDeviceSerialIsRefused(String serial) {
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), serial, null, 30, null, null, null)),
                "--device");
    }

    /** Property: a duration is accepted exactly when it is an integer from 1 to 180. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDurationIsAnIntegerFromOneTo180(long seed) {
        Random random = new Random(seed);
        int duration = switch (random.nextInt(4)) {
            case 0 -> random.nextBoolean() ? 1 + random.nextInt(2) - 1 : 180 + random.nextInt(2);
            case 1 -> -random.nextInt(1000);
            case 2 -> 181 + random.nextInt(100_000);
            default -> 1 + random.nextInt(180);
        };
        dependencies = unmet();

        CommandResult result = start(command(duration));

        if (duration >= 1 && duration <= 180) {
            assertThat(result.code()).as("duration %d", duration).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        } else {
            assertRefusedBeforeAnything(result, "--duration-seconds");
            assertThat(result.message()).isEqualTo("--duration-seconds must be an integer from 1 to 180, got "
                    + duration + ": give the recording length in seconds.");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 180, 181})
    void theDurationBoundsAreOneAnd180Inclusive(int duration) {
        dependencies = unmet();

        CommandResult result = start(command(duration));

        assertThat(result.code()).isEqualTo(duration == 1 || duration == 180 ? ErrorCodes.HOST_DEPENDENCY_MISSING
                : ErrorCodes.EXECUTION_VALIDATION_FAILED);
    }

    @Test
    void aMissingDurationIsRefused() {
        CommandResult result = start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, null, null, null, null));

        assertRefusedBeforeAnything(result, "--duration-seconds");
        assertThat(result.message()).contains("got nothing");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "576", "576x", "x1280", "576*1280", "576X1280", " 576x1280", "575x1280", "576x1279",
        "0x1280", "576x0", "-576x1280", "123456x1280"})
    void aSizeThatIsNotPositiveEvenWidthByHeightIsRefusedBeforeTheDependencyCheck(String size) {
        CommandResult result = start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, size, null, null));

        assertRefusedBeforeAnything(result, "--size");
    }

    /**
     * Property: against a 1080x2400 display, an even WIDTHxHEIGHT is accepted exactly when its
     * aspect ratio is within 1% of the display's, and is then recorded as the requested size;
     * otherwise nothing is locked or created.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aSizeIsAcceptedOnlyWithinOnePercentOfTheDisplayAspectRatio(long seed) {
        Random random = new Random(seed);
        int height = 2 * (100 + random.nextInt(1200));
        double skew = 1 + (random.nextDouble() * 0.04 - 0.02);
        int width = 2 * Math.max(1, (int) Math.round(height * 1080.0 / 2400 * skew / 2));
        String size = width + "x" + height;
        boolean within = Math.abs(((double) width / height) / (1080.0 / 2400) - 1) <= 0.01;

        CommandResult result = start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, size, null, null));

        if (within) {
            assertThat(result.ok()).as("%s: %s", size, result).isTrue();
            assertThat(onlySession().requestedSize()).isEqualTo(new VideoSize(width, height));
            assertThat(startingManifest().video().requestedSize()).isEqualTo(new VideoSize(width, height));
        } else {
            assertThat(result.code()).as(size).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(result.details().asMap()).containsEntry("option", "--size");
            assertThat(result.message()).contains("differs from the current display aspect ratio");
            assertNothingLockedOrCreated();
        }
    }

    @Test
    void aSizeIsJudgedAgainstTheDisplayAsCurrentlyRotated() {
        metadata.withRotation(Observation.of(1));

        assertThat(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, "1280x576", null, null)).ok())
                .isTrue();
        assertThat(onlySession().requestedSize()).isEqualTo(new VideoSize(1280, 576));
    }

    /**
     * Property: without --size the display as currently rotated is scaled down to a longest edge
     * of at most 1280, both edges rounded down to positive even numbers; never scaled up.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDefaultSizeFitsTheCurrentDisplayWithinALongestEdgeOf1280(long seed) {
        Random random = new Random(seed);
        int naturalWidth = 100 + random.nextInt(3000);
        int naturalHeight = 100 + random.nextInt(3000);
        int rotation = random.nextInt(4);
        metadata.withSize(Observation.of(new WmSize(new Size(naturalWidth, naturalHeight), null)))
                .withRotation(Observation.of(rotation));

        assertThat(start(command(30)).ok()).isTrue();

        int width = rotation % 2 == 0 ? naturalWidth : naturalHeight;
        int height = rotation % 2 == 0 ? naturalHeight : naturalWidth;
        int longest = Math.max(width, height);
        long scaledWidth = longest > 1280 ? (long) width * 1280 / longest : width;
        long scaledHeight = longest > 1280 ? (long) height * 1280 / longest : height;
        VideoSize expected = new VideoSize((int) Math.max(2, scaledWidth - scaledWidth % 2),
                (int) Math.max(2, scaledHeight - scaledHeight % 2));
        assertThat(onlySession().requestedSize()).as("%dx%d rotation %d", naturalWidth, naturalHeight, rotation)
                .isEqualTo(expected);
    }

    @Test
    void theDefaultSizeOfA1080x2400PortraitPhoneIs576x1280() {
        assertThat(start(command(30)).ok()).isTrue();
        assertThat(onlySession().requestedSize()).isEqualTo(new VideoSize(576, 1280));
    }

    @Test
    void labelAndContextFollowTheStillCaptureContracts() {
        String longest = "l".repeat(Manifest.MAX_LABEL_UTF16_UNITS);
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, null,
                longest + "l", null)), "--label");
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, null, null,
                CallerJson.of(List.of("not", "an", "object")))), "--context-json");
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, null, null,
                CallerJson.of("{\"commandId\":\"c\"}"))), "--context-json");

        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        assertThat(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, null, 30, null, longest, CallerJson.of(context))).ok())
                .isTrue();
        Manifest starting = startingManifest();
        assertThat(starting.label()).isEqualTo(longest);
        assertThat(starting.context().asMap()).containsExactly(Map.entry("commandId", "original-command"),
                Map.entry("originalVerdict", "failed"));
    }

    @Test
    void noContextIsAnEmptyObject() {
        assertThat(start(command(30)).ok()).isTrue();
        assertThat(startingManifest().context().asMap()).isEmpty();
        assertThat(startingManifest().label()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"relative/video", "/", "/work/evidence/../new-video", "/work/./new-video", "  "})
    void theOutputDirectoryMustBeAnAbsoluteNewPath(String outputDir) {
        assertRefusedBeforeAnything(start(new VideoStartCommand(outputDir, SERIAL, null, 30, null, null, null)),
                "--output-dir");
    }

    @Test
    void anExistingOutputDirectoryIsRefusedBeforeAnythingElse() {
        store.withExisting(OUTPUT, ExistingEntry.DIRECTORY);

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(calls).isEmpty();
        assertNothingLockedOrCreated();
    }

    @Test
    void anOperatorPackageIsOptionalButValidatedWhenGiven() {
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, "", 30, null, null, null)),
                "--operator-package");
        assertRefusedBeforeAnything(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, "operator", 30, null, null,
                null)), "--operator-package");
    }

    // ---- what start refuses before any lock or directory exists ----------------------------------------

    @Test
    void missingHostDependenciesAreReportedBeforeTheDeviceTheLockOrAnyDirectory() {
        dependencies = unmet();

        CommandResult result = start(command(30));

        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(result.details().asMap()).containsEntry("capability", "video-recording");
        assertThat(result.hint()).contains("androperator doctor --device " + SERIAL);
        assertThat(calls).containsExactly("dependencies.check");
        assertThat(devices.requests()).isEmpty();
        assertNothingLockedOrCreated();
    }

    @Test
    void aDeviceThatIsNotAttachedIsRefusedBeforeTheLock() {
        devices = FakeDevices.attached("emulator-5556");

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.DEVICE_NOT_FOUND);
        assertThat(result.hint()).contains("adb devices");
        assertNothingLockedOrCreated();
    }

    @Test
    void theExplicitDeviceIsSelectedEvenWhenOthersAreAttached() {
        assertThat(start(command(30)).ok()).isTrue();

        assertThat(devices.requests()).containsExactly(java.util.Optional.of(SERIAL));
        assertThat(onlySession().target()).isEqualTo(new VideoSession.Target(SERIAL, null));
    }

    @Test
    void anUnreadableDisplaySizeIsRefusedWithItsCauseBeforeTheLock() {
        metadata.withSize(Observation.unavailable(ErrorCodes.DEVICE_OFFLINE, "wm size: device offline"));

        CommandResult result = start(command(30));

        // The refusal carries the display read's error, whose reason is the read's own code.
        BundleError displayRead = MetadataField.DISPLAY_SIZE.unavailable("The display size",
                Failure.of(ErrorCodes.DEVICE_OFFLINE, "wm size: device offline"));
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED).isEqualTo(displayRead.code());
        assertThat(result.message()).startsWith("Video start needs the current display size")
                .endsWith(": " + displayRead.message());
        assertThat(result.hint()).contains("adb shell wm size");
        assertNothingLockedOrCreated();
    }

    @Test
    void theDisplayRefusalNamesTheDisplayReadNotAnEarlierMetadataFailure() {
        metadata.withProperties(Observation.unavailable(ErrorCodes.ADB_UNAVAILABLE, "getprop: adb server went away"))
                .withSize(Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT, "wm size did not answer"));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(result.message()).contains("wm size did not answer").doesNotContain("getprop");
        assertNothingLockedOrCreated();
    }

    @Test
    void anUnknownDeviceTypeIsRecordedAsAMetadataErrorOfTheStartingManifest() {
        metadata.withProperties(Map.of("ro.build.version.sdk", "34", "ro.build.version.release", "14",
                "ro.product.manufacturer", "Google", "ro.product.model", "Pixel 8", "ro.boot.qemu", "maybe"));

        assertThat(start(command(30)).ok()).isTrue();

        assertThat(startingManifest().errors()).extracting(BundleError::code)
                .containsExactly(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
    }

    @Test
    void anUnusableLockDirectoryIsRefusedBeforeAnyLockOrBundle() {
        locks.directoryUnusable = FakeSessionStore.unwritable(FakeDeviceLocks.DIRECTORY);

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.details().asMap()).containsEntry("causeCode", "EROFS");
        assertThat(locks.calls).containsExactly("checkDirectory");
        assertThat(store.reservations()).isEmpty();
    }

    @Test
    void anUnwritableEvidenceRootIsRefusedBeforeTheLock() {
        managedRoot = Checked.rejected(FakeSessionStore.unwritable(ROOT));

        CommandResult result = start(new VideoStartCommand(null, SERIAL, null, 30, null, null, null));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(locks.calls).doesNotContain("acquire");
        assertThat(store.reservations()).isEmpty();
    }

    // ---- the device lock ----------------------------------------------------------------------------

    @Test
    void aDeviceRecordingInAnotherSessionIsRefusedAndThatSessionIsUntouched() {
        Path other = Path.of("/work/evidence/other-video");
        LockClaim claim = new LockClaim("other-session", "nonce", other.toString(), SERIAL, T0.toString());
        locks.heldBy(SERIAL, claim);
        sessions.sessions.put(other, VideoSessionsTest.session());
        bundle(other).published.add(VideoSessionsTest.manifest(BundleStatus.RECORDING));

        CommandResult result = start(command(30));

        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        assertThat(result.message()).contains(SERIAL, "other-session");
        assertThat(result.details().asMap()).containsEntry("serial", SERIAL)
                .containsEntry("lockPath", FakeDeviceLocks.lockPath(SERIAL).toString())
                .containsEntry("sessionId", "other-session").containsEntry("bundleDir", other.toString())
                .containsEntry("manifestPath", other.resolve("manifest.json").toString());
        assertThat(result.hint()).contains("evidence video stop");
        assertThat(locks.held).containsExactly(Map.entry(FakeDeviceLocks.lockPath(SERIAL), claim));
        assertThat(locks.releases).isEmpty();
        assertThat(store.reservations()).isEmpty();
        assertThat(sessions.saved).isEmpty();
        assertThat(pauses).as("a recording holder is not waited for").isZero();
    }

    @Test
    void anotherDeviceRecordsIndependently() {
        locks.heldBy("emulator-5556", new LockClaim("other", "n", "/x", "emulator-5556", T0.toString()));

        assertThat(start(command(30)).ok()).isTrue();
    }

    @Test
    void aLockWhoseOwnerCannotBeReadRequiresRecovery() {
        locks.unreadable.add(FakeDeviceLocks.lockPath(SERIAL));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("its owner cannot be read");
        assertThat(result.details().asMap()).containsEntry("serial", SERIAL).doesNotContainKey("sessionId");
        assertThat(store.reservations()).isEmpty();
        assertThat(pauses).as("an owner that cannot be read is not waited for").isZero();
    }

    @Test
    void aLockHeldByASessionThatRequiresRecoveryIsReportedSo() {
        Path other = Path.of("/work/evidence/stuck");
        locks.heldBy(SERIAL, new LockClaim("stuck-session", "nonce", other.toString(), SERIAL, T0.toString()));
        sessions.sessions.put(other, VideoSessionsTest.session().settled(
                RecoveryState.RECOVERY_REQUIRED, "the recorder did not exit after SIGINT", T0.toString()));
        bundle(other).published.add(VideoSessionsTest.terminal(BundleStatus.FAILED));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("stuck-session", "the recorder did not exit after SIGINT");
        assertThat(result.details().asMap()).containsEntry("sessionId", "stuck-session");
        assertThat(locks.releases).isEmpty();
        assertThat(pauses).as("a settled holder is not releasing anything: no wait").isZero();
    }

    /**
     * The holder's worker is gone (no heartbeat, its PID/start identity no longer runs) while its
     * session was still recording: nothing will ever release the lock, so "wait for it to finish"
     * would be wrong. Recovery is required, with the lock path and the steps; nothing is taken over.
     */
    @Test
    void aLockHeldByASessionWhoseWorkerIsGoneRequiresRecoveryWithTheStepsAndIsNeverTakenOver() {
        Path other = Path.of("/work/evidence/orphaned");
        LockClaim claim = new LockClaim("orphaned-session", "nonce", other.toString(), SERIAL, T0.toString());
        locks.heldBy(SERIAL, claim);
        WorkerIdentity recorder = new WorkerIdentity(5151, "2026-01-01T00:00:01.250Z");
        VideoSession orphaned = VideoSessionsTest.session().withRecorder(recorder);
        sessions.sessions.put(other, orphaned);
        bundle(other).published.add(VideoSessionsTest.manifest(BundleStatus.RECORDING));
        processes.ended(orphaned.state().claimedBy().orElse(null));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("orphaned-session", "worker is gone", "recording",
                FakeDeviceLocks.lockPath(SERIAL).toString()).doesNotContain("wait for it to finish");
        Path lock = FakeDeviceLocks.lockPath(SERIAL);
        assertThat(result.details().asMap()).containsEntry("recoveryRequired", true).containsEntry("serial", SERIAL)
                .containsEntry("lockPath", lock.toString())
                .containsEntry("sessionPath", other.resolve("session.json").toString())
                .containsEntry("manifestPath", other.resolve("manifest.json").toString())
                .containsEntry("sessionId", "orphaned-session").containsEntry("lastStatus", "recording")
                .containsEntry("workerPid", orphaned.state().claimedBy().orElse(null).pid()).containsEntry("workerRunning", false)
                .containsEntry("recorderPid", 5151L).containsEntry("recorderStartInstant", recorder.startInstant())
                .containsEntry("recorderRunning", false);
        @SuppressWarnings("unchecked")
        List<String> steps = (List<String>) result.details().asMap().get("steps");
        assertThat(steps).hasSize(4);
        assertThat(steps.get(0)).contains("PID 5151", recorder.startInstant(), "not running now", "--time-limit");
        assertThat(steps.get(1)).contains("PID " + orphaned.state().claimedBy().orElse(null).pid(), "not running now");
        assertThat(steps.get(2)).contains("remove the device lock file " + lock, "nothing else");
        assertThat(locks.held).as("the lock is never taken over").containsExactly(Map.entry(lock, claim));
        assertThat(locks.releases).isEmpty();
        assertThat(store.reservations()).as("nothing is created").isEmpty();
        assertThat(sessions.saved).isEmpty();
        assertThat(pauses).as("a holder that is gone is not waited for").isZero();
    }

    @Test
    void aHolderWhoseRecorderStillRunsSaysSoInItsRecoverySteps() {
        Path other = Path.of("/work/evidence/orphaned");
        locks.heldBy(SERIAL, new LockClaim("orphaned-session", "nonce", other.toString(), SERIAL, T0.toString()));
        WorkerIdentity recorder = new WorkerIdentity(5151, "2026-01-01T00:00:01.250Z");
        VideoSession orphaned = VideoSessionsTest.session().withRecorder(recorder);
        sessions.sessions.put(other, orphaned);
        bundle(other).published.add(VideoSessionsTest.manifest(BundleStatus.RECORDING));
        processes.ended(orphaned.state().claimedBy().orElse(null)).running(recorder);

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.details().asMap()).containsEntry("recorderRunning", true);
        assertThat(result.message()).contains("PID 5151", "RUNNING now");
    }

    /** A holder with a fresh, nonce-bound heartbeat is alive even where the process table cannot tell. */
    @Test
    void aHolderWithAFreshHeartbeatIsStillRecording() {
        Path other = Path.of("/work/evidence/other-video");
        locks.heldBy(SERIAL, new LockClaim("other-session", "nonce", other.toString(), SERIAL, T0.toString()));
        VideoSession holder = VideoSessionsTest.session();
        sessions.sessions.put(other, holder);
        sessions.heartbeats.put(other, new Heartbeat(holder.nonce(), holder.state().claimedBy().orElse(null).pid(),
                holder.state().claimedBy().orElse(null).startInstant(), T0.toString()));
        bundle(other).published.add(VideoSessionsTest.manifest(BundleStatus.RECORDING));
        processes.ended(holder.state().claimedBy().orElse(null));

        assertThat(start(command(30)).code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
    }

    @Test
    void aLockWhoseBundleHasNoSessionIsAStartInProgressWithinTheClaimGraceAndRecoveryAfterIt() {
        Path other = Path.of("/work/evidence/being-started");
        locks.heldBy(SERIAL, new LockClaim("new-session", "nonce", other.toString(), SERIAL, T0.toString()));

        assertThat(start(command(30)).code()).as("lock first, session.json right after")
                .isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);

        clock.advanceMillis(VideoLimits.WORKER_CLAIM_GRACE_MILLIS);
        CommandResult late = start(command(30));
        assertThat(late.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(late.message()).contains("session.json does not exist");
        assertThat(late.details().asMap()).containsEntry("recoveryRequired", true)
                .containsEntry("sessionPath", other.resolve("session.json").toString());
    }

    @Test
    void aSettledHolderThatStillHoldsItsLockRequiresRecovery() {
        Path other = Path.of("/work/evidence/ended");
        locks.heldBy(SERIAL, new LockClaim("ended-session", "nonce", other.toString(), SERIAL, T0.toString()));
        sessions.sessions.put(other, VideoSessionsTest.session().settled(
                RecoveryState.RELEASED, "lock release: NotHeld[reason=the lock file cannot be read]", T0.toString()));
        bundle(other).published.add(VideoSessionsTest.terminal(BundleStatus.COMPLETE));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("has ended (released", "without releasing its lock");
    }

    @Test
    void aHolderWhoseSessionNamesAnotherNonceRequiresRecovery() {
        Path other = Path.of("/work/evidence/reused");
        locks.heldBy(SERIAL, new LockClaim("reused-session", "another-nonce", other.toString(), SERIAL, T0.toString()));
        sessions.sessions.put(other, VideoSessionsTest.session());
        bundle(other).published.add(VideoSessionsTest.manifest(BundleStatus.RECORDING));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("another nonce");
    }

    @Test
    void anUnusableLockFileIsRefused() {
        locks.acquireUnusable = FakeSessionStore.unwritable(FakeDeviceLocks.lockPath(SERIAL));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(store.reservations()).isEmpty();
    }

    @Test
    void aBundleDirectoryTakenByARacingStartReleasesOurLock() {
        store.refusingReservation(Failure.of(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, OUTPUT + " exists"));

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(locks.held).isEmpty();
        assertThat(locks.releases).hasSize(1);
        assertThat(sessions.saved).isEmpty();
        assertThat(spawns).isEmpty();
    }

    @Test
    void aSessionThatCannotBeSavedReleasesTheLockAndStartsNoWorker() {
        sessions.saveFails = session -> true;

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.details().asMap()).containsEntry("path", OUTPUT.resolve("session.json").toString());
        assertThat(locks.held).isEmpty();
        assertThat(spawns).isEmpty();
    }

    @Test
    void aStartingManifestThatCannotBePublishedReleasesTheLockAndStartsNoWorker() {
        bundle(OUTPUT).publishFails = manifest -> true;

        CommandResult result = start(command(30));

        // "EVIDENCE_STORAGE_UNWRITABLE includes path, causeCode, message, and recovery": the starting
        // manifest is a preflight bundle write like session.json.
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(result.details().asMap()).containsEntry("path", FakeVideoBundle.DIRECTORY.resolve("manifest.json").toString())
                .containsEntry("causeCode", "ENOSPC").containsKeys("message", "recovery");
        assertThat(result.message()).contains("No space left on device");
        assertThat(locks.held).isEmpty();
        assertThat(locks.releases).hasSize(1);
        assertThat(spawns).isEmpty();
    }

    // ---- session.json, the lock claim and the starting manifest ----------------------------------------

    @Test
    void aStartSavesTheSessionLocksTheDeviceWithItsNonceAndConfirmsTheRecording() {
        CommandResult result = start(new VideoStartCommand(OUTPUT.toString(), SERIAL, OPERATOR, 45, null, "settings",
                CallerJson.of(Map.of("commandId", "c-7"))));

        assertThat(result).isEqualTo(new CommandResult(true, "recording", OUTPUT.resolve("manifest.json").toString(),
                "evidence-0001", "evidence-0001", null, null, null, null));

        VideoSession session = sessions.saved.get(0);
        assertThat(session.sessionId()).isEqualTo("evidence-0001");
        assertThat(session.nonce()).matches("[0-9a-f]{32}");
        assertThat(session.recorderBackend()).isEqualTo("scrcpy");
        assertThat(session.target()).isEqualTo(new VideoSession.Target(SERIAL, OPERATOR));
        assertThat(session.bundleDir()).isEqualTo(OUTPUT.toString());
        assertThat(session.manifestPath()).isEqualTo(OUTPUT.resolve("manifest.json").toString());
        assertThat(session.lockPath()).isEqualTo(FakeDeviceLocks.lockPath(SERIAL).toString());
        assertThat(session.requestedDurationSeconds()).isEqualTo(45);
        assertThat(session.createdAt()).isEqualTo(T0.toString());
        assertThat(session.deadlineAt()).as("the duration plus the worker's own slack")
                .isEqualTo(T0.plusSeconds(45).plusMillis(VideoLimits.WORKER_DURATION_SLACK_MILLIS).toString());
        assertThat(session.tools()).isEqualTo(new VideoSession.Tools(TOOLS.scrcpy(), TOOLS.ffmpeg(), TOOLS.ffprobe(),
                "/opt/platform-tools/adb"));
        assertThat(session.state().claimedBy().orElse(null)).isNull();
        assertThat(session.state()).isEqualTo(new SessionState.AwaitingWorker(T0.toString()));

        assertThat(locks.held).containsExactly(Map.entry(FakeDeviceLocks.lockPath(SERIAL), new LockClaim(
                "evidence-0001", session.nonce(), OUTPUT.toString(), SERIAL, T0.toString())));
        assertThat(store.reservations()).containsExactly(OUTPUT);
        assertThat(spawns).containsExactly(OUTPUT.resolve("session.json") + " " + OUTPUT.resolve("control/worker.log")
                + " " + new java.util.TreeMap<>(WORKER_ENVIRONMENT));

        Manifest starting = startingManifest();
        assertThat(starting.evidenceId()).isEqualTo("evidence-0001");
        assertThat(starting.status()).isEqualTo(BundleStatus.STARTING);
        assertThat(starting.startedAt()).isEqualTo(T0.toString());
        assertThat(starting.finishedAt()).isNull();
        assertThat(starting.label()).isEqualTo("settings");
        assertThat(starting.context().asMap()).containsExactly(Map.entry("commandId", "c-7"));
        assertThat(starting.artifacts()).isEmpty();
        assertThat(starting.errors()).isEmpty();
        assertThat(starting.video()).isEqualTo(new VideoInfo(45, 0, null, new VideoSize(576, 1280), null, "h264",
                null));
        assertThat(starting.device().serial()).isEqualTo(SERIAL);
        assertThat(starting.device().operatorPackage()).isEqualTo(OPERATOR);
        assertThat(starting.device().operatorVersion()).isEqualTo("0.12.1");
        assertThat(starting.device().cliVersion()).isEqualTo("0.3.0");
        assertThat(starting.device().model()).isEqualTo("Pixel 8");
        assertThat(starting.device().display().width()).isEqualTo(1080);
        assertThat(bundle(OUTPUT).published).extracting(Manifest::status).as("start publishes only the starting manifest; the worker the rest")
                .containsExactly(BundleStatus.STARTING, BundleStatus.RECORDING);
    }

    @Test
    void everySessionGetsItsOwnRandomNonce() {
        start(command(30));
        Path second = Path.of("/work/evidence/second-video");
        locks.held.clear();
        start(new VideoStartCommand(second.toString(), SERIAL, null, 30, null, null, null));

        assertThat(sessions.session(OUTPUT).nonce()).isNotEqualTo(sessions.session(second).nonce());
    }

    @Test
    void withoutAnOperatorPackageVideoNeverAsksForTheOperator() {
        assertThat(start(command(30)).ok()).isTrue();

        assertThat(metadata.reads()).noneMatch(read -> read.startsWith("dumpsys package"));
        assertThat(startingManifest().device().operatorPackage()).isNull();
        assertThat(startingManifest().device().operatorVersion()).isNull();
    }

    @Test
    void metadataThatCannotBeReadIsRecordedAsAnErrorOfTheStartingManifest() {
        metadata.withOperatorVersion(Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED, "package not found"));

        assertThat(start(new VideoStartCommand(OUTPUT.toString(), SERIAL, OPERATOR, 30, null, null, null)).ok())
                .isTrue();

        // The read's code is the reason of the operatorVersion error, reported as EVIDENCE_CAPTURE_FAILED.
        assertThat(startingManifest().errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.component()).isEqualTo("operatorVersion");
            assertThat(error).isEqualTo(MetadataField.OPERATOR_VERSION.unavailable("The Operator version of " + OPERATOR,
                    Failure.of(ErrorCodes.OPERATOR_NOT_INSTALLED, "package not found")));
        });
    }

    @Test
    void aManagedBundleIsAllocatedUnderTheEvidenceRootWithTheSessionId() {
        CommandResult result = start(new VideoStartCommand(null, SERIAL, null, 30, null, null, null));

        assertThat(result.ok()).isTrue();
        assertThat(result.manifestPath()).isEqualTo(ROOT.resolve("evidence-0001/manifest.json").toString());
        assertThat(store.reservations()).containsExactly(ROOT.resolve("evidence-0001"));
        assertThat(store.checks()).as("no explicit directory to check").isEmpty();
        assertThat(calls).contains("root.prepare");
    }

    // ---- the worker and the startup acknowledgement ------------------------------------------------------

    @Test
    void aWorkerThatCannotBeSpawnedRecordsAFailedStartupManifestAndReleasesTheLock() {
        spawnFailure = Failure.of(ErrorCodes.RECORDER_FAILED, "java: No such file or directory");

        CommandResult result = start(command(30));

        assertThat(result.ok()).isFalse();
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo(OUTPUT.resolve("manifest.json").toString());
        assertThat(result.sessionId()).isEqualTo("evidence-0001");
        assertThat(result.message()).contains("The video worker could not be started: java: No such file or directory");
        Manifest failed = lastManifest();
        assertThat(failed.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(failed.finishedAt()).isEqualTo(T0.toString());
        assertThat(failed.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(failed.errors()).containsExactly(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The video worker could not be started: java: No such file or directory", VideoStage.RECORDER));
        assertThat(onlySession().state()).isEqualTo(new SessionState.Settled(RecoveryState.SPAWN_FAILED,
                "java: No such file or directory", null, null, T0.toString()));
        assertThat(locks.held).as("no recorder was started, so start releases its own lock").isEmpty();
    }

    @Test
    void aWorkerThatExitsBeforeClaimingItsSessionIsASpawnFailure() {
        defaultWorker = false;
        workerSteps.add(() -> workerAlive = false);

        CommandResult result = start(command(30));

        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.message()).contains("the worker process exited before it claimed the session");
        assertThat(onlySession().state().kind()).isEqualTo(RecoveryState.SPAWN_FAILED);
        assertThat(locks.held).isEmpty();
    }

    @Test
    void aWorkerThatClaimedItsSessionAndVanishedRequiresRecoveryAndKeepsTheLock() {
        defaultWorker = false;
        workerSteps.add(this::claim);
        workerSteps.add(() -> workerAlive = false);

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.message()).startsWith("The video worker exited without finishing the session.");
        assertThat(result.details().asMap()).containsEntry("sessionPath", OUTPUT.resolve("session.json").toString())
                .containsEntry("lockPath", FakeDeviceLocks.lockPath(SERIAL).toString());
        assertThat(locks.held).containsKey(FakeDeviceLocks.lockPath(SERIAL));
        assertThat(lastManifest().status()).as("start publishes nothing for a claimed session")
                .isEqualTo(BundleStatus.STARTING);
    }

    @Test
    void aWorkerThatCouldNotVerifyOwnershipIsReportedAsRecoveryRequired() {
        defaultWorker = false;
        workerSteps.add(() -> {
            Manifest starting = startingManifest();
            sessions.saveSession(OUTPUT, onlySession().settled(
                    RecoveryState.RECOVERY_REQUIRED, "device lock not held by this session", T0.toString()));
            bundle(OUTPUT).finalizeManifest(VideoManifests.startupFailed(starting, T0.toString(), List.of(
                    VideoStage.error(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED, VideoStage.STARTUP, "lock", null))));
        });

        CommandResult result = start(command(30));

        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(result.message()).contains("could not verify ownership", "device lock not held by this session");
        assertThat(result.details().asMap()).containsKeys("sessionPath", "lockPath");
    }

    @Test
    void aWorkerThatEndedTheSessionBeforeConfirmingIsReportedWithItsOutcome() {
        defaultWorker = false;
        workerSteps.add(() -> {
            claim();
            bundle(OUTPUT).finalizeManifest(VideoManifests.startupFailed(startingManifest(), T0.toString(), List.of(
                    VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP, "scrcpy exited with 1", "recorder"))));
            workerAlive = false;
        });

        CommandResult result = start(command(30));

        assertThat(result.status()).isEqualTo("failed");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.message()).contains("scrcpy exited with 1");
    }

    @Test
    void aRecordingConfirmedJustWithinFiveSecondsIsAStart() {
        defaultWorker = false;
        int polls = (int) (VideoLimits.START_ACKNOWLEDGEMENT_MILLIS / 50) - 1;
        for (int i = 1; i < polls; i++) {
            workerSteps.add(i == 1 ? this::claim : () -> { });
        }
        workerSteps.add(this::recording);

        CommandResult result = start(command(30));

        assertThat(result.ok()).as("%s", result).isTrue();
        assertThat(result.status()).isEqualTo("recording");
        assertThat(elapsedMillis()).isLessThan(VideoLimits.START_ACKNOWLEDGEMENT_MILLIS);
    }

    @Test
    void noConfirmationWithinFiveSecondsIsACommandTimeoutThatRequestsAStopAndKeepsTheSessionAvailable() {
        defaultWorker = false;
        workerSteps.add(this::claim);

        CommandResult result = start(command(30));

        assertThat(elapsedMillis()).isEqualTo(VideoLimits.START_ACKNOWLEDGEMENT_MILLIS);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(result.status()).isEqualTo("starting");
        assertThat(result.manifestPath()).isEqualTo(OUTPUT.resolve("manifest.json").toString());
        assertThat(result.sessionId()).isEqualTo("evidence-0001");
        assertThat(result.details().asMap()).containsEntry("deadlineOwner", "evidence_video_start");
        assertThat(result.message()).contains("within 5 s", "a stop was requested");
        VideoSession session = sessions.session(OUTPUT);
        assertThat(sessions.stopRequestsOf(OUTPUT)).containsExactly(new StopRequest("evidence-0002", session.nonce(),
                T0.plusMillis(VideoLimits.START_ACKNOWLEDGEMENT_MILLIS).toString()));
        assertThat(locks.held).as("the worker owns the lock now").containsKey(FakeDeviceLocks.lockPath(SERIAL));
        assertThat(lastManifest().status()).isEqualTo(BundleStatus.STARTING);
    }

    // ---- helpers -----------------------------------------------------------------------------------

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 30);
    }

    private static VideoStartCommand command(int seconds) {
        return new VideoStartCommand(OUTPUT.toString(), SERIAL, null, seconds, null, null, null);
    }

    private static HostDependencyCheck unmet() {
        return new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.SCRCPY, DependencyReason.MISSING,
                "scrcpy 3.0 or newer", "not on PATH")));
    }

    private void assertRefusedBeforeAnything(CommandResult result, String option) {
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).as("%s", result).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.details().asMap()).containsEntry("option", option);
        assertThat(result.message()).contains(option);
        assertThat(calls).as("refused before the dependency check").isEmpty();
        assertThat(devices.requests()).isEmpty();
        assertNothingLockedOrCreated();
    }

    private void assertNothingLockedOrCreated() {
        assertThat(locks.calls).doesNotContain("acquire");
        assertThat(locks.held).isEmpty();
        assertThat(store.reservations()).isEmpty();
        assertThat(calls).doesNotContain("root.prepare");
        assertThat(sessions.saved).isEmpty();
        assertThat(bundles.values()).allSatisfy(bundle -> assertThat(bundle.published).isEmpty());
        assertThat(spawns).isEmpty();
    }

    private FakeVideoBundle bundle(Path dir) {
        return bundles.computeIfAbsent(dir, FakeVideoBundle::new);
    }

    private VideoSession onlySession() {
        assertThat(sessions.sessions).hasSize(1);
        return sessions.sessions.values().iterator().next();
    }

    private Manifest startingManifest() {
        return bundle(Path.of(onlySession().bundleDir())).published.get(0);
    }

    private Manifest lastManifest() {
        List<Manifest> published = bundle(Path.of(onlySession().bundleDir())).published;
        return published.get(published.size() - 1);
    }

    private long elapsedMillis() {
        return (clock.nanoTime() - origin) / 1_000_000L;
    }

    /** What a worker does first: claim the session with its identity. */
    private void claim() {
        VideoSession session = sessions.session(workerBundle);
        sessions.saveSession(workerBundle, session.claimedBy(new WorkerIdentity(777, T0.toString()), wall.now().toString()));
    }

    /** The recorder opened its capture file. */
    private void recording() {
        FakeVideoBundle bundle = bundle(workerBundle);
        bundle.finalizeManifest(VideoManifests.active(bundle.published.get(0), BundleStatus.RECORDING, null, 0));
    }

    private CommandResult start(VideoStartCommand command) {
        HostDependencyProbe probe = () -> {
            calls.add("dependencies.check");
            return dependencies;
        };
        ManagedBundlesRoot root = () -> {
            calls.add("root.prepare");
            return managedRoot;
        };
        WorkerLauncher launcher = (sessionFile, logFile, environment) -> {
            spawns.add(sessionFile + " " + logFile + " " + new java.util.TreeMap<>(environment));
            workerBundle = sessionFile.getParent();
            if (spawnFailure != null) {
                return new WorkerLauncher.Spawn.SpawnFailed(spawnFailure);
            }
            workerAlive = true;
            if (defaultWorker) {
                workerSteps.clear();
                workerSteps.add(() -> {
                    claim();
                    recording();
                });
            }
            return new WorkerLauncher.Spawn.Spawned(new WorkerLauncher.WorkerProcess() {
                @Override
                public long pid() {
                    return 777;
                }

                @Override
                public boolean isAlive() {
                    return workerAlive;
                }
            });
        };
        StartPorts ports = new StartPorts(probe, devices, metadata, locks, store, root, sessions, sessions, sessions, sessions, this::bundle,
                launcher, wall, clock, ids, millis -> {
                    pauses++;
                    clock.advanceMillis(millis);
                    if (!workerSteps.isEmpty()) {
                        workerSteps.remove(0).run();
                    }
                }, processes);
        return Rendered.of(new StartVideo(ports, "0.3.0", "/opt/platform-tools/adb", WORKER_ENVIRONMENT, CliLikeTerms.INSTANCE)
                .execute(command));
    }
}
