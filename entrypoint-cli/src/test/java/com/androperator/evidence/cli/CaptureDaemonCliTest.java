package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.daemon.CaptureDaemon;
import com.androperator.evidence.daemon.DaemonWire;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ANDROPERATOR_DAEMON=on bin/androperator evidence capture} as a user runs it: the launcher
 * (a {@link LauncherTree}) starts the capture daemon on first use and hands it every capture,
 * through the real adb server to the simulated phone. Each test has its own XDG_RUNTIME_DIR, so
 * its own daemon, and stops it afterwards.
 */
class CaptureDaemonCliTest {
    private static final Pattern PID = Pattern.compile("^pid (\\d+),");
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private Path runtime;
    private Path daemonDirectory;
    private CliProcess daemonOn;
    private CliProcess inProcess;

    @BeforeEach
    void install() throws IOException {
        Path launcher = LauncherTree.install(temp.resolve("tree"));
        runtime = Files.createDirectory(temp.resolve("runtime"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        daemonDirectory = runtime.resolve("androperator");
        Map<String, String> environment = LauncherTree.withThisJava(lab.environment());
        environment.put("XDG_RUNTIME_DIR", runtime.toString());
        environment.put("ANDROPERATOR_DAEMON_IDLE_SECONDS", "120");
        Path scratch = Files.createDirectory(temp.resolve("scratch"));
        inProcess = new CliProcess(Map.copyOf(environment), scratch).throughLauncher(launcher);
        environment.put("ANDROPERATOR_DAEMON", "on");
        daemonOn = new CliProcess(Map.copyOf(environment), scratch).throughLauncher(launcher);
    }

    @AfterEach
    void stopDaemon() throws Exception {
        CliProcess.Run status = daemonOn.run("daemon", "status");
        if (status.exitCode() == 0) {
            ProcessHandle daemon = daemonProcess(status);
            assertThat(daemonOn.run("daemon", "stop").exitCode()).isZero();
            daemon.onExit().get(60, TimeUnit.SECONDS);
        }
    }

    /** The daemon's launcher with {@code variables} added to (or replacing) its environment. */
    private CliProcess daemonOnWith(Map<String, String> variables) {
        Map<String, String> environment = new java.util.HashMap<>(daemonOn.environment());
        environment.putAll(variables);
        return new CliProcess(environment, temp.resolve("scratch")).throughLauncher(temp.resolve("tree/bin/androperator"));
    }

    private CliProcess.Run capture(CliProcess cli, String bundle, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", temp.resolve(bundle).toString()));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    private static CommandResult result(CliProcess.Run run) {
        assertThat(run.stdout().lines()).as(run.toString()).hasSize(1);
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    private static ProcessHandle daemonProcess(CliProcess.Run status) {
        Matcher pid = PID.matcher(status.stdout());
        assertThat(pid.find()).as(status.toString()).isTrue();
        return ProcessHandle.of(Long.parseLong(pid.group(1))).orElseThrow();
    }

    private Path portFile() throws IOException {
        try (var files = Files.list(daemonDirectory)) {
            return files.filter(f -> f.toString().endsWith(".port")).findFirst().orElseThrow();
        }
    }

    @Test
    void theFirstCaptureStartsTheDaemonAndTheNextOnesAreServedByTheSameProcess() throws Exception {
        CliProcess.Run first = capture(daemonOn, "first");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.stderr()).doesNotContain("capturing in this process");
        assertThat(result(first).status()).isEqualTo("complete");
        Conformance.assertConforms(temp.resolve("first"));

        CliProcess.Run status = daemonOn.run("daemon", "status");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).contains("1 captures served, 0 in flight");
        ProcessHandle daemon = daemonProcess(status);
        assertThat(daemon.isAlive()).isTrue();

        CliProcess.Run second = capture(daemonOn, "second", "--label", "Caf\u00e9 \uD83D\uDE00", "--output", "pretty");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.stdout()).as("pretty output, several lines").contains("\n").contains("complete");
        Manifest manifest = ContractJson.read(Files.readAllBytes(temp.resolve("second/manifest.json")), Manifest.class);
        assertThat(manifest.label()).isEqualTo("Caf\u00e9 \uD83D\uDE00");
        Conformance.assertConforms(temp.resolve("second"));
        CliProcess.Run after = daemonOn.run("daemon", "status");
        assertThat(daemonProcess(after).pid()).isEqualTo(daemon.pid());
        assertThat(after.stdout()).contains("2 captures served");

        // Its files: a directory only this user enters, a port file only this user reads.
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(daemonDirectory))).isEqualTo("rwx------");
        Path portFile = portFile();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(portFile))).isEqualTo("rw-------");

        CliProcess.Run stop = daemonOn.run("daemon", "stop");
        assertThat(stop.exitCode()).as(stop.toString()).isZero();
        daemon.onExit().get(60, TimeUnit.SECONDS);
        CliProcess.Run none = daemonOn.run("daemon", "status");
        assertThat(none.exitCode()).isEqualTo(1);
        assertThat(none.stdout()).startsWith("no capture daemon runs for this install");
        assertThat(portFile).as("withdrawn").doesNotExist();
    }

    @Test
    void refusalsAndUsageErrorsAreTheSameAsWithoutTheDaemon() {
        for (List<String> args : List.of(List.of("--timeout", "5"), List.of("--context-json", "[1]"),
                List.of("--no-such-option"), List.of("--help"))) {
            CliProcess.Run served = capture(daemonOn, "refused", args.toArray(String[]::new));
            CliProcess.Run alone = capture(inProcess, "refused", args.toArray(String[]::new));
            assertThat(served.exitCode()).as(args + ": " + served).isEqualTo(alone.exitCode()).isNotEqualTo(130);
            assertThat(served.stdout()).as(args.toString()).isEqualTo(alone.stdout());
            assertThat(served.stderr()).as(args.toString()).isEqualTo(alone.stderr());
            assertThat(temp.resolve("refused")).doesNotExist();
        }
        assertThat(daemonOn.run("daemon", "status").stdout()).contains("4 captures served");
    }

    @Test
    void theCaptureUsesTheClientsEnvironmentNotTheDaemons() throws IOException {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        CliProcess withSerial = daemonOnWith(Map.of("ANDROID_SERIAL", lab.serial()));

        CliProcess.Run run = withSerial.run("evidence", "capture", "--operator-package", AdbLab.OPERATOR,
                "--output-dir", temp.resolve("by-variable").toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stderr()).doesNotContain("capturing in this process");
        Manifest manifest = ContractJson.read(Files.readAllBytes(temp.resolve("by-variable/manifest.json")), Manifest.class);
        assertThat(manifest.device().serial()).isEqualTo(lab.serial());
        assertThat(daemonOn.run("daemon", "status").stdout()).contains("2 captures served");
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalToTheClientCancelsTheDaemonsCaptureAndItsBundleIsStillFinalized(String signal) throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        int stalls = lab.simulator().stallCount();
        lab.phone(p -> p.toBuilder().fault("pm list", ServiceFault.stallAfterBytes(0)).build());
        Path bundle = temp.resolve("interrupted");
        CliProcess.Started child = daemonOn.start("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "60000");
        assertThat(lab.simulator().awaitStall(c -> c.startsWith("pm list"), stalls, Duration.ofSeconds(60))).isNotNull();

        assertThat(child.signal(signal)).isTrue();
        CliProcess.Run run = child.awaitExit();

        assertThat(run.exitCode()).as(run.toString()).isEqualTo("INT".equals(signal) ? 130 : 143);
        assertThat(run.stderr()).contains("androperator: SIG" + signal + ": cancelling device work");
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.message()).contains(ErrorCodes.COMMAND_CANCELLED);
        Conformance.assertConforms(bundle);
        // The daemon lives on for the next capture.
        lab.phone(p -> p.toBuilder().clearFaults().build());
        assertThat(capture(daemonOn, "after").exitCode()).isZero();
    }

    @Test
    void aClientsTerminalSeesTheProgressLineAndAPipeDoesNot() {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        lab.phone(profile -> profile.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());
        String[] args = {"evidence", "capture", "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR,
                "--timeout", "3000", "--output-dir", temp.resolve("on-a-terminal").toString()};

        CliProcess.Run terminal = daemonOn.runWithTerminalStderr(args);
        args[args.length - 1] = temp.resolve("on-a-pipe").toString();
        CliProcess.Run pipe = daemonOn.run(args);

        assertThat(terminal.exitCode()).as("partial: %s", terminal).isEqualTo(1);
        assertThat(terminal.stdout().lines()).hasSize(1);
        assertThat(terminal.stderr()).containsPattern("\rcapturing: [0-9.]+ s elapsed of its 3 s budget\u001B\\[K")
                .doesNotContain("capturing in this process");
        assertThat(pipe.exitCode()).as(pipe.toString()).isEqualTo(1);
        assertThat(pipe.stderr()).isEmpty();
        assertThat(daemonOn.run("daemon", "status").stdout()).contains("3 captures served");
    }

    @Test
    void exportedVariablesNamedLikeTheClientsOwnAreSentAsTheyAre() throws IOException {
        Map<String, String> exported = new java.util.HashMap<>();
        for (String name : List.of("line", "status", "tty", "accepted", "name", "variables", "daemon_env")) {
            exported.put(name, "exported " + name);
        }
        CliProcess shadowing = daemonOnWith(exported);

        CliProcess.Run run = capture(shadowing, "bundle");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stderr()).isEmpty();
        Conformance.assertConforms(temp.resolve("bundle"));
    }

    @Test
    void firstCapturesAtOnceShareOneNewDaemon() throws Exception {
        List<CliProcess.Started> started = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            started.add(daemonOn.start("evidence", "capture", "--device", lab.serial(), "--operator-package",
                    AdbLab.OPERATOR, "--output-dir", temp.resolve("at-once-" + i).toString()));
        }
        for (CliProcess.Started child : started) {
            CliProcess.Run run = child.awaitExit();
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stderr()).as("served by the daemon").isEmpty();
        }
        assertThat(daemonOn.run("daemon", "status").stdout()).contains("3 captures served");
    }

    @Test
    void sigtermToTheDaemonCancelsTheCaptureInFlightWhichIsStillFinalized() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        ProcessHandle daemon = daemonProcess(daemonOn.run("daemon", "status"));
        int stalls = lab.simulator().stallCount();
        lab.phone(p -> p.toBuilder().fault("pm list", ServiceFault.stallAfterBytes(0)).build());
        Path bundle = temp.resolve("terminated");
        CliProcess.Started child = daemonOn.start("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "60000");
        assertThat(lab.simulator().awaitStall(c -> c.startsWith("pm list"), stalls, Duration.ofSeconds(60))).isNotNull();

        assertThat(new ProcessBuilder("kill", "-TERM", Long.toString(daemon.pid())).start().waitFor()).isZero();
        CliProcess.Run run = child.awaitExit();

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(143);
        assertThat(run.stderr()).contains("androperator: SIGTERM: cancelling device work");
        assertThat(result(run).message()).contains(ErrorCodes.COMMAND_CANCELLED);
        Conformance.assertConforms(bundle);
        daemon.onExit().get(60, TimeUnit.SECONDS);
        lab.phone(p -> p.toBuilder().clearFaults().build());
    }

    @Test
    void connectionsThatNeverGreetDelayNoCaptureAndAreCutOff() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        int port = Integer.parseInt(Files.readString(portFile()).trim().split(" ")[0]);
        List<Socket> silent = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < CaptureDaemon.MAX_UNAUTHENTICATED + 4; i++) {
                silent.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            CliProcess.Run meanwhile = capture(daemonOn, "meanwhile");
            assertThat(meanwhile.exitCode()).as(meanwhile.toString()).isZero();
            assertThat(meanwhile.stderr()).as("served by the daemon, in turn after them").isEmpty();
            Conformance.assertConforms(temp.resolve("meanwhile"));
            for (Socket socket : silent) {
                socket.setSoTimeout(60_000);
                assertThat(socket.getInputStream().read()).as("cut off, never answered").isEqualTo(-1);
            }
        } finally {
            for (Socket socket : silent) {
                socket.close();
            }
        }
        CliProcess.Run after = capture(daemonOn, "after");
        assertThat(after.exitCode()).as(after.toString()).isZero();
        assertThat(after.stderr()).as("served by the daemon").isEmpty();
    }

    @Test
    void aDaemonDirectoryOthersMayEnterIsNotUsedAndTheCaptureRunsInTheClient() throws IOException {
        Files.createDirectory(daemonDirectory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

        CliProcess.Run run = capture(daemonOn, "bundle");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        assertThat(run.stderr()).contains("capturing in this process, not through the daemon")
                .contains("mode rwxr-xr-x").contains("chmod 700 " + daemonDirectory);
        try (var files = Files.list(daemonDirectory)) {
            assertThat(files.filter(f -> f.toString().endsWith(".port"))).isEmpty();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(daemonDirectory))).as("unchanged")
                .isEqualTo("rwxr-xr-x");
    }

    @Test
    void aListenerThatCannotShowTheDaemonsTokenGetsTheClientTokenAndNothingElse() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        Path portFile = portFile();
        List<String> published = List.of(Files.readString(portFile).trim().split(" "));
        List<String> received = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (ServerSocket impostor = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            // As if the daemon had died and another process had taken a port the file still names.
            Files.writeString(portFile, impostor.getLocalPort() + " " + published.get(1) + " " + published.get(2) + "\n");
            Thread listener = new Thread(() -> {
                while (true) {
                    try (Socket client = impostor.accept()) {
                        client.setSoTimeout(60_000);
                        OutputStream out = client.getOutputStream();
                        out.write("ok not-the-token\n".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        received.add(new String(client.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            listener.start();

            CliProcess.Run run = capture(daemonOn, "bundle");

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stderr()).contains("did not prove it is the daemon");
            Conformance.assertConforms(temp.resolve("bundle"));
            impostor.close();
            listener.join(60_000);
            // Tried again after a new daemon found the old one alive; each time only the greeting.
            assertThat(received).isNotEmpty().allSatisfy(bytes -> assertThat(bytes).isEqualTo("APD2 " + published.get(1) + "\n"));
        } finally {
            Files.writeString(portFile, String.join(" ", published) + "\n");
        }
    }

    @Test
    void aClientWithoutTheTokenOrWithAnOversizedRequestIsCutOffAndTheDaemonServesOn() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        List<String> published = List.of(Files.readString(portFile()).trim().split(" "));
        int port = Integer.parseInt(published.get(0));
        try (Socket wrong = new Socket(InetAddress.getLoopbackAddress(), port)) {
            wrong.getOutputStream().write("APD2 0123456789abcdef0123456789abcdef\ncapture\0".getBytes(StandardCharsets.US_ASCII));
            assertThat(wrong.getInputStream().readAllBytes()).as("nothing, then the end").isEmpty();
        }
        try (Socket hostile = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = hostile.getOutputStream();
            InputStream in = hostile.getInputStream();
            out.write(("APD2 " + published.get(1) + "\n").getBytes(StandardCharsets.US_ASCII));
            assertThat(DaemonWire.readLine(in)).isEqualTo("ok " + published.get(2));
            out.write("capture\0".getBytes(StandardCharsets.US_ASCII));
            byte[] field = new byte[DaemonWire.MAX_FIELD_BYTES + 4096];
            java.util.Arrays.fill(field, (byte) 'a');
            out.write(field);
            hostile.shutdownOutput();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .startsWith("rthe daemon cannot take this request: a field over " + DaemonWire.MAX_FIELD_BYTES);
        }
        CliProcess.Run after = capture(daemonOn, "after");
        assertThat(after.exitCode()).as(after.toString()).isZero();
        assertThat(after.stderr()).doesNotContain("capturing in this process");
    }

    @Test
    void aDaemonKilledOutrightIsReplacedByTheNextCaptureWithoutNoise() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        ProcessHandle daemon = daemonProcess(daemonOn.run("daemon", "status"));
        Path portFile = portFile();
        assertThat(daemon.destroyForcibly()).isTrue();
        daemon.onExit().get(60, TimeUnit.SECONDS);
        assertThat(portFile).as("left behind by SIGKILL").exists();

        CliProcess.Run run = capture(daemonOn, "bundle");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stderr()).isEmpty();
        Conformance.assertConforms(temp.resolve("bundle"));
        assertThat(daemonProcess(daemonOn.run("daemon", "status")).pid()).isNotEqualTo(daemon.pid());
    }

    @Test
    void anIdleDaemonEndsByItselfAndWithdrawsItsPortFile() throws Exception {
        CliProcess briefly = daemonOnWith(Map.of("ANDROPERATOR_DAEMON_IDLE_SECONDS", "1"));
        CliProcess.Run run = capture(briefly, "bundle");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        // The daemon may already have gone idle and ended (1 s on a loaded machine): its log stays, its port file not.
        CliProcess.Run status = briefly.run("daemon", "status");
        if (status.exitCode() == 0) {
            assertThat(status.stdout()).contains("idle limit 1 s");
            daemonProcess(status).onExit().get(60, TimeUnit.SECONDS);
        }
        try (var files = Files.list(daemonDirectory)) {
            List<Path> left = files.toList();
            assertThat(left).noneMatch(file -> file.toString().endsWith(".port"));
            assertThat(left).filteredOn(file -> file.toString().endsWith(".log")).singleElement()
                    .satisfies(log -> assertThat(Files.readString(log)).contains("stopping: idle for 1 s"));
        }
    }

    @Test
    void aNewJarStopsTheDaemonAndTheCaptureRunsInTheClient() throws Exception {
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        ProcessHandle daemon = daemonProcess(daemonOn.run("daemon", "status"));
        Path jar = LauncherTree.jar(temp.resolve("tree"));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));

        CliProcess.Run run = capture(daemonOn, "bundle");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stderr()).contains("changed since the daemon started");
        Conformance.assertConforms(temp.resolve("bundle"));
        daemon.onExit().get(60, TimeUnit.SECONDS);
        CliProcess.Run next = capture(daemonOn, "next");
        assertThat(next.exitCode()).as(next.toString()).isZero();
        assertThat(next.stderr()).doesNotContain("capturing in this process");
        assertThat(daemonProcess(daemonOn.run("daemon", "status")).pid()).isNotEqualTo(daemon.pid());
    }

    private int publishedPort() throws IOException {
        return Integer.parseInt(Files.readString(portFile()).trim().split(" ")[0]);
    }

    @Test
    void anotherUsersFloodOfSilentConnectionsNeitherStallsTheClientNorCostsTheCapture() throws Exception {
        Assumptions.assumeTrue(ForeignPeer.userAvailable(), "a second user needs useradd as root");
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        int port = publishedPort();
        try (ForeignPeer flood = ForeignPeer.start("flood", port)) {
            // The flood keeps every greeting slot and the held line full: the daemon closes this
            // client's connection at once (or serves it if it got in), and never leaves its
            // connect to the kernel's SYN retries, which last minutes.
            CliProcess.Run meanwhile = capture(daemonOn, "meanwhile");

            assertThat(meanwhile.exitCode()).as(meanwhile.toString()).isZero();
            assertThat(result(meanwhile).status()).isEqualTo("complete");
            Conformance.assertConforms(temp.resolve("meanwhile"));
            assertThat(meanwhile.stderr()).as("served, or told why not").satisfiesAnyOf(
                    stderr -> assertThat(stderr).isEmpty(),
                    stderr -> assertThat(stderr).isEqualTo("androperator: capturing in this process, not through the "
                            + "daemon: the daemon did not answer (it closed the connection on port " + port
                            + ": too many connections wait for their greeting)\n"));
        }
        CliProcess.Run after = capture(daemonOn, "after");
        assertThat(after.exitCode()).as(after.toString()).isZero();
        assertThat(after.stderr()).as("served by the same daemon").isEmpty();
        assertThat(publishedPort()).isEqualTo(port);
    }

    @ParameterizedTest(name = "a squatter that {0}s")
    @ValueSource(strings = {"silent", "close"})
    void anotherUsersListenerOnADeadDaemonsPortIsReplacedNotWaitedFor(String manner) throws Exception {
        Assumptions.assumeTrue(ForeignPeer.userAvailable(), "a second user needs useradd as root");
        assertThat(capture(daemonOn, "warm").exitCode()).isZero();
        ProcessHandle dead = daemonProcess(daemonOn.run("daemon", "status"));
        int port = publishedPort();
        assertThat(dead.destroyForcibly()).isTrue();
        dead.onExit().get(60, TimeUnit.SECONDS);
        try (ForeignPeer squatter = ForeignPeer.start("listen", port, manner)) {
            CliProcess.Run first = capture(daemonOn, "first");

            assertThat(first.exitCode()).as(first.toString()).isZero();
            Conformance.assertConforms(temp.resolve("first"));
            assertThat(first.stderr()).isEqualTo("androperator: port " + port + " of the capture daemon is another "
                    + "user's now; starting a new daemon\n");
            assertThat(publishedPort()).as("a new daemon, a new port").isNotEqualTo(port);

            CliProcess.Run second = capture(daemonOn, "second");
            assertThat(second.exitCode()).as(second.toString()).isZero();
            assertThat(second.stderr()).isEmpty();
            CliProcess.Run status = daemonOn.run("daemon", "status");
            assertThat(status.stdout()).contains("2 captures served");
            assertThat(daemonProcess(status).pid()).isNotEqualTo(dead.pid());
            assertThat(squatter.stop()).as("the client never connected to the squatter, nor showed it its token").isEmpty();
        }
    }
}
