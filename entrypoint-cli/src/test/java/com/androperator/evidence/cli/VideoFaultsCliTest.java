package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.video.SessionFile;
import com.androperator.evidence.adapters.media.video.MatroskaDamage;
import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What goes wrong around a recording, through {@code androperator evidence video} processes and
 * their real detached worker: a capture file damaged or cut short before finalization (the fake
 * scrcpy holds its finished file until the test has damaged it), a worker killed with SIGKILL, a
 * disk that fills during finalization ({@code ulimit -S -f}), and a blank ANDROPERATOR_EVIDENCE_DIR.
 * Every wait is for an observable state (files, process table); none is a sleep.
 */
class VideoFaultsCliTest {
    /** Bounds every wait for a state; a safety net, not a timing assertion. */
    private static final Duration SETTLE = Duration.ofSeconds(60);
    /** 12 s of frames at 30 fps: three clusters, so that one can be removed from the middle. */
    private static final int FRAMES = 360;

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static VideoToolbox toolbox;
    private static Path tools;

    @TempDir
    Path temp;
    private Map<String, String> environment;
    private CliProcess cli;

    @BeforeAll
    static void startPhone() throws IOException {
        tools = Files.createTempDirectory("cli-video-faults-");
        toolbox = VideoToolbox.prepare(tools);
    }

    @AfterAll
    static void stopPhone() throws IOException {
        try {
            assertThat(VideoToolbox.awaitNoProcessMentions(tools, SETTLE)).as("nothing of this class outlives it")
                    .isTrue();
        } finally {
            if (lab != null) {
            }
            VideoToolbox.deleteTree(tools);
        }
    }

    @BeforeEach
    void hostWithVideoTools() throws IOException {
        environment = toolbox.environment(lab.environment());
        environment.put("TMPDIR", Files.createDirectory(temp.resolve("tmp")).toString());
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    @AfterEach
    void stopLeftovers() throws IOException {
        Files.createDirectories(temp.resolve("hold"));
        Files.writeString(temp.resolve("hold").resolve("resume"), "");
        VideoToolbox.stopUnfinishedSessions(temp, 4, environment);
        assertThat(VideoToolbox.awaitNoProcessMentions(temp, SETTLE)).as("every worker and recorder has ended").isTrue();
    }

    // ---- damaged recordings -------------------------------------------------------------------

    /**
     * Each kind of damage to the finished capture file, done after the recorder wrote its trailer
     * and before the worker inspects it: the bundle is never complete (partial while a frame
     * decodes, failed when none does), the damaged MKV is kept with its hash as partial evidence,
     * the inspector's findings and bounded stderr are kept in captures.json, and the bundle conforms.
     */
    @ParameterizedTest
    @EnumSource(MatroskaDamage.Kind.class)
    void aDamagedCaptureFileEndsPartialWithTheSourceAndTheInspectorsDiagnosticsKept(MatroskaDamage.Kind kind)
            throws Exception {
        Path bundle = temp.resolve("damaged");
        Recorded recorded = recordAndHold(bundle);
        String what = MatroskaDamage.of(recorded.source()).apply(kind);
        String damagedSha256 = sha256(recorded.source());

        CommandResult outcome = resumeAndFinish(recorded);

        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).as("%s: %s", what, manifest.errors())
                .as("the kept capture.partial.mkv is a video file").isEqualTo("partial");
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(outcome.message()).contains("damaged or ends early");
        Artifact source = manifest.artifacts().stream().filter(a -> "capture.partial.mkv".equals(a.path()))
                .findFirst().orElseThrow();
        assertThat(source.kind()).isEqualTo(ArtifactKind.VIDEO);
        assertThat(source.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(source.path()).isEqualTo("capture.partial.mkv");
        assertThat(source.sha256()).as("the damaged bytes are what is kept").isEqualTo(damagedSha256);
        assertThat(source.error().message()).contains("damaged or ends early");
        assertThat(bundle.resolve("capture.partial.mkv")).exists();
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO)
                .allSatisfy(clip -> assertThat(clip.status()).isNotEqualTo(ArtifactStatus.COMPLETE));
        assertThat(bundle.resolve("video.mp4")).doesNotExist();
        Map<String, Object> inspection = sourceInspection(bundle);
        assertThat(inspection).containsEntry("verdict", "damaged");
        assertThat((List<?>) inspection.get("findings")).isNotEmpty();
        @SuppressWarnings("unchecked")
        Map<String, Object> decoder = (Map<String, Object>) inspection.get("decoder");
        assertThat(((String) decoder.get("stderr")).length()).isLessThanOrEqualTo(16 * 1024);
        Conformance.assertConforms(bundle);
        CliProcess.Run status = cli.run("evidence", "video", "status", "--session", bundle.resolve("manifest.json").toString());
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(1);
        System.out.printf("finalization of a %d-frame recording with %s: %d ms (%s)%n", FRAMES, kind,
                finalizationMillis(bundle), what);
    }

