package com.androperator.evidence.api.video;

import com.androperator.evidence.contracts.Details;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.video.SessionFile;
import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.conformance.ReferenceRules;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import com.androperator.evidence.domain.video.VideoLimits;
import com.androperator.evidence.domain.video.VideoStartCommand;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Managed video end to end: the real adb server and the device simulator for the target and its
 * display, real ffmpeg/ffprobe 6.1.1, the fake scrcpy writing a real H.264 Matroska file, and a
 * real detached worker JVM. Every terminal bundle must pass the conformance verifier.
 */
class EvidenceVideoTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final String SIZE = "324x720";
    private static final Duration FINISH = Duration.ofSeconds(60);

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static AdbServerHarness adb;
    private static String serial;

    @TempDir
    Path temp;
    private Path lockDirectory;

    @BeforeAll
    static void startDevice() {
        adb = lab.adb();
        serial = lab.serial();
        VideoTestTools.ffmpegDirectory();
    }

    @BeforeEach
    void privateLockDirectory() throws IOException {
        lockDirectory = temp.resolve("locks");
        Files.createDirectory(lockDirectory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /**
     * A test that failed half-way may leave a recording running: stop it, then wait until no process
     * (worker, recorder, muxer) still uses this test's directory, so nothing outlives the test or
     * writes into its temporary directory while it is removed.
     */
    @AfterEach
    void stopLeftoversAndAwaitTheirProcesses() throws IOException {
        EvidenceVideo video = new EvidenceVideo(dependencies(new HashMap<>(adb.environment())));
        try (Stream<Path> files = Files.walk(temp, 5)) {
            for (Path session : files.filter(f -> f.getFileName().toString().equals("session.json")).toList()) {
                Path bundle = session.getParent();
                if (Files.exists(bundle.resolve("manifest.json")) && !manifest(bundle).isTerminal()) {
                    video.stop(SessionRef.manifestPath(bundle.resolve("manifest.json").toString()));
                }
            }
        }
        Await.until("every worker and recorder of this test has ended", Duration.ofSeconds(90),
                () -> ProcessHandle.allProcesses()
                .noneMatch(p -> p.info().arguments().map(a -> String.join(" ", a).contains(temp.toString()))
                        .orElse(false)));
    }

    // ---- recordings -------------------------------------------------------------------------

    @Test
    void aCleanRecordingEndsAtItsDurationWithOneVerifiedClip() {
        EvidenceVideo video = video(Map.of());
        VideoOutcome started = video.start(request(temp.resolve("clean").toString(), 2));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        assertThat(started.result().status()).isEqualTo("recording");
        assertThat(started.exitCode()).isZero();

        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.finishedAt()).isNotNull();
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.DURATION_CAP);
        assertThat(manifest.video().requestedSize()).isEqualTo(new VideoSize(324, 720));
        assertThat(manifest.video().actualSize()).isEqualTo(new VideoSize(324, 720));
        assertThat(manifest.video().codec()).isEqualTo("h264");
        assertThat(manifest.video().hostDurationMs()).isGreaterThanOrEqualTo(1_500);
        assertThat(manifest.video().mediaDurationMs()).isPositive();
        assertThat(manifest.artifacts()).extracting(a -> a.kind().wire())
                .containsExactly("video", "encoder_stderr", "capture_envelopes");
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        assertThat(bundle.resolve("video.mp4")).exists();
        assertThat(bundle.resolve("capture.partial.mkv")).doesNotExist();
        CapturesFile captures = captures(bundle);
        assertThat(captures.videoRecords().get(0).segments()).singleElement().satisfies(segment -> {
            assertThat(segment.path()).isEqualTo("video.mp4");
            assertThat(segment.actualSize()).isEqualTo(manifest.video().actualSize());
            assertThat(segment.error()).isNull();
        });
        assertThat(captures.videoRecords().get(0).videoVerified()).isTrue();
        assertThat(lockFiles()).as("the lock is released after final persistence").isEmpty();
        // "encoder.stderr.txt includes both scrcpy output streams": the fake prints its banner on
        // stdout and its INFO lines on stderr, as scrcpy does.
        String stderr = read(bundle.resolve("encoder.stderr.txt"));
        assertThat(stderr).contains("scrcpy 3.1 <https://github.com/Genymobile/scrcpy>")
                .contains("INFO: fake device " + serial).contains("INFO: Recording complete");
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);

        VideoOutcome status = video.status(SessionRef.manifestPath(started.result().manifestPath()));
        assertThat(status.result().status()).isEqualTo("complete");
        assertThat(status.exitCode()).isZero();
    }

    @Test
    void stopFinalizesAndARepeatedStopReturnsTheSameOutcomeWithoutChangingEvidence() throws Exception {
        EvidenceVideo video = video(Map.of());
        VideoOutcome started = video.start(request(temp.resolve("stopped").toString(), 60));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        // Stop once the live source holds 3 s of frames (90 at the fake's 30 fps).
        Path live = bundle.resolve("control").resolve("capture.partial.mkv");
        Await.until("the live recording holds 90 packets", Duration.ofSeconds(20),
                () -> VideoTestTools.packetCount(live) >= 90);

        // "Active video manifests have finishedAt: null", and a live bundle (session.json, control/) conforms.
        Manifest recording = manifest(bundle);
        assertThat(recording.status()).isEqualTo(BundleStatus.RECORDING);
        assertThat(recording.finishedAt()).isNull();
        assertThat(recording.video().stopReason()).isNull();
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);

        // "Concurrent stop requests write nonce-bound requests; only the worker publishes manifests."
        long stopStarted = System.nanoTime();
        String nonce = readJson(bundle.resolve("session.json"), SessionFile.class).nonce();
        CompletableFuture<VideoOutcome> other = CompletableFuture.supplyAsync(() -> stopUntilDone(video, started));
        VideoOutcome stopped = stopUntilDone(video, started);
        VideoOutcome concurrent = other.join();
        long stopMillis = (System.nanoTime() - stopStarted) / 1_000_000;
        assertThat(concurrent.result()).as("both concurrent stops see the worker's one outcome")
                .isEqualTo(stopped.result());
        try (Stream<Path> control = Files.list(bundle.resolve("control"))) {
            List<Path> requests = control.filter(f -> f.getFileName().toString().startsWith("stop-")).toList();
            assertThat(requests).as("each stop that found the session live left its own request").isNotEmpty()
                    .allSatisfy(request -> assertThat(readJson(request, StopRequest.class).nonce()).isEqualTo(nonce));
        }
        assertThat(stopped.result().ok()).as("%s", stopped.result()).isTrue();
        assertThat(stopped.result().status()).isEqualTo("complete");
        assertThat(stopped.exitCode()).isZero();
        Manifest manifest = manifest(bundle);
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.REQUESTED);
        System.out.printf("stop-to-complete for a %d ms recording (%d ms media): %d ms%n",
                manifest.video().hostDurationMs(), manifest.video().mediaDurationMs(), stopMillis);
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
        awaitWorkerDone(bundle);

        Map<String, String> before = snapshot(bundle);
        VideoOutcome again = video.stop(SessionRef.manifestPath(started.result().manifestPath()));
        assertThat(again.result()).isEqualTo(stopped.result());
        assertThat(snapshot(bundle)).isEqualTo(before);
    }

    @Test
    void aFoldMakesThreeVerifiedClipsOnePerSizeSpan() {
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_SIZES", "324x720:20,648x720:15,324x720:*"));
        VideoOutcome started = video.start(request(temp.resolve("fold").toString(), 3));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();

        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO)
                .extracting(a -> a.path()).containsExactly("video.mp4", "video-0002.mp4", "video-0003.mp4");
        assertThat(manifest.video().actualSize()).as("clip sizes differ").isNull();
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        List<VideoSegment> segments = captures(bundle).videoRecords().get(0).segments();
        assertThat(segments).extracting(s -> s.actualSize().toString()).containsExactly("324x720", "648x720", "324x720");
        assertThat(manifest.video().mediaDurationMs())
                .isEqualTo(segments.stream().mapToLong(VideoSegment::mediaDurationMs).sum());
        assertThat(segments).extracting(VideoSegment::frames).startsWith(20L, 15L);
        assertThat(segments).extracting(VideoSegment::path).containsExactly("video.mp4", "video-0002.mp4", "video-0003.mp4");
        assertThat(segments.get(2).end()).as("the last span has no end").isNull();
        assertThat(bundle.resolve("capture.partial.mkv")).doesNotExist();
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
    }

    @Test
    void anIdleRecordingWithOneFrameStaysPartial() {
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_IDLE", "1"));
        VideoOutcome started = video.start(request(temp.resolve("idle").toString(), 2));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();

        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).isEqualTo("partial");
        assertThat(manifest.artifacts()).filteredOn(a -> "video/mp4".equals(a.mimeType())).singleElement()
                .satisfies(clip -> {
                    assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
                    assertThat(clip.path()).isEqualTo("video.partial.mp4");
                });
        assertThat(manifest.artifacts()).filteredOn(a -> "capture.partial.mkv".equals(a.path())).singleElement()
                .satisfies(source -> {
                    assertThat(source.kind()).isEqualTo(ArtifactKind.VIDEO);
                    assertThat(source.mimeType()).isEqualTo("video/x-matroska");
                    assertThat(source.status()).isEqualTo(ArtifactStatus.PARTIAL);
                });
        assertThat(captures(Path.of(started.result().manifestPath()).getParent()).videoRecords().get(0).segments())
                .singleElement().satisfies(segment -> assertThat(segment.frames()).isEqualTo(1));
        assertThat(manifest.video().mediaDurationMs()).isNull();
        VideoOutcome status = video.status(SessionRef.manifestPath(started.result().manifestPath()));
        assertThat(status.exitCode()).isEqualTo(1);
        assertThat(status.result().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Conformance.assertConforms(Path.of(started.result().manifestPath()).getParent());
        ReferenceRules.assertFollowed(Path.of(started.result().manifestPath()).getParent());
    }

    @Test
    void aCorruptedClipFailsVerificationAndKeepsItsBytesAndErrors() {
        // ffmpeg that damages the middle of every clip it encodes, after a successful encode.
        Path wrapperDir = temp.resolve("corrupting-ffmpeg");
        VideoTestTools.script(wrapperDir, "ffmpeg", "#!/usr/bin/env bash\n"
                + "\"" + VideoTestTools.ffmpeg() + "\" \"$@\"; status=$?\n"
                + "out=\"${@: -1}\"\n"
                + "if [[ $status -eq 0 && \"$out\" == *.partial.mp4 && -f \"$out\" ]]; then\n"
                + "  size=$(stat -c %s \"$out\")\n"
                + "  dd if=/dev/zero of=\"$out\" bs=1 seek=$((size / 2)) count=4096 conv=notrunc status=none\n"
                + "fi\n"
                + "exit $status\n");
        Map<String, String> environment = environment(Map.of());
        environment.put("PATH", wrapperDir + ":" + environment.get("PATH"));
        EvidenceVideo video = new EvidenceVideo(dependencies(environment));
        VideoOutcome started = video.start(request(temp.resolve("corrupt").toString(), 2));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();

        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).as("its clip and the mkv are video files kept").isEqualTo("partial");
        assertThat(manifest.artifacts()).filteredOn(a -> "video/mp4".equals(a.mimeType())).singleElement()
                .satisfies(clip -> {
                    assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
                    assertThat(clip.path()).isEqualTo("video.partial.mp4");
                    assertThat(clip.bytes()).isPositive();
                    assertThat(clip.error().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED);
                });
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        assertThat(bundle.resolve("video.partial.mp4")).exists();
        assertThat(bundle.resolve("video.mp4")).doesNotExist();
        assertThat(bundle.resolve("capture.partial.mkv")).as("the source is kept as partial evidence").exists();
        assertThat(manifest.errors()).extracting(e -> e.code()).contains(ErrorCodes.VIDEO_VERIFICATION_FAILED);
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
    }

    // ---- recorder diagnostics ---------------------------------------------------------------

    @Test
    void recorderOutputBeyondOneMebibyteOnBothStreamsIsAPartialArtifactAndABundleErrorWhileTheVideoStaysUsable()
            throws IOException {
        // "Retention is capped at 1 MiB; truncation is reported as a partial artifact and bundle error."
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_CHATTER_BYTES", "800000"));
        VideoOutcome started = video.start(request(temp.resolve("chatty").toString(), 2));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();

        Manifest manifest = awaitTerminal(video, started);
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("partial");
        Artifact stderr = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.ENCODER_STDERR)
                .findFirst().orElseThrow();
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(stderr.path()).isEqualTo("encoder.stderr.partial.txt");
        assertThat(stderr.bytes()).isEqualTo(VideoLimits.RECORDER_OUTPUT_CAP_BYTES);
        assertThat(stderr.error().code()).isEqualTo(ErrorCodes.ARTIFACT_TRUNCATED);
        assertThat(manifest.errors()).containsExactly(stderr.error());
        assertThat(bundle.resolve("encoder.stderr.txt")).doesNotExist();
        String retained = read(bundle.resolve("encoder.stderr.partial.txt"));
        assertThat(retained).as("both streams are retained").contains("INFO: stdout chatter").contains("INFO: stderr chatter");
        CapturesFile captures = captures(bundle);
        assertThat(captures.videoRecords().get(0).details().asMap()).containsEntry("outputTruncated", true);
        assertThat(((Number) captures.videoRecords().get(0).details().asMap().get("outputBytes")).longValue())
                .isGreaterThan(VideoLimits.RECORDER_OUTPUT_CAP_BYTES);
        // The video itself is verified and usable.
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO).singleElement()
                .satisfies(clip -> {
                    assertThat(clip.status()).isEqualTo(ArtifactStatus.COMPLETE);
                    assertThat(clip.path()).isEqualTo("video.mp4");
                });
        assertThat(VideoTestTools.packetCount(bundle.resolve("video.mp4"))).isPositive();
        assertThat(manifest.video().mediaDurationMs()).isPositive();
        assertThat(lockFiles()).isEmpty();
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
    }

    @Test
    void aSilentRecorderLeavesAnEmptyHashedCompleteDiagnosticArtifact() {
        // "An empty diagnostic artifact is valid and hashed."
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_QUIET", "1"));
        VideoOutcome started = video.start(request(temp.resolve("quiet").toString(), 1));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();

        Manifest manifest = awaitTerminal(video, started);
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.ENCODER_STDERR).singleElement()
                .satisfies(stderr -> {
                    assertThat(stderr.status()).isEqualTo(ArtifactStatus.COMPLETE);
                    assertThat(stderr.path()).isEqualTo("encoder.stderr.txt");
                    assertThat(stderr.bytes()).isZero();
                    assertThat(stderr.sha256())
                            .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
                });
        assertThat(bundle.resolve("encoder.stderr.txt")).isEmptyFile();
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
    }

    // ---- startup and recovery ---------------------------------------------------------------

    @Test
    void aRecorderThatNeverOpensItsFileTimesOutStartWithTheSessionPathAndStatusStaysAvailable() throws IOException {
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_NEVER_OPEN", "1"));

        VideoOutcome started = video.start(request(temp.resolve("never-opens").toString(), 30));

        // "A startup acknowledgement timeout returns ok: false, code: "COMMAND_TIMEOUT", and the session path"
        CommandResult result = started.result();
        assertThat(result.ok()).as("%s", result).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(started.exitCode()).as("startup failures or timeout exit 1").isEqualTo(1);
        assertThat(started.isError()).isTrue();
        assertThat(result.manifestPath()).isEqualTo(temp.resolve("never-opens").resolve("manifest.json").toString());
        assertThat(result.sessionId()).isNotBlank();
        assertThat(result.details().asMap()).containsEntry("deadlineOwner", "evidence_video_start");
        Path bundle = Path.of(result.manifestPath()).getParent();
        // "... and requests that the worker stop."
        SessionFile session = ContractJson.read(Files.readAllBytes(bundle.resolve("session.json")), SessionFile.class);
        try (Stream<Path> control = Files.list(bundle.resolve("control"))) {
            List<StopRequest> requests = control.filter(f -> f.getFileName().toString().startsWith("stop-"))
                    .map(f -> readJson(f, StopRequest.class)).toList();
            assertThat(requests).singleElement().satisfies(r -> assertThat(r.nonce()).isEqualTo(session.nonce()));
        }
        // "Status remains available."
        VideoOutcome status = video.status(SessionRef.manifestPath(result.manifestPath()));
        assertThat(status.result().code()).isNotEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        assertThat(status.result().sessionId()).isEqualTo(result.sessionId());
        assertThat(status.result().status()).isIn("starting", "finalizing", "failed");

        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).isEqualTo("failed");
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(manifest.artifacts()).noneMatch(a -> a.kind() == ArtifactKind.VIDEO);
        assertThat(video.status(SessionRef.manifestPath(result.manifestPath())).result().status()).isEqualTo("failed");
        Await.until("the worker releases the lock", FINISH, () -> lockFiles().isEmpty());
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
    }

    @Test
    void aWorkerThatCannotBeSpawnedRecordsAFailedStartupManifestAndReleasesItsOwnLock() throws IOException {
        // "A confirmed failure to spawn the host worker records a failed startup manifest and releases its own
        // lock because no recorder was started."
        WorkerLauncher cannotSpawn = (sessionFile, logFile, environment) -> new WorkerLauncher.Spawn.SpawnFailed(
                new Failure(ErrorCodes.RECORDER_FAILED, "the worker process could not be started (error=12, Cannot "
                        + "allocate memory)", Details.fromJson(Map.of())));
        EvidenceVideo video = new EvidenceVideo(dependencies(environment(Map.of())).withWorkerLauncher(cannotSpawn));

        VideoOutcome started = video.start(request(temp.resolve("no-worker").toString(), 30));

        assertThat(started.exitCode()).isEqualTo(1);
        assertThat(started.result().status()).isEqualTo("failed");
        assertThat(started.result().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Path bundle = temp.resolve("no-worker");
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo("failed");
        assertThat(manifest.finishedAt()).isNotNull();
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(manifest.errors()).anySatisfy(e -> {
            assertThat(e.code()).isEqualTo(ErrorCodes.RECORDER_FAILED);
            assertThat(e.stage()).isEqualTo("startup");
            assertThat(e.message()).contains("Cannot allocate memory");
        });
        SessionFile session = ContractJson.read(Files.readAllBytes(bundle.resolve("session.json")), SessionFile.class);
        assertThat(session.recovery().value()).isEqualTo(RecoveryState.SPAWN_FAILED);
        assertThat(lockFiles()).as("its own lock is released").isEmpty();
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);
        assertThat(video.status(SessionRef.manifestPath(started.result().manifestPath())).result().status())
                .isEqualTo("failed");

        // A worker JVM that cannot even be executed (no such java) is confirmed gone before it claimed the
        // session: the same outcome, and the device is free again.
        EvidenceVideo noJava = new EvidenceVideo(dependencies(environment(Map.of())).withWorkerLauncher(
                new DetachedWorkerLauncher(temp.resolve("no-such-jdk").resolve("java").toString(),
                        System.getProperty("java.class.path"))));
        VideoOutcome second = noJava.start(request(temp.resolve("no-java").toString(), 30));
        assertThat(second.result().code()).as("%s", second.result()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(manifest(temp.resolve("no-java")).video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(lockFiles()).isEmpty();
        Conformance.assertConforms(temp.resolve("no-java"));
    }

    @Test
    void aRecorderIgnoringSigintPublishesNoMediaKeepsTheLockForRecoveryAndEndsAtItsOwnTimeLimit() throws Exception {
        // Long enough that the recorder outlives the worker's 10 s grace after SIGINT.
        int seconds = 20;
        EvidenceVideo video = video(Map.of("FAKE_SCRCPY_IGNORE_SIGINT", "1"));
        VideoOutcome started = video.start(request(temp.resolve("deaf").toString(), seconds));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        String manifestPath = started.result().manifestPath();

        VideoOutcome stopped = video.stop(SessionRef.manifestPath(manifestPath));
        while (ErrorCodes.COMMAND_TIMEOUT.equals(stopped.result().code())) {
            stopped = video.stop(SessionRef.manifestPath(manifestPath));
        }

        // "EVIDENCE_RECOVERY_REQUIRED means ownership cannot be verified"; reported as failed, lock kept.
        assertThat(stopped.result().code()).as("%s", stopped.result()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(stopped.result().status()).isEqualTo("failed");
        assertThat(stopped.exitCode()).isEqualTo(1);
        VideoOutcome status = video.status(SessionRef.manifestPath(manifestPath));
        assertThat(status.result().code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(status.result().status()).isEqualTo("failed");
        assertThat(status.exitCode()).isEqualTo(1);
        assertThat(status.result().details().asMap()).containsKeys("lockPath", "sessionPath", "recoveryReason");
        assertThat(lockFiles()).as("an unresponsive recorder retains the lock for recovery").hasSize(1);
        SessionFile session = ContractJson.read(Files.readAllBytes(bundle.resolve("session.json")), SessionFile.class);
        assertThat(session.recovery().value()).isEqualTo(RecoveryState.RECOVERY_REQUIRED);

        // No unverified media is published: no clip, no adopted source, only the diagnostics and the receipt.
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo("failed");
        assertThat(manifest.artifacts()).extracting(a -> a.kind().wire())
                .containsExactly("encoder_stderr", "capture_envelopes");
        assertThat(manifest.errors()).anySatisfy(e -> assertThat(e.message()).contains("did not exit"));
        assertThat(bundle.resolve("video.mp4")).doesNotExist();
        assertThat(bundle.resolve("video.partial.mp4")).doesNotExist();
        assertThat(bundle.resolve("capture.partial.mkv")).doesNotExist();
        assertThat(captures(bundle).videoRecords().get(0).details().asMap()).containsKey("recorderPid");
        Conformance.assertConforms(bundle);
        ReferenceRules.assertFollowed(bundle);

        // A new start on the device is refused while recovery is unresolved.
        VideoOutcome again = video.start(request(temp.resolve("after-deaf").toString(), 2));
        assertThat(again.result().code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(temp.resolve("after-deaf")).doesNotExist();

        // "scrcpy's own duration cap bounds a surviving recorder process."
        Await.until("no process names the bundle any more", Duration.ofSeconds(seconds + 20),
                () -> ProcessHandle.allProcesses()
                .noneMatch(p -> p.info().arguments().map(a -> String.join(" ", a).contains(bundle.toString()))
                        .orElse(false)));
        assertThat(lockFiles()).as("nothing takes the lock over automatically").hasSize(1);
        assertThat(manifest(bundle)).as("nothing changes the published evidence").isEqualTo(manifest);
    }

    // ---- Operator package -------------------------------------------------------------------

    @Test
    void videoStartsWithoutAnOperatorPackageAndRecordsNone() {
        EvidenceVideo video = video(Map.of());
        VideoStartCommand request = VideoStartCommand.builder().deviceSerial(serial)
                .outputDir(temp.resolve("no-operator").toString()).durationSeconds(1).size(SIZE).build();

        VideoOutcome started = video.start(request);

        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        Manifest manifest = awaitTerminal(video, started);
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.device().operatorPackage()).isNull();
        assertThat(manifest.device().operatorVersion()).isNull();
        Conformance.assertConforms(Path.of(started.result().manifestPath()).getParent());
        ReferenceRules.assertFollowed(Path.of(started.result().manifestPath()).getParent());
        // Status and stop still reject a conflicting Operator option, and accept the saved device.
        VideoOutcome conflicting = video.status(new SessionRef.ManifestPath(started.result().manifestPath(),
                Optional.empty(), Optional.of(OPERATOR)));
        assertThat(conflicting.result().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(video.status(new SessionRef.ManifestPath(started.result().manifestPath(), Optional.of(serial),
                Optional.empty())).exitCode()).isZero();
        // A given package is still validated, before anything is created.
        VideoOutcome invalid = video.start(VideoStartCommand.builder().deviceSerial(serial).operatorPackage("not a package")
                .outputDir(temp.resolve("bad-operator").toString()).durationSeconds(1).size(SIZE).build());
        assertThat(invalid.result().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(temp.resolve("bad-operator")).doesNotExist();
    }

    // ---- host dependencies ------------------------------------------------------------------

    @Test
    void debiansFfmpeg51IsUnsupportedBeforeAnyLockOrDirectoryExists() {
        Path debian = temp.resolve("debian-bin");
        VideoTestTools.script(debian, "ffmpeg", "#!/bin/sh\n"
                + "if [ \"$1\" = \"-version\" ]; then\n"
                + "  echo 'ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers'\n"
                + "  echo 'built with gcc 12 (Debian 12.2.0-14)'\n"
                + "  exit 0\nfi\nexit 1\n");
        Map<String, String> environment = environment(Map.of());
        environment.put("PATH", debian + ":" + environment.get("PATH"));
        EvidenceVideo video = new EvidenceVideo(dependencies(environment));
        Path output = temp.resolve("never-created");

        VideoOutcome outcome = video.start(request(output.toString(), 2));

        CommandResult result = outcome.result();
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(result.message()).contains("ffmpeg").contains("5.1").contains("older than 6.1");
        assertThat(result.hint()).contains("brew install scrcpy ffmpeg").contains("androperator doctor");
        assertThat(result.details().asMap()).containsEntry("capability", "video-recording").containsKey("docsUrl");
        assertThat(dependencies(result)).containsExactly(Map.of("dependency", "ffmpeg", "reason", "unsupported",
                "requirement", dependencies(result).get(0).get("requirement")));
        assertThat(output).doesNotExist();
        assertThat(lockFiles()).isEmpty();

        DoctorReport doctor = video.doctor(java.util.Optional.of(serial));
        assertThat(doctor.checks()).singleElement().satisfies(check -> {
            assertThat(check.id()).isEqualTo("host.video.dependencies");
            assertThat(check.status()).isEqualTo("warn");
            assertThat(check.advisory()).isTrue();
        });
    }

    @Test
    void aMissingScrcpyIsReportedAsMissing() {
        Map<String, String> environment = environment(Map.of());
        environment.put("PATH", toolbox().pathWithoutScrcpy());
        EvidenceVideo video = new EvidenceVideo(dependencies(environment));

        VideoOutcome outcome = video.start(request(temp.resolve("no-scrcpy").toString(), 2));

        assertThat(outcome.result().code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(dependencies(outcome.result())).extracting(d -> d.get("dependency") + ":" + d.get("reason"))
                .containsExactly("scrcpy:missing");
        assertThat(temp.resolve("no-scrcpy")).doesNotExist();
        assertThat(video(Map.of()).doctor(java.util.Optional.empty()).checks().get(0).status()).isEqualTo("pass");
    }

    // ---- ownership --------------------------------------------------------------------------

    @Test
    void twoConcurrentStartsOnOneDeviceLetExactlyOneWinEveryTime() throws Exception {
        EvidenceVideo video = video(Map.of());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int attempt = 0; attempt < 3; attempt++) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<VideoOutcome>> futures = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    String output = temp.resolve("race-" + attempt + "-" + i).toString();
                    futures.add(pool.submit(() -> {
                        go.await();
                        return video.start(request(output, 30));
                    }));
                }
                go.countDown();
                List<VideoOutcome> outcomes = new ArrayList<>();
                for (Future<VideoOutcome> future : futures) {
                    outcomes.add(future.get());
                }
                assertThat(outcomes).filteredOn(o -> o.result().ok()).hasSize(1);
                assertThat(outcomes).filteredOn(o -> !o.result().ok()).singleElement()
                        .satisfies(o -> assertThat(o.result().code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE));
                VideoOutcome winner = outcomes.stream().filter(o -> o.result().ok()).findFirst().orElseThrow();
                // Stopped once it holds frames: a stop before the first frame is a legitimately failed recording.
                assertThat(toolbox().awaitEncodedFrames(Path.of(winner.result().manifestPath()).getParent(), 10,
                        FINISH)).isTrue();
                VideoOutcome stopped = stopUntilDone(video, winner);
                assertThat(stopped.result().status()).isIn("complete", "partial");
                Conformance.assertConforms(Path.of(winner.result().manifestPath()).getParent());
                assertThat(lockFiles()).as("a stop that returned has released the device").isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A worker killed with SIGKILL mid-recording: its recorder and everything the recorder started
     * end with it (followed by the PIDs the test observed), status and stop report recovery
     * required, a new start on the device answers EVIDENCE_RECOVERY_REQUIRED with the lock path and
     * the steps instead of "wait for it to finish", nothing is taken over, and following the steps
     * (remove the lock once nothing survives) frees the device.
     */
    @Test
    void aWorkerKilledMidRecordingTakesItsRecorderAlongAndANewStartRequiresRecovery() throws Exception {
        EvidenceVideo video = video(Map.of());
        VideoOutcome started = video.start(request(temp.resolve("killed").toString(), 60));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        // session.json names the recorder while it records; the recorder and its encoder and muxer run.
        Await.until("session.json names its recorder", FINISH,
                () -> readJson(bundle.resolve("session.json"), SessionFile.class)
                .recorder() != null);
        assertThat(toolbox().awaitEncodedFrames(bundle, 10, FINISH)).isTrue();
        SessionFile session = readJson(bundle.resolve("session.json"), SessionFile.class);
        ProcessHandle worker = ProcessHandle.of(session.worker().pid()).orElseThrow();
        assertThat(worker.info().startInstant().map(Object::toString)).contains(session.worker().startInstant());
        ProcessHandle recorder = ProcessHandle.of(session.recorder().pid()).orElseThrow();
        assertThat(recorder.info().startInstant().map(Object::toString)).contains(session.recorder().startInstant());
        List<ProcessHandle> media = new ArrayList<>(recorder.descendants().toList());
        media.add(recorder);
        assertThat(media).as("scrcpy and the ffmpeg processes it started").hasSizeGreaterThanOrEqualTo(3);
        Path lock = lockFiles().get(0);
        String lockBefore = read(lock);

        worker.destroyForcibly();
        assertThat(worker.onExit().get()).isNotNull();

        Await.until(String.format("no recorder or ffmpeg outlives the worker: %s", media), FINISH,
                () -> media.stream().noneMatch(ProcessHandle::isAlive));
        Await.until("status answers EVIDENCE_RECOVERY_REQUIRED", Duration.ofSeconds(15),
                () -> ErrorCodes.EVIDENCE_RECOVERY_REQUIRED.equals(
                video.status(SessionRef.manifestPath(started.result().manifestPath())).result().code()));
        VideoOutcome status = video.status(SessionRef.manifestPath(started.result().manifestPath()));
        assertThat(status.result().status()).isEqualTo("failed");
        assertThat(status.exitCode()).isEqualTo(1);
        assertThat(status.result().details().asMap()).containsEntry("recoveryRequired", true)
                .containsEntry("lockPath", lock.toString()).containsEntry("recorderRunning", false)
                .containsEntry("workerRunning", false);
        assertThat(manifest(bundle).status().wire()).as("the last persisted manifest is kept").isEqualTo("recording");
        VideoOutcome stop = video.stop(SessionRef.manifestPath(started.result().manifestPath()));
        assertThat(stop.result().code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);

        VideoOutcome second = video.start(request(temp.resolve("after-kill").toString(), 2));
        CommandResult refused = second.result();
        assertThat(refused.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
        assertThat(second.exitCode()).isEqualTo(1);
        assertThat(refused.message()).contains(session.sessionId(), "worker is gone", lock.toString())
                .doesNotContain("wait for it to finish");
        assertThat(refused.details().asMap()).containsEntry("recoveryRequired", true).containsEntry("lockPath", lock.toString())
                .containsEntry("sessionPath", bundle.resolve("session.json").toString())
                .containsEntry("recorderPid", session.recorder().pid()).containsEntry("recorderRunning", false);
        @SuppressWarnings("unchecked")
        List<String> steps = (List<String>) refused.details().asMap().get("steps");
        assertThat(steps).anySatisfy(step -> assertThat(step).contains("remove the device lock file " + lock));
        assertThat(temp.resolve("after-kill")).as("nothing is created").doesNotExist();
        assertThat(read(lock)).as("the lock is never taken over").isEqualTo(lockBefore);

        // The manual recovery the steps describe: nothing survives, so the lock file is removed.
        Files.delete(lock);
        VideoOutcome recovered = video.start(request(temp.resolve("recovered").toString(), 1));
        assertThat(recovered.result().ok()).as("%s", recovered.result()).isTrue();
        assertThat(awaitTerminal(video, recovered).status().wire()).isIn("complete", "partial");
    }

    @Test
    void aLockDirectoryWithGroupOrOtherPermissionsIsRefused() throws IOException {
        Files.setPosixFilePermissions(lockDirectory, PosixFilePermissions.fromString("rwxr-xr-x"));
        EvidenceVideo video = video(Map.of());
        Path output = temp.resolve("insecure-locks");

        VideoOutcome outcome = video.start(request(output.toString(), 2));

        assertThat(outcome.result().code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(outcome.result().details().asMap()).containsKeys("path", "causeCode", "message", "recovery");
        assertThat(output).doesNotExist();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lockDirectory)))
                .as("no permissions are changed").isEqualTo("rwxr-xr-x");
    }

    // ---- sessions ---------------------------------------------------------------------------

    @Test
    void aManagedBundleIsFoundBySessionIdAndUnknownSessionsAreNotFound() {
        Map<String, String> environment = environment(Map.of());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("evidence-root").toString());
        EvidenceVideo video = new EvidenceVideo(dependencies(environment));
        VideoOutcome started = video.start(request(null, 1));
        assertThat(started.result().ok()).as("%s", started.result()).isTrue();
        assertThat(Path.of(started.result().manifestPath()))
                .isEqualTo(temp.resolve("evidence-root").resolve("bundles").resolve(started.result().sessionId())
                        .resolve("manifest.json"));

        Await.until("status answers complete", FINISH,
                () -> video.status(SessionRef.sessionId(started.result().sessionId()))
                .result().status().equals("complete"));
        awaitWorkerDone(Path.of(started.result().manifestPath()).getParent());

        // "Absolute manifest-path status/stop continues to work after changing or unsetting the root,
        // even if its new value is invalid." Session-ID lookup needs the root holding the bundle.
        String sessionId = started.result().sessionId();
        Map<String, String> unset = new HashMap<>(environment);
        unset.remove("ANDROPERATOR_EVIDENCE_DIR");
        Map<String, String> blank = new HashMap<>(environment);
        blank.put("ANDROPERATOR_EVIDENCE_DIR", "  ");
        Map<String, String> moved = new HashMap<>(environment);
        moved.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("another-root").toString());
        for (Map<String, String> changed : List.of(unset, blank, moved)) {
            EvidenceVideo elsewhere = new EvidenceVideo(dependencies(changed));
            VideoOutcome byPath = elsewhere.status(SessionRef.manifestPath(started.result().manifestPath()));
            assertThat(byPath.result().status()).as("status by path with %s", changed.get("ANDROPERATOR_EVIDENCE_DIR"))
                    .isEqualTo("complete");
            assertThat(byPath.exitCode()).isZero();
            VideoOutcome stoppedByPath = elsewhere.stop(SessionRef.manifestPath(started.result().manifestPath()));
            assertThat(stoppedByPath.result()).as("stop by path with %s", changed.get("ANDROPERATOR_EVIDENCE_DIR"))
                    .isEqualTo(byPath.result());
            assertThat(stoppedByPath.exitCode()).isZero();
        }
        assertThat(new EvidenceVideo(dependencies(blank)).status(SessionRef.sessionId(sessionId)).result().code())
                .as("an invalid root refuses session-ID lookup").isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(new EvidenceVideo(dependencies(moved)).stop(SessionRef.sessionId(sessionId)).result().code())
                .as("another root does not hold the bundle").isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        assertThat(temp.resolve("another-root")).as("lookup creates nothing").doesNotExist();
        assertThat(video.status(SessionRef.sessionId(sessionId)).result().status()).isEqualTo("complete");

        VideoOutcome conflicting = video.status(new SessionRef.ManifestPath(started.result().manifestPath(),
                java.util.Optional.of("other:5555"), java.util.Optional.empty()));
        assertThat(conflicting.result().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(video.status(SessionRef.sessionId("00000000-0000-0000-0000-000000000000")).result().code())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        assertThat(video.stop(SessionRef.sessionId("../escape")).result().code())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        assertThat(video.status(SessionRef.manifestPath("relative/manifest.json")).result().code())
                .isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        Conformance.assertConforms(Path.of(started.result().manifestPath()).getParent());
        ReferenceRules.assertFollowed(Path.of(started.result().manifestPath()).getParent());
    }

    // ---- helpers ----------------------------------------------------------------------------

    private VideoStartCommand request(String outputDir, int seconds) {
        return VideoStartCommand.builder().deviceSerial(serial).operatorPackage(OPERATOR).outputDir(outputDir)
                .durationSeconds(seconds).size(SIZE).label("video test")
                .context(Map.of("commandId", "original-command", "originalVerdict", "failed")).build();
    }

    private EvidenceVideo video(Map<String, String> extra) {
        return new EvidenceVideo(dependencies(environment(extra)));
    }

    private VideoDependencies dependencies(Map<String, String> environment) {
        return VideoDependencies.defaults().withEnvironment(environment).withLockDirectory(lockDirectory)
                .withWorkingDirectory(temp);
    }

    private Map<String, String> environment(Map<String, String> extra) {
        // The toolbox and the shell utilities only: nothing the host has installed is on this PATH.
        Map<String, String> environment = new HashMap<>(toolbox().environment(adb.environment()));
        environment.put("TMPDIR", temp.toString());
        environment.putAll(extra);
        return environment;
    }

    private VideoToolbox toolbox() {
        return VideoToolbox.prepare(temp);
    }

    /**
     * The terminal manifest once the worker is done: it publishes the manifest first, then releases
     * the lock and saves its settled state, and then exits.
     */
    private Manifest awaitTerminal(EvidenceVideo video, VideoOutcome started) {
        Path bundle = Path.of(started.result().manifestPath()).getParent();
        boolean terminal = Await.holdsWithin(FINISH, () -> manifest(bundle).isTerminal());
        assertThat(terminal).as("the worker finalizes %s", bundle).isTrue();
        awaitWorkerDone(bundle);
        return manifest(bundle);
    }

    /** Bounded wait until session.json shows a settled session and its worker process has exited. */
    private static void awaitWorkerDone(Path bundle) {
        Await.until(String.format("the worker of %s has settled its session and exited", bundle), FINISH, () -> {
            SessionFile session = readJson(bundle.resolve("session.json"), SessionFile.class);
            return session.recovery().value().settled()
                    && (session.worker() == null || !new HostProcessIdentity().isRunning(session.worker()));
        });
    }

    private static VideoOutcome stopUntilDone(EvidenceVideo video, VideoOutcome started) {
        VideoOutcome stopped = video.stop(SessionRef.manifestPath(started.result().manifestPath()));
        while (ErrorCodes.COMMAND_TIMEOUT.equals(stopped.result().code())) {
            stopped = video.stop(SessionRef.manifestPath(started.result().manifestPath()));
        }
        return stopped;
    }

    private static Manifest manifest(Path bundle) {
        try {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T readJson(Path file, Class<T> type) {
        try {
            return ContractJson.read(Files.readAllBytes(file), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CapturesFile captures(Path bundle) {
        try {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> dependencies(CommandResult result) {
        return (List<Map<String, Object>>) result.details().asMap().get("dependencies");
    }

    private List<Path> lockFiles() {
        try (Stream<Path> files = Files.list(lockDirectory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".lock")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file of the bundle with its size, hash and modification time. */
    private static Map<String, String> snapshot(Path bundle) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(bundle)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(file);
                files.put(bundle.relativize(file).toString(), bytes.length + ":"
                        + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + ":"
                        + Files.getLastModifiedTime(file).toMillis());
            }
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }
}
