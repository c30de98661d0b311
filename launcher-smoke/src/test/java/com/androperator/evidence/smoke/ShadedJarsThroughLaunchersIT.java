package com.androperator.evidence.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two shaded jars this build just packaged, started by the repository's own launchers
 * ({@code bin/androperator}, {@code bin/androperator-mcp}), so with exactly their JVM flags and
 * {@code -jar}: {@code --version}, one capture from the simulated phone through a private real adb
 * server, and one MCP {@code initialize} plus {@code tools/list} over stdio. A shading mistake (a
 * lost service file, a missing class, a broken manifest) fails here before a release archive is made.
 */
class ShadedJarsThroughLaunchersIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();
    private static final long PROCESS_DEADLINE_SECONDS = 120;
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temporary;

    @Test
    void cliPrintsItsVersion() throws Exception {
        Ran version = launch("androperator", List.of("--version"), "");
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(version.stdout()).isEqualTo(System.getProperty("project.version") + "\n");
    }

    @Test
    void cliCapturesFromTheSimulatedPhoneThroughTheRealAdbServer() throws Exception {
        Path bundle = temporary.resolve("bundle");
        Ran capture = launch("androperator", List.of("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--label", "smoke"), "");
        assertThat(capture.status()).as(capture.toString()).isZero();
        CommandResult result = ContractJson.read(capture.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
    }

    @Test
    @SuppressWarnings("unchecked")
    void mcpServerInitializesAndListsItsToolsOverStdio() throws Exception {
        String input = String.join("\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"launcher-smoke\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}") + "\n";
        Ran mcp = launch("androperator-mcp", List.of(), input);
        assertThat(mcp.status()).as("the server exits 0 when stdin closes: " + mcp).isZero();
        List<Map<String, Object>> answers = new ArrayList<>();
        for (String line : mcp.stdout().split("\n")) {
            answers.add(ContractJson.read(line.getBytes(StandardCharsets.UTF_8), Map.class));
        }
        assertThat(answers).as(mcp.stdout()).hasSize(2);
        Map<String, Object> initialize = answers.get(0);
        assertThat(((Number) initialize.get("id")).intValue()).isEqualTo(1);
        assertThat((Map<String, Object>) initialize.get("result")).containsKeys("protocolVersion", "capabilities", "serverInfo");
        Map<String, Object> tools = answers.get(1);
        assertThat(((Number) tools.get("id")).intValue()).isEqualTo(2);
        List<Map<String, Object>> listed = (List<Map<String, Object>>) ((Map<String, Object>) tools.get("result")).get("tools");
        assertThat(listed).extracting(tool -> tool.get("name"))
                .contains("evidence_capture", "evidence_video_start", "evidence_video_status", "evidence_video_stop");
    }

    private Ran launch(String launcher, List<String> arguments, String input) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(REPOSITORY.resolve("bin").resolve(launcher).toString());
        command.addAll(arguments);
        Path stdout = Files.createTempFile(temporary, launcher, ".out");
        Path stderr = Files.createTempFile(temporary, launcher, ".err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(Files.createDirectories(temporary.resolve("elsewhere")).toFile())
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        lab.adb().applyTo(builder);
        // A private HOME: the launcher's start-up cache and the tool's defaults stay in this test.
        builder.environment().put("HOME", Files.createDirectories(temporary.resolve("home")).toString());
        builder.environment().remove("ANDROPERATOR_JAVA_OPTS");
        builder.environment().remove("XDG_CACHE_HOME");
        Process process = builder.start();
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(PROCESS_DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(launcher + " " + arguments + " did not finish within " + PROCESS_DEADLINE_SECONDS
                    + " s; stderr: " + Files.readString(stderr));
        }
        return new Ran(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }

    private record Ran(int status, String stdout, String stderr) {
    }
}