    /** The same recording, held and resumed without damage: complete, and the source is removed. */
    @Test
    void anUndamagedCaptureFileStillEndsComplete() throws Exception {
        Path bundle = temp.resolve("whole");
        Recorded recorded = recordAndHold(bundle);

        CommandResult outcome = resumeAndFinish(recorded);

        assertThat(outcome.status()).as("%s", outcome).isEqualTo("complete");
        assertThat(bundle.resolve("video.mp4")).exists();
        assertThat(bundle.resolve("capture.partial.mkv")).doesNotExist();
        assertThat(sourceInspection(bundle)).containsEntry("verdict", "intact");
        Conformance.assertConforms(bundle);
        System.out.printf("finalization of a %d-frame recording, undamaged: %d ms%n", FRAMES, finalizationMillis(bundle));
    }

    // ---- a worker killed mid-recording --------------------------------------------------------

    @Test
    void aKilledWorkerTakesItsRecorderAlongAndAStartOnTheDeviceRequiresRecoveryUntilTheLockIsRemoved()
            throws Exception {
        Path bundle = temp.resolve("orphaned");
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                bundle.toString(), "--duration-seconds", "60", "--size", "324x720");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        Await.until("session.json names its recorder", SETTLE, () -> session(bundle).recorder() != null);
        assertThat(toolbox.awaitEncodedFrames(bundle, 10, SETTLE)).isTrue();
        SessionFile session = session(bundle);
        ProcessHandle worker = ProcessHandle.of(session.worker().pid()).orElseThrow();
        ProcessHandle recorder = ProcessHandle.of(session.recorder().pid()).orElseThrow();
        List<ProcessHandle> media = new ArrayList<>(recorder.descendants().toList());
        media.add(recorder);

        try {
            worker.destroyForcibly();
            worker.onExit().get();

            Await.until(String.format("the fake scrcpy and its ffmpeg encoder and muxer end with the worker: %s", media), SETTLE,
                    () -> media.stream().noneMatch(ProcessHandle::isAlive));
            // Until its heartbeat is stale (3 s) the dead worker still vouches for the session; status follows that state.
            String manifestPath = bundle.resolve("manifest.json").toString();
            Await.until("evidence video status answers EVIDENCE_RECOVERY_REQUIRED", SETTLE,
                    () -> ErrorCodes.EVIDENCE_RECOVERY_REQUIRED.equals(
                    result(cli.run("evidence", "video", "status", "--session", manifestPath)).code()));
            Path second = temp.resolve("second");
            CliProcess.Run refused = cli.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                    second.toString(), "--duration-seconds", "2");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
            CommandResult result = result(refused);
            assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
            Path lock = Path.of(session.lockPath());
            assertThat(result.message()).contains(lock.toString()).doesNotContain("wait for it to finish");
            assertThat(result.details().asMap()).containsEntry("recoveryRequired", true).containsEntry("lockPath", lock.toString())
                    .containsEntry("sessionPath", bundle.resolve("session.json").toString())
                    .containsEntry("workerRunning", false).containsEntry("recorderRunning", false);
            assertThat(second).as("nothing is created").doesNotExist();
            assertThat(lock).as("the lock is never taken over").exists();
            CliProcess.Run status = cli.run("evidence", "video", "status", "--session", bundle.resolve("manifest.json").toString());
            assertThat(status.exitCode()).isEqualTo(1);
            assertThat(result(status).code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);

