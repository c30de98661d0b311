package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.domain.video.HostDependencyReport;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.Await;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code androperator doctor} and {@code androperator evidence video start|status|stop} as processes,
 * exactly as a user runs them: a real recording of the simulated phone through the real adb server,
 * with the fake scrcpy and the real ffmpeg/ffprobe 6.1.1 on the PATH the command (and so its
 * detached worker) gets, the fixed per-user lock directory, and the spec's own checks of the result
 * (ffprobe -show_streams, evidence verify).
 */
class VideoCliEndToEndTest {
    /** Bounds every wait for a state; a safety net, not a timing assertion. */
    private static final Duration SETTLE = Duration.ofSeconds(45);
    /** The file that releases a held clip encode (see VideoToolbox.clipEncodeGate). */
    private static final String RELEASE = "release-encodes";

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static VideoToolbox toolbox;

    private static Path tools;

    @TempDir
    Path temp;
    private CliProcess cli;
    private Map<String, String> environment;

    @BeforeAll
    static void startPhone() throws IOException {
        tools = Files.createTempDirectory("cli-video-tools-");
        toolbox = VideoToolbox.prepare(tools);
    }

    @AfterAll
    static void stopPhone() throws IOException {
        try {
            assertThat(VideoToolbox.awaitNoProcessMentions(tools, SETTLE))
                    .as("no fake scrcpy of this class outlives it").isTrue();
        } finally {
            if (lab != null) {
            }
            // Deleted by hand: the links point at the shared ffmpeg, which stays.
            VideoToolbox.deleteTree(tools);
        }
    }

