package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The video and doctor commands as processes, on a host whose PATH holds adb but no scrcpy or
 * ffmpeg: the edge's options, refusals and exit statuses. Recording itself is the video API's
 * own test subject.
 */
class VideoAndDoctorCliTest {
    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void hostWithoutVideoTools() throws IOException {
        Path bin = Files.createDirectory(temp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("adb"), AdbServerHarness.locateAdb());
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("PATH", bin.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("evidence").toString());
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    @Test
    void startWithoutHostToolsIsRefusedBeforeAnythingIsCreated() {
        Path bundle = temp.resolve("video");
        CliProcess.Run run = cli.run("evidence", "video", "start", "--device", "127.0.0.1:5555",
                "--operator-package", "com.androperator.operator.dev", "--output-dir", bundle.toString(),
                "--duration-seconds", "5");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(result.details().asMap()).containsEntry("capability", "video-recording").containsKey("dependencies");
        assertThat(result.hint()).contains("doctor");
        assertThat(bundle).doesNotExist();
    }

    @Test
    void startTakesNoTimeoutAndAnIntegerDuration() {
        Path bundle = temp.resolve("video");
        CliProcess.Run timeout = cli.run("evidence", "video", "start", "--device", "127.0.0.1:5555",
                "--operator-package", "com.androperator.operator.dev", "--output-dir", bundle.toString(),
                "--duration-seconds", "5", "--timeout", "5000");
        assertThat(timeout.exitCode()).isEqualTo(2);
        assertThat(timeout.stderr()).contains("Unknown options: '--timeout'");

        CliProcess.Run duration = cli.run("evidence", "video", "start", "--device", "127.0.0.1:5555",
                "--operator-package", "com.androperator.operator.dev", "--output-dir", bundle.toString(),
                "--duration-seconds", "five");
        assertThat(duration.exitCode()).isEqualTo(1);
        assertThat(result(duration).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(bundle).doesNotExist();
    }

    @Test
    void statusAndStopOfAnUnknownSessionExitOne() {
        String manifest = temp.resolve("nothing/manifest.json").toString();
        for (String operation : List.of("status", "stop")) {
            CliProcess.Run run = cli.run("evidence", "video", operation, "--session", manifest);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(result(run).code()).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        }
    }

    @Test
    void doctorWarnsAboutMissingVideoToolsWithoutFailingOrInstalling() {
        CliProcess.Run run = cli.run("doctor", "--device", "127.0.0.1:5555", "--fix");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        Map<?, ?> report = ContractJson.mapper().readValue(run.stdout(), Map.class);
        Map<?, ?> check = (Map<?, ?>) ((List<?>) report.get("checks")).get(0);
        assertThat(check.get("id")).isEqualTo("host.video.dependencies");
        assertThat(check.get("status")).isEqualTo("warn");
        assertThat(check.get("advisory")).isEqualTo(true);
        // Nothing was installed next to adb.
        assertThat(temp.resolve("bin").toFile().list()).containsExactly("adb");
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }
}
