package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progress while a video finalizes, through {@code androperator} processes, the simulated phone,
 * the fake scrcpy and real ffmpeg: this host's ffmpeg holds the clip encode
 * ({@link VideoToolbox#clipEncodeGate}) so that the session stays finalizing, with the source
 * inspected and nothing encoded, for as long as the test needs.
 */
class VideoProgressCliTest {
    private static final Duration SETTLE = Duration.ofSeconds(45);

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path tools;
    private static VideoToolbox toolbox;

    @TempDir
    Path temp;
    private Map<String, String> environment;
    private Path release;
    private CliProcess cli;

    @BeforeAll
    static void startPhone() throws IOException {
        tools = Files.createTempDirectory("cli-progress-tools-");
        toolbox = VideoToolbox.prepare(tools);
    }

    @AfterAll
    static void stopPhone() throws IOException {
        try {
            assertThat(VideoToolbox.awaitNoProcessMentions(tools, SETTLE)).as("no recorder outlives the class").isTrue();
        } finally {
            if (lab != null) {
            }
            VideoToolbox.deleteTree(tools);
        }
    }

    @BeforeEach
    void hostWithHeldEncodes() throws IOException {
        environment = toolbox.environment(lab.environment());
        environment.put("TMPDIR", Files.createDirectory(temp.resolve("tmp")).toString());
        release = temp.resolve("release-encodes");
        Path gated = VideoToolbox.clipEncodeGate(temp.resolve("gated-ffmpeg"), release, temp.resolve("never"));
        Map<String, String> held = new HashMap<>(environment);
        held.put("PATH", gated + ":" + environment.get("PATH"));
        cli = new CliProcess(held, Files.createDirectory(temp.resolve("scratch")));
    }

    @AfterEach
    void stopLeftovers() throws IOException {
        Files.writeString(release, "");
        VideoToolbox.stopUnfinishedSessions(temp, 4, environment);
        assertThat(VideoToolbox.awaitNoProcessMentions(temp, Duration.ofSeconds(60)))
                .as("every worker and recorder of this test has ended").isTrue();
    }

    @Test
    void aPendingStopAndStatusReportElapsedTimeFramesAndAnEstimateAndATerminalShowsProgressOnStderr()
            throws IOException {
        Path bundle = temp.resolve("video");
        CliProcess.Run start = cli.run("evidence", "video", "start", "--device", lab.serial(),
                "--output-dir", bundle.toString(), "--duration-seconds", "30", "--size", "324x720");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        String manifestPath = result(start).manifestPath();
        // Stopped once it holds frames: a stop before the first frame is a legitimately failed recording.
        assertThat(toolbox.awaitEncodedFrames(bundle, 10, SETTLE)).isTrue();

        // Stderr on a terminal: the stop draws its progress there; stdout (a file) gets the one result.
        CliProcess.Run stop = cli.runWithTerminalStderr("evidence", "video", "stop", "--session", manifestPath);

        assertThat(stop.exitCode()).as("pending: %s", stop).isEqualTo(1);
        assertThat(stop.stdout().lines()).as("stdout is the one result line").hasSize(1);
        CommandResult pending = result(stop);
        assertThat(pending.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(pending.status()).isEqualTo("finalizing");
        Map<String, Object> progress = progress(pending);
        long frames = ((Number) progress.get("framesTotal")).longValue();
        assertThat(frames).as("the inspection counted the source's frames").isPositive();
        assertThat(progress).containsEntry("phase", "encoding").containsEntry("framesEncoded", 0)
                .containsEntry("clips", 1).containsEntry("clipsDone", 0);
        assertThat(((Number) progress.get("framesDecoded")).longValue()).isEqualTo(frames);
        assertThat(((Number) progress.get("elapsedMs")).longValue()).isPositive();
        assertThat(progress.get("estimatedRemainingMs")).as("a rate exists once the inspection decoded").isNotNull();
        assertThat(pending.message()).contains("finalizing (encoding clip 1 of 1): " + frames + " of " + 2 * frames
                + " frames decoded, 0 of " + frames + " encoded");
        assertThat(stop.stderr()).as("the terminal's record").contains("\r", "finalizing (encoding clip 1 of 1)")
                .doesNotContain("\"ok\"");

        // Piped stderr (no terminal): status prints nothing there; its details carry the same progress, later.
        CliProcess.Run status = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stderr()).isEmpty();
        CommandResult finalizing = result(status);
        assertThat(finalizing.status()).isEqualTo("finalizing");
        Map<String, Object> later = progress(finalizing);
        assertThat(later).containsEntry("phase", "encoding").containsEntry("framesTotal", progress.get("framesTotal"))
                .containsEntry("framesDecoded", progress.get("framesDecoded")).containsEntry("framesEncoded", 0)
                .containsEntry("startedAt", progress.get("startedAt"));
        assertThat(((Number) later.get("elapsedMs")).longValue())
                .isGreaterThanOrEqualTo(((Number) progress.get("elapsedMs")).longValue());

        // For people: text, the progress on one line.
        CliProcess.Run pretty = cli.run("evidence", "video", "status", "--session", manifestPath, "--output", "pretty");
        assertThat(pretty.exitCode()).isZero();
        assertThat(pretty.stdout()).startsWith("FINALIZING\n").contains("manifest  " + manifestPath)
                .containsPattern("progress  encoding, " + frames + " frames decoded, 0 of " + frames
                        + " encoded, [0-9.]+ s elapsed, about [0-9.]+ s left")
                .doesNotContain("{");

        Files.writeString(release, "");
        CliProcess.Run done = cli.run("evidence", "video", "stop", "--session", manifestPath, "--output", "pretty");
        assertThat(done.exitCode()).as(done.toString()).isZero();
        assertThat(done.stdout()).startsWith("COMPLETE\n").contains("components\n", "video.mp4")
                .doesNotContain("errors\n");
        assertThat(done.stdout().lines().filter(line -> line.startsWith("  ")))
                .as("one line per component").allMatch(line -> line.contains("complete"));
        assertThat(done.stderr()).as("no terminal, no progress").isEmpty();
        CliProcess.Run json = cli.run("evidence", "video", "status", "--session", manifestPath);
        assertThat(result(json).details()).as("a terminal session has no progress").isNull();
        Conformance.assertConforms(bundle);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> progress(CommandResult result) {
        assertThat(result.details().asMap()).as("details of %s", result).containsKey("progress");
        return (Map<String, Object>) result.details().asMap().get("progress");
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }
}
