package com.androperator.evidence.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.profile.ProfileWriter;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.testing.RawAdbClient;
import com.androperator.evidence.simulator.transport.AdbMessageCodec;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code Main} and {@code bin/device-simulator} as separate processes. */
class MainProcessTest {

    private static final Path LAUNCHER = Path.of("").toAbsolutePath().getParent()
            .resolve("bin/device-simulator");

    @Test
    void mainPrintsOneJsonLineServesAndStopsOnSigterm(@TempDir Path folder) throws Exception {
        Path profile = ProfileWriter.write(SimulatorProfile.builder().model("Process Sim").build(),
                folder);
        Process process = new ProcessBuilder(javaCommand("--profile", profile.toString()))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            expectServingThenStop(process, "Process Sim");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void mainListensOnTheRequestedPortAndStopsOnSigint(@TempDir Path folder) throws Exception {
        Path profile = ProfileWriter.write(SimulatorProfile.builder().model("Port Sim").build(), folder);
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process process = new ProcessBuilder(withDefaultSignals(javaCommand("--profile", profile.toString(),
                "--port", String.valueOf(port)))).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            assertThat(expectServingThenStop(process, "Port Sim", "INT")).isEqualTo(port);
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void launcherStopsOnSigintEvenWhenStartedWithSigintIgnored(@TempDir Path tree) throws Exception {
        Path target = copyLauncherInto(tree);
        Files.createSymbolicLink(target.resolve("classes"), Path.of("target/classes").toAbsolutePath());
        Files.writeString(target.resolve("classpath.txt"), jacksonClasspath());

        // A script that runs `bin/device-simulator ... &` without job control starts it with SIGINT
        // ignored, and a JVM never handles a signal it inherited as ignored.
        Process process = new ProcessBuilder("bash", "-c", "trap '' INT; exec \"$0\" \"$@\"",
                tree.resolve("bin/device-simulator").toString(), "--profile", "classpath:profiles/pixel/profile.json")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            expectServingThenStop(process, "Pixel 7", "INT");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void mainRejectsBadArgumentsWithUsage() throws Exception {
        Process process = new ProcessBuilder(javaCommand("--port", "70000")).start();

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .startsWith("usage: device-simulator --profile");
    }

    @Test
    void launcherRunsTheBuiltClassesWithTheirClasspath(@TempDir Path tree) throws Exception {
        Path target = copyLauncherInto(tree);
        Files.createSymbolicLink(target.resolve("classes"),
                Path.of("target/classes").toAbsolutePath());
        Files.writeString(target.resolve("classpath.txt"), jacksonClasspath());

        Process process = new ProcessBuilder(tree.resolve("bin/device-simulator").toString(),
                "--profile", "classpath:profiles/pixel/profile.json")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            expectServingThenStop(process, "Pixel 7");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void launcherExplainsAnUnbuiltModule(@TempDir Path tree) throws Exception {
        copyLauncherInto(tree);

        Process process = new ProcessBuilder(tree.resolve("bin/device-simulator").toString(),
                "--profile", "x").start();

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("the module is not built", "mvn -q -o -pl device-simulator install");
    }

    private static String jacksonClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("jackson"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** {@code command} with SIGINT and SIGTERM at their defaults, whatever this JVM inherited. */
    private static List<String> withDefaultSignals(List<String> command) {
        List<String> reset = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        reset.addAll(command);
        return reset;
    }

    private static void expectServingThenStop(Process process, String model) throws Exception {
        expectServingThenStop(process, model, "TERM");
    }

    /** Expects the one announcement line, a working device, then a clean stop on {@code signal}; returns the port. */
    private static int expectServingThenStop(Process process, String model, String signal) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String line = out.readLine();
        JsonNode announced = JsonMapper.builder().build().readTree(line);
        int port = announced.get("port").intValue();

        assertThat(line).isEqualTo("{\"port\":" + port + ",\"serial\":\"127.0.0.1:" + port + "\"}");
        try (RawAdbClient host = new RawAdbClient(port)) {
            assertThat(host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, 1 << 20).payloadText())
                    .contains("ro.product.model=" + model + ";");
            assertThat(host.run(1, "exec:getprop ro.build.version.sdk", 1 << 20)).asString()
                    .isEqualTo("34\n");
        }
        if (signal.equals("TERM")) {
            // SIGTERM through the handle: Process.destroy() would also close our end of stdout.
            assertThat(process.toHandle().destroy()).isTrue();
        } else {
            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).start();
            assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(kill.exitValue()).isZero();
        }
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("stopped on SIG" + signal).isTrue();
        assertThat(process.exitValue()).isEqualTo(128 + (signal.equals("TERM") ? 15 : 2));
        // Nothing more was printed: the next read is the end of the output.
        assertThat(out.readLine()).isNull();
        return port;
    }

    private static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static Path copyLauncherInto(Path tree) throws IOException {
        Files.createDirectories(tree.resolve("bin"));
        Files.copy(LAUNCHER, tree.resolve("bin/device-simulator"));
        tree.resolve("bin/device-simulator").toFile().setExecutable(true);
        return Files.createDirectories(tree.resolve("device-simulator/target"));
    }
}
