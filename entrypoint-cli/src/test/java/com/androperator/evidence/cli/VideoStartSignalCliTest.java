package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during {@code evidence video start} as a process (fake scrcpy writing real H.264, real
 * ffmpeg, the simulated phone through the real adb server): the start settles, the recording it
 * started is stopped and finalized, the stop's result is printed, and the process exits 130
 * leaving neither a worker nor a recorder behind.
 */
class VideoStartSignalCliTest {
    private static final Duration SETTLE = Duration.ofSeconds(60);
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
        tools = Files.createTempDirectory("cli-video-signal-tools-");
        toolbox = VideoToolbox.prepare(tools);
    }

    @AfterAll
    static void stopPhone() throws IOException {
        try {
            assertThat(VideoToolbox.awaitNoProcessMentions(tools, SETTLE)).isTrue();
        } finally {
            try (Stream<Path> files = Files.walk(tools)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    @BeforeEach
    void hostWithVideoTools() throws IOException {
        environment = toolbox.environment(lab.environment());
        environment.put("TMPDIR", Files.createDirectory(temp.resolve("tmp")).toString());
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    /** A test that failed half-way may leave a recording: stop it, then wait for its processes to go. */
    @AfterEach
    void stopLeftovers() throws IOException {
        Path manifest = temp.resolve("video").resolve("manifest.json");
        if (Files.exists(manifest) && !read(manifest).isTerminal()) {
            new EvidenceVideo(VideoDependencies.defaults().withEnvironment(environment).withWorkingDirectory(temp))
                    .stop(SessionRef.manifestPath(manifest.toString()));
        }
        assertThat(VideoToolbox.awaitNoProcessMentions(temp, SETTLE)).isTrue();
    }

    @Test
    void ctrlCDuringStartLetsItSettleThenStopsTheRecordingAndExits130() throws Exception {
        Path bundle = temp.resolve("video");
        int from = lab.simulator().receivedServices().size();
        CliProcess.Started start = cli.start("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "60", "--size", "324x720");
        // The start reads the display before it claims the device and launches the worker.
        assertThat(lab.simulator().awaitService(s -> s.contains("wm size"), from, SETTLE)).isNotNull();

        long signalled = System.nanoTime();
        assertThat(start.signal("INT")).isTrue();
        CliProcess.Run run = start.awaitExit();
        System.out.printf("SIGINT during video start: %d ms to a stopped recording and exit%n",
                (System.nanoTime() - signalled) / 1_000_000L);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(130);
        assertThat(run.stderr()).contains("androperator: SIGINT: the start settles first");
        assertThat(run.stdout().lines()).hasSize(1);
        CommandResult result = ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        // The stop waits up to 15 s for finalization; a slow host may still be finalizing then.
        Await.until("the manifest is terminal", SETTLE, () -> read(bundle.resolve("manifest.json")).isTerminal());
        Manifest manifest = read(bundle.resolve("manifest.json"));
        assertThat(manifest.video().stopReason()).as("stop reason; errors: %s", manifest.errors())
                .isEqualTo(StopReason.REQUESTED);
        assertThat(VideoToolbox.awaitNoProcessMentions(bundle, SETTLE)).as("no worker or recorder is left").isTrue();
        Conformance.assertConforms(bundle);
    }

    private static Manifest read(Path manifest) {
        try {
            return ContractJson.read(Files.readAllBytes(manifest), Manifest.class);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