    @BeforeEach
    void hostWithVideoTools() throws IOException {
        environment = toolbox.environment(lab.environment());
        // The fake scrcpy makes its fifo here, inside the test's directory.
        environment.put("TMPDIR", Files.createDirectory(temp.resolve("tmp")).toString());
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    /**
     * A test that failed half-way may leave a recording running: stop it through the API, then wait
     * until no worker, recorder or muxer still names this test's directory.
     */
    @AfterEach
    void stopLeftovers() throws IOException {
        Files.writeString(temp.resolve(RELEASE), "");
        VideoToolbox.stopUnfinishedSessions(temp, 4, environment);
        assertThat(VideoToolbox.awaitNoProcessMentions(temp, Duration.ofSeconds(60)))
                .as("every worker and recorder of this test has ended").isTrue();
    }

    // ---- doctor -------------------------------------------------------------------------------

    @Test
    void doctorPassesWithTheToolsOnPathAndOnlyWarnsWithoutScrcpy() {
        CliProcess.Run passing = cli.run("doctor", "--device", lab.serial());
        assertThat(passing.exitCode()).as(passing.toString()).isZero();
        Map<String, Object> check = onlyCheck(passing);
        assertThat(check).containsEntry("id", "host.video.dependencies").containsEntry("status", "pass")
                .containsEntry("advisory", true);

        CliProcess withoutScrcpy = new CliProcess(toolbox.environmentWithoutScrcpy(lab.environment()), temp.resolve("scratch"));
        CliProcess.Run warning = withoutScrcpy.run("doctor", "--device", lab.serial(), "--fix");
        assertThat(warning.exitCode()).as("advisory: %s", warning).isZero();
        check = onlyCheck(warning);
        assertThat(check).containsEntry("id", "host.video.dependencies").containsEntry("status", "warn")
                .containsEntry("advisory", true);
        assertThat((String) check.get("message")).contains("scrcpy");
        assertThat(dependencies(check.get("details"))).extracting(d -> d.get("dependency") + "/" + d.get("reason"))
                .containsExactly("scrcpy/missing");
        assertThat((String) check.get("hint")).contains("androperator doctor --device " + lab.serial());
        assertThat(tools.resolve("video-toolbox-without-scrcpy").toFile().list())
                .as("nothing is installed").containsExactlyInAnyOrder("ffmpeg", "ffprobe", "adb");
    }

    // ---- a recording ------------------------------------------------------------------------

    @Test
    void aRecordingStartedAsInTheSpecExampleEndsCompleteAndChecksOutAsTheSpecSays() throws IOException {
        Path bundle = temp.resolve("video");
        // The spec's own example, without --operator-package: video records through scrcpy only.
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "2");

        assertThat(start.exitCode()).as(start.toString()).isZero();
        assertThat(start.stdout().lines()).hasSize(1);
        CommandResult started = result(start);
        assertThat(started.ok()).isTrue();
        assertThat(started.status()).isEqualTo("recording");
        assertThat(started.sessionId()).isNotBlank();
        String manifestPath = bundle.resolve("manifest.json").toString();
        assertThat(started.manifestPath()).isEqualTo(manifestPath);

        CliProcess.Run status = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(result(status).status()).isIn("recording", "finalizing", "complete");
        assertThat(result(status).sessionId()).isEqualTo(started.sessionId());
        CliProcess.Run sameDevice = cli.run("evidence", "video", "status", "--session", manifestPath,
                "--device", lab.serial());
        assertThat(sameDevice.exitCode()).as("the saved device may be repeated: %s", sameDevice).isZero();

        CommandResult stopped = stopUntilComplete(manifestPath);
        assertThat(stopped.ok()).isTrue();
        assertThat(stopped.status()).isEqualTo("complete");
        assertThat(stopped.sessionId()).isEqualTo(started.sessionId());
        assertThat(stopped.manifestPath()).isEqualTo(manifestPath);

        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.evidenceId()).isEqualTo(started.sessionId());
        assertThat(manifest.device().serial()).isEqualTo(lab.serial());
        assertThat(manifest.device().operatorPackage()).isNull();
        assertThat(manifest.video().requestedDurationSeconds()).isEqualTo(2);
        assertThat(manifest.video().stopReason()).isIn(StopReason.REQUESTED, StopReason.DURATION_CAP);
        // The sample phone is 1080x2400: by default the longest edge becomes 1280.
        assertThat(manifest.video().requestedSize().width() + "x" + manifest.video().requestedSize().height())
                .isEqualTo("576x1280");
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO).extracting(a -> a.path())
                .containsExactly("video.mp4");
        Conformance.assertConforms(bundle);

        // The spec's own check of the media, with the ffprobe the user put on PATH.
        ProcessOutput probe = run(List.of("ffprobe", "-v", "error", "-show_streams", bundle.resolve("video.mp4").toString()));
        assertThat(probe.exitCode()).as(probe.toString()).isZero();
        assertThat(probe.stderr()).isEmpty();
        assertThat(probe.stdout()).contains("[STREAM]", "codec_name=h264", "width=576", "height=1280");

        CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
        assertThat(verify.exitCode()).as(verify.toString()).isZero();

        // Repeated stop and status return the same outcome and change no file.
        assertThat(VideoToolbox.awaitNoProcessMentions(bundle, SETTLE)).as("the worker has exited").isTrue();
        Map<String, String> before = snapshot(bundle);
        CliProcess.Run again = cli.run("evidence", "video", "stop", "--session", manifestPath);
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(result(again)).isEqualTo(stopped);
        CliProcess.Run finalStatus = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(finalStatus.exitCode()).as(finalStatus.toString()).isZero();
        assertThat(result(finalStatus)).isEqualTo(stopped);
        assertThat(snapshot(bundle)).isEqualTo(before);
    }

    @Test
    void aSecondStartOnTheRecordingDeviceIsRefusedAndStopEndsTheFirst() {
        Path first = temp.resolve("first");
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", first.toString(), "--duration-seconds", "60",
                "--size", "324x720", "--label", "first", "--context-json", "{\"commandId\":\"c1\"}");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        String manifestPath = result(start).manifestPath();

        Path second = temp.resolve("second");
        CliProcess.Run busy = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", second.toString(), "--duration-seconds", "2");
        assertThat(busy.exitCode()).as(busy.toString()).isEqualTo(1);
        CommandResult refused = result(busy);
        assertThat(refused.ok()).isFalse();
        assertThat(refused.code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        assertThat(refused.details().asMap()).containsEntry("sessionId", result(start).sessionId())
                .containsEntry("manifestPath", manifestPath);
        assertThat(second).doesNotExist();

        CliProcess.Run otherDevice = cli.run("evidence", "video", "status", "--session", manifestPath,
                "--device", "emulator-5554");
        assertThat(otherDevice.exitCode()).as(otherDevice.toString()).isEqualTo(1);
        assertThat(result(otherDevice).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        CliProcess.Run otherOperator = cli.run("evidence", "video", "stop", "--session", manifestPath,
                "--operator-package", "com.example.other");
        assertThat(otherOperator.exitCode()).as(otherOperator.toString()).isEqualTo(1);
        assertThat(result(otherOperator).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        CliProcess.Run stillRecording = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(stillRecording.exitCode()).as("a refused stop stops nothing: %s", stillRecording).isZero();
        assertThat(result(stillRecording).status()).isIn("starting", "recording");

        CommandResult stopped = stopUntilComplete(manifestPath);
        assertThat(stopped.status()).isEqualTo("complete");
        Manifest manifest = manifest(first);
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.REQUESTED);
        assertThat(manifest.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
        assertThat(manifest.label()).isEqualTo("first");
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("commandId", "c1"));
        Conformance.assertConforms(first);
    }

    @Test
    void aStopThatOutwaitsFinalizationIsPendingAndStatusFollowsTheSessionToComplete() throws IOException {
        // This host's ffmpeg holds every clip encode until the test releases it.
        Path release = temp.resolve(RELEASE);
        Path gated = VideoToolbox.clipEncodeGate(temp.resolve("gated-ffmpeg"), release, temp.resolve("never"));
        Map<String, String> held = new HashMap<>(environment);
        held.put("PATH", gated + ":" + environment.get("PATH"));
        cli = new CliProcess(held, temp.resolve("scratch"));
        Path bundle = temp.resolve("video");
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "30", "--size", "324x720");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        String manifestPath = result(start).manifestPath();

        CliProcess.Run stop = cli.run("evidence", "video", "stop", "--session", manifestPath);
        assertThat(stop.exitCode()).as("pending: %s", stop).isEqualTo(1);
        CommandResult pending = result(stop);
        assertThat(pending.ok()).isFalse();
        assertThat(pending.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(pending.status()).isEqualTo("finalizing");
        assertThat(pending.sessionId()).isEqualTo(result(start).sessionId());
        assertThat(pending.manifestPath()).isEqualTo(manifestPath);
        assertThat(pending.message()).contains("evidence video status");
        CliProcess.Run finalizing = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(finalizing.exitCode()).as("finalizing is found: %s", finalizing).isZero();
        assertThat(result(finalizing).status()).isEqualTo("finalizing");
        assertThat(bundle.resolve("video.mp4")).as("nothing unverified is published").doesNotExist();

        Files.writeString(release, "");
        CommandResult[] last = new CommandResult[1];
        Await.until(() -> "the session completes: " + last[0], SETTLE, () -> {
            CliProcess.Run status = cli.run("evidence", "video", "status", "--session", manifestPath);
            last[0] = result(status);
            assertThat(status.exitCode()).as("%s", status).isZero();
            return "complete".equals(last[0].status());
        });
        assertThat(manifest(bundle).video().stopReason()).isEqualTo(StopReason.REQUESTED);
        Conformance.assertConforms(bundle);
        CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
        assertThat(verify.exitCode()).as(verify.toString()).isZero();
    }

    @Test
    void aRecorderThatFailsToStartMakesStartExitOneWithAFailedManifestAndFreesTheDevice() throws IOException {
        // As scrcpy does when the device is gone: it exits 1 before it opens its record file.
        Map<String, String> noDevice = new HashMap<>(environment);
        noDevice.put("FAKE_SCRCPY_FAIL_START", "1");
        CliProcess failing = new CliProcess(noDevice, temp.resolve("scratch"));
        Path bundle = temp.resolve("video");
        CliProcess.Run start = failing.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "5", "--size", "324x720");

        assertThat(start.exitCode()).as("a startup failure exits 1: %s", start).isEqualTo(1);
        CommandResult failed = result(start);
        assertThat(failed.ok()).isFalse();
        assertThat(failed.status()).isEqualTo("failed");
        assertThat(failed.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(failed.message()).contains("before it opened its capture file");
        assertThat(failed.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        assertThat(failed.sessionId()).isNotBlank();
        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).isEqualTo("failed");
        assertThat(manifest.video().stopReason()).isEqualTo(StopReason.STARTUP_FAILURE);
        assertThat(Files.readString(bundle.resolve("encoder.stderr.txt"))).contains("Could not find any ADB device");
        Conformance.assertConforms(bundle);
        CliProcess.Run status = cli.run("evidence", "video", "status", "--session", failed.manifestPath());
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(1);
        assertThat(result(status).status()).isEqualTo("failed");
        CliProcess.Run stop = cli.run("evidence", "video", "stop", "--session", failed.manifestPath());
        assertThat(stop.exitCode()).as(stop.toString()).isEqualTo(1);
        assertThat(result(stop)).isEqualTo(result(status));

        // No recorder runs any more, so the lock was released: the device records again.
        Path next = temp.resolve("next");
        CliProcess.Run again = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", next.toString(), "--duration-seconds", "1", "--size", "324x720");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(stopUntilComplete(result(again).manifestPath()).status()).isEqualTo("complete");
    }

    // ---- refusals ---------------------------------------------------------------------------

    @Test
    void withoutScrcpyOnPathStartIsRefusedBeforeAnythingIsCreated() {
        CliProcess withoutScrcpy = new CliProcess(toolbox.environmentWithoutScrcpy(lab.environment()), temp.resolve("scratch"));
        Path bundle = temp.resolve("video");
        CliProcess.Run run = withoutScrcpy.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "2");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(result.message()).contains("scrcpy");
        assertThat(result.details().asMap()).containsEntry("capability", "video-recording")
                .containsEntry("docsUrl", HostDependencyReport.DOCS_URL);
        List<Map<String, Object>> dependencies = dependencies(result.details().asMap());
        assertThat(dependencies).extracting(d -> d.get("dependency") + "/" + d.get("reason"))
                .containsExactly("scrcpy/missing");
        assertThat(dependencies.get(0).get("requirement")).asString().contains("scrcpy 3.0");
        assertThat(result.hint()).contains("PATH").contains("brew install scrcpy ffmpeg")
                .contains("androperator doctor --device " + lab.serial());
        assertThat(bundle).doesNotExist();

        // No lock was taken either: with scrcpy back on PATH the device records.
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "1", "--size", "324x720");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        assertThat(stopUntilComplete(result(start).manifestPath()).status()).isEqualTo("complete");
    }

    static Stream<Arguments> invalidStarts() {
        return Stream.of(
                Arguments.of("duration 0", List.of("--duration-seconds", "0"), "--duration-seconds"),
                Arguments.of("duration 181", List.of("--duration-seconds", "181"), "--duration-seconds"),
                Arguments.of("duration abc", List.of("--duration-seconds", "abc"), "--duration-seconds"),
                Arguments.of("odd width", List.of("--duration-seconds", "2", "--size", "1081x2400"), "--size"),
                // 1080x2400 is 0.45; 328x720 is 0.4556, 1.2% off.
                Arguments.of("off the aspect ratio by over 1%", List.of("--duration-seconds", "2", "--size", "328x720"),
                        "--size"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidStarts")
    void invalidStartOptionsAreRefusedBeforeAnythingIsCreated(String name, List<String> options, String option)
            throws IOException {
        Path bundle = temp.resolve("video");
        List<String> args = new ArrayList<>(List.of("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString()));
        args.addAll(options);
        CliProcess.Run run = cli.run(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).contains(option);
        assertThat(bundle).doesNotExist();
        try (Stream<Path> left = Files.list(temp)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("nothing was created")
                    .containsExactlyInAnyOrder("tmp", "scratch");
        }
    }

    @Test
    void anUnknownSessionIsNotFound() {
        for (List<String> bogus : List.of(List.of("status", temp.resolve("nothing/manifest.json").toString()),
                List.of("stop", temp.resolve("manifest.json").toString()), List.of("status", "relative/manifest.json"))) {
            CliProcess.Run run = cli.run("evidence", "video", bogus.get(0), "--session", bogus.get(1));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(result(run).code()).as("%s", bogus).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        }
    }

    // ---- helpers ----------------------------------------------------------------------------

    /**
     * {@code stop}: exit 0 and complete, or exit 1 pending (COMMAND_TIMEOUT, still recording or
     * finalizing); then {@code status} is polled, bounded, until the session is complete.
     */
    private CommandResult stopUntilComplete(String manifestPath) {
        // Stopped once it holds frames: a stop before the first frame is a legitimately failed recording.
        assertThat(toolbox.awaitEncodedFrames(Path.of(manifestPath).getParent(), 10, SETTLE)).isTrue();
        CliProcess.Run stop = cli.run("evidence", "video", "stop", "--session", manifestPath);
        CommandResult stopped = result(stop);
        if (stop.exitCode() == 0) {
            assertThat(stopped.ok()).isTrue();
            assertThat(stopped.status()).isEqualTo("complete");
            return stopped;
        }
        assertThat(stop.exitCode()).as(stop.toString()).isEqualTo(1);
        assertThat(stopped.code()).as(stop.toString()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(stopped.status()).isIn("recording", "finalizing");
        CommandResult[] last = new CommandResult[1];
        Await.until(() -> "the session completes after a pending stop: " + last[0], SETTLE, () -> {
            CliProcess.Run status = cli.run("evidence", "video", "status", "--session", manifestPath);
            last[0] = result(status);
            assertThat(status.exitCode()).as("a pending session is still found: %s", status).isZero();
            return "complete".equals(last[0].status());
        });
        return last[0];
    }

    private static Map<String, Object> onlyCheck(CliProcess.Run run) {
        Map<?, ?> report = ContractJson.mapper().readValue(run.stdout(), Map.class);
        List<?> checks = (List<?>) report.get("checks");
        assertThat(checks).hasSize(1);
        @SuppressWarnings("unchecked")
        Map<String, Object> check = (Map<String, Object>) checks.get(0);
        return check;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> dependencies(Object details) {
        return (List<Map<String, Object>>) ((Map<String, Object>) details).get("dependencies");
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    private static Manifest manifest(Path bundle) {
        try {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record ProcessOutput(int exitCode, String stdout, String stderr) {
    }

    /** A host command with the test's environment (the user's PATH), output kept apart. */
    private ProcessOutput run(List<String> command) {
        try {
            Path out = Files.createTempFile(temp.resolve("scratch"), "out-", ".txt");
            Path err = Files.createTempFile(temp.resolve("scratch"), "err-", ".txt");
            // The executable is looked up on the child's PATH, as a shell would.
            List<String> line = new ArrayList<>(List.of("/usr/bin/env"));
            line.addAll(command);
            ProcessBuilder builder = new ProcessBuilder(line).redirectInput(new File("/dev/null"))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException(command + " hung");
            }
            return new ProcessOutput(process.exitValue(), Files.readString(out), Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every file of the bundle with its size, sha256 and modification time. */
    private static Map<String, String> snapshot(Path bundle) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(bundle)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(file);
                files.put(bundle.relativize(file).toString(), bytes.length + ":"
                        + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + ":"
                        + Files.getLastModifiedTime(file).toMillis());
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }
}