            // The recovery the steps describe: no recorder survives, so the lock file goes, and the device records again.
            Files.delete(lock);
            CliProcess.Run again = cli.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                    second.toString(), "--duration-seconds", "1", "--size", "324x720");
            assertThat(again.exitCode()).as(again.toString()).isZero();
            Await.until("the second bundle's manifest is terminal", SETTLE, () -> manifest(second).isTerminal());
        } finally {
            VideoToolbox.removeLockOf(Path.of(session.lockPath()), bundle);
        }
    }

    // ---- a disk that fills during finalization ------------------------------------------------

    /**
     * The worker inherits a soft 16 KiB file-size limit (the fake scrcpy lifts it for itself, so the
     * recording completes): the clip encode meets it. Status names EFBIG, and so does session.json.
     */
    @Test
    void aFileSizeLimitMetDuringFinalizationIsNamedInStatusAndInTheSessionState() throws Exception {
        environment.put("FAKE_SCRCPY_UNLIMITED_FILES", "1");
        CliProcess limited = new CliProcess(environment, temp.resolve("scratch")).withSoftFileSizeLimitKiB(16);
        Path bundle = temp.resolve("limited");

        CliProcess.Run start = limited.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                bundle.toString(), "--duration-seconds", "4", "--size", "324x720");

        assertThat(start.exitCode()).as(start.toString()).isZero();
        Await.until("the manifest is terminal and the session settled", SETTLE, () -> manifest(bundle).isTerminal()
                && session(bundle).recovery().value().settled());
        CliProcess.Run status = cli.run("evidence", "video", "status", "--session", bundle.resolve("manifest.json").toString());
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(1);
        CommandResult result = result(status);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.message()).contains("STORAGE_FAILED", "File too large, EFBIG");
        assertThat(manifest(bundle).errors()).anySatisfy(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
            assertThat(error.message()).contains("EFBIG");
        });
        assertThat(session(bundle).recovery().reason()).startsWith("finalization ran out of storage: EFBIG");
        assertThat(bundle.resolve("capture.partial.mkv")).as("the source is kept").exists();
        Conformance.assertConforms(bundle);
    }

    // ---- ANDROPERATOR_EVIDENCE_DIR ------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t", "  \t  "})
    void aBlankEvidenceDirectoryIsRefusedBeforeAnythingIsCreatedAlsoWithAnOutputDirectory(String blank)
            throws IOException {
        environment.put("ANDROPERATOR_EVIDENCE_DIR", blank);
        Path bundle = temp.resolve("never");
        Path lock = lockOf(lab.serial());
        assertThat(lock).doesNotExist();
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = new CliProcess(environment, temp.resolve("scratch")).run("evidence", "video", "start",
                "--device", lab.serial(), "--output-dir", bundle.toString(), "--duration-seconds", "2");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).contains("ANDROPERATOR_EVIDENCE_DIR");
        assertThat(result.hint()).contains("even with an explicit output directory");
        assertThat(bundle).doesNotExist();
        assertThat(lock).as("no device lock is taken").doesNotExist();
        assertThat(lab.simulator().receivedServices()).as("no device work either").hasSize(services);
    }

    /** A valid root is only checked for an explicit output directory: nothing is created under it. */
    @Test
    void aValidEvidenceDirectoryIsNotUsedForAnExplicitOutputDirectory() {
        Path root = temp.resolve("unused-root");
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        Path bundle = temp.resolve("explicit");

        CliProcess.Run start = new CliProcess(environment, temp.resolve("scratch")).run("evidence", "video", "start",
                "--device", lab.serial(), "--output-dir", bundle.toString(), "--duration-seconds", "1", "--size", "324x720");

        assertThat(start.exitCode()).as(start.toString()).isZero();
        Await.until("the manifest is terminal", SETTLE, () -> manifest(bundle).isTerminal());
        assertThat(root).doesNotExist();
    }

    // ---- helpers ----------------------------------------------------------------------------

    /** A started recording whose finished capture file the fake holds; {@code stop} is its pending stop. */
    private record Recorded(Path bundle, Path source, Path hold, CompletableFuture<CliProcess.Run> stop) {
    }

    /**
     * Starts a recording that encodes {@link #FRAMES} frames at once, stops it once they exist, and
     * returns when the fake has written its trailer and holds the file.
     */
    private Recorded recordAndHold(Path bundle) throws IOException {
        Path hold = Files.createDirectories(temp.resolve("hold"));
        Files.deleteIfExists(hold.resolve("resume"));
        environment.put("FAKE_SCRCPY_HOLD_DIR", hold.toString());
        environment.put("FAKE_SCRCPY_FAST", "1");
        environment.put("FAKE_SCRCPY_SIZES", "324x720:" + FRAMES);
        CliProcess recording = new CliProcess(environment, temp.resolve("scratch"));
        CliProcess.Run start = recording.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                bundle.toString(), "--duration-seconds", "60", "--size", "324x720");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        assertThat(toolbox.awaitEncodedFrames(bundle, FRAMES, SETTLE)).isTrue();
        CompletableFuture<CliProcess.Run> stop = CompletableFuture.supplyAsync(() -> recording.run("evidence", "video",
                "stop", "--session", bundle.resolve("manifest.json").toString()));
        Await.until("the fake finished its file", SETTLE, () -> Files.exists(hold.resolve("muxed")));
        Path source = Path.of(Files.readString(hold.resolve("muxed")).strip());
        assertThat(source).isEqualTo(bundle.resolve("control").resolve("capture.partial.mkv"));
        return new Recorded(bundle, source, hold, stop);
    }

    /** Lets the fake exit, and returns the session's terminal outcome (stop's, or status's after a pending stop). */
    private CommandResult resumeAndFinish(Recorded recorded) throws Exception {
        Files.writeString(recorded.hold().resolve("resume"), "");
        CliProcess.Run stop = recorded.stop().get();
        CommandResult stopped = result(stop);
        String manifestPath = recorded.bundle().resolve("manifest.json").toString();
        if (ErrorCodes.COMMAND_TIMEOUT.equals(stopped.code())) {
            Await.until("the manifest is terminal", SETTLE, () -> manifest(recorded.bundle()).isTerminal());
            stopped = result(cli.run("evidence", "video", "status", "--session", manifestPath));
        }
        assertThat(stop.exitCode()).isEqualTo(stopped.ok() ? 0 : 1);
        return stopped;
    }

    /** The worker's own measure of finalization: captures.json's persistence timing of the recorder record. */
    private static long finalizationMillis(Path bundle) {
        return recorderRecord(bundle).persistence().durationMs();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> sourceInspection(Path bundle) {
        return (Map<String, Object>) recorderRecord(bundle).details().asMap().get("sourceInspection");
    }

    private static VideoCaptureRecord recorderRecord(Path bundle) {
        return VideoToolbox.readJson(bundle.resolve("captures.json"), CapturesFile.class).videoRecords().get(0);
    }

    /** The device lock a start on {@code serial} would take in the fixed per-user directory. */
    private static Path lockOf(String serial) throws IOException {
        try {
            return Path.of("/tmp", "androperator-evidence-locks-" + Files.getAttribute(Path.of("/proc/self"), "unix:uid"))
                    .resolve("device-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(serial.getBytes(StandardCharsets.UTF_8))) + ".lock");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static SessionFile session(Path bundle) {
        return VideoToolbox.readJson(bundle.resolve("session.json"), SessionFile.class);
    }

    private static Manifest manifest(Path bundle) {
        return VideoToolbox.readJson(bundle.resolve("manifest.json"), Manifest.class);
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }
}
