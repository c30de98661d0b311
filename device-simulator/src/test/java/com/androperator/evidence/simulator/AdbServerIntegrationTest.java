package com.androperator.evidence.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.harness.AdbHostClient;
import com.androperator.evidence.simulator.harness.AdbInvocation;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.ShellV2Frames;
import com.androperator.evidence.simulator.testing.LogcatStream;
import com.androperator.evidence.simulator.testing.OperatorResults;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** The simulator through the real adb server (Debian's adb 29), on a private server port. */
class AdbServerIntegrationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String OUTER_ID = "4619827259835644931";
    @RegisterExtension
    static final AdbLabExtension lab = new AdbLabExtension();
    private static AdbServerHarness adb;

    @BeforeAll
    static void startServer() {
        adb = lab.adb();
    }

    @Test
    void getpropThroughAdbShellPrintsTheInventory() {
        SimulatorProfile pixel = SampleProfiles.pixel();
        try (DeviceSimulator sim = attached(pixel)) {
            AdbInvocation all = adb("-s", sim.serial(), "shell", "getprop");
            AdbInvocation sdk = adb("-s", sim.serial(), "shell", "getprop", "ro.build.version.sdk");

            StringBuilder expected = new StringBuilder();
            pixel.properties().forEach((name, value) ->
                    expected.append('[').append(name).append("]: [").append(value).append("]\n"));
            assertThat(all.exitCode()).isZero();
            assertThat(all.stdoutText()).isEqualTo(expected.toString());
            assertThat(sdk.stdoutText()).isEqualTo("34\n");
            assertThat(sim.receivedServices()).containsExactly(
                    "shell,v2,TERM=xterm,raw:getprop",
                    "shell,v2,TERM=xterm,raw:getprop ro.build.version.sdk");
        }
    }

    @Test
    void execOutScreencapIsByteIdenticalToTheProfilePng() {
        SimulatorProfile pixel = SampleProfiles.pixel();
        try (DeviceSimulator sim = attached(pixel)) {
            AdbInvocation png = adb("-s", sim.serial(), "exec-out", "screencap", "-p");

            assertThat(png.exitCode()).isZero();
            assertThat(png.stdout()).hasSizeGreaterThan(1_000_000)
                    .isEqualTo(pixel.displays().get(0).screenshot().read());
            assertThat(sim.receivedServices()).containsExactly("exec:screencap '-p'");
        }
    }

    @Test
    void foldableOuterScreenHasItsOwnPhysicalId() {
        DisplaySpec inner = SampleProfiles.pixel().displays().get(0).withActive(false);
        byte[] outerPng = ScreenshotFixtures.smallPng(90, 174, 5);
        DisplaySpec outer = DisplaySpec.of(0, OUTER_ID, 90, 174,
                ProfileFile.inMemory("outer.png", outerPng));
        SimulatorProfile fold = SimulatorProfile.builder().model("Fold Sim")
                .displays(inner, outer).build();
        try (DeviceSimulator sim = attached(fold)) {
            AdbInvocation byId = adb("-s", sim.serial(), "exec-out", "screencap", "-p", "-d", OUTER_ID);
            AdbInvocation inactive = adb("-s", sim.serial(), "exec-out", "screencap -p -d "
                    + inner.physicalId());
            AdbInvocation unknownV2 = adb("-s", sim.serial(), "shell", "screencap", "-p", "-d", "42");
            AdbInvocation unknownExec = adb("-s", sim.serial(), "exec-out", "screencap", "-p", "-d", "42");
            String dump = adb("-s", sim.serial(), "shell", "dumpsys", "display").stdoutText();

            assertThat(byId.stdout()).isEqualTo(outerPng);
            assertThat(inactive.stdout()).isEqualTo(inner.screenshot().read());
            assertThat(unknownV2.exitCode()).isEqualTo(1);
            assertThat(unknownV2.stdout()).isEmpty();
            assertThat(unknownV2.stderrText()).isEqualTo("Failed to take screenshot. Status: -2\n");
            assertThat(unknownExec.exitCode()).isZero();
            assertThat(unknownExec.stdoutText()).isEqualTo("Failed to take screenshot. Status: -2\n");
            assertThat(dump).contains("valid=true, isActive=true, displayId=0, uniqueId='local:"
                    + OUTER_ID + "'");
        }
    }

    @Test
    void shellV2CarriesExitStatusAndStderrWhileLegacyShellMergesThem() {
        SimulatorProfile legacy = SimulatorProfile.builder().shellV2(false).build();
        try (DeviceSimulator v2 = attached(SampleProfiles.pixel());
                DeviceSimulator old = attached(legacy)) {
            AdbInvocation v2Exit = adb("-s", v2.serial(), "shell", "exit 3");
            AdbInvocation v2False = adb("-s", v2.serial(), "shell", "false");
            AdbInvocation v2Missing = adb("-s", v2.serial(), "shell", "frobnicate");
            AdbInvocation oldExit = adb("-s", old.serial(), "shell", "exit 3");
            AdbInvocation oldMissing = adb("-s", old.serial(), "shell", "frobnicate");
            AdbInvocation oldSdk = adb("-s", old.serial(), "shell", "getprop", "ro.build.version.sdk");
            String features = adb("-s", old.serial(), "features").stdoutText();

            assertThat(v2Exit.exitCode()).isEqualTo(3);
            assertThat(v2False.exitCode()).isEqualTo(1);
            assertThat(v2Missing.exitCode()).isEqualTo(127);
            assertThat(v2Missing.stderrText()).contains("frobnicate: inaccessible or not found");
            assertThat(oldExit.exitCode()).isZero();
            assertThat(oldMissing.exitCode()).isZero();
            assertThat(oldMissing.stdoutText()).contains("frobnicate: inaccessible or not found");
            assertThat(oldSdk.stdoutText()).isEqualTo("34\n");
            assertThat(old.receivedServices()).contains("shell:getprop ro.build.version.sdk");
            assertThat(features).doesNotContain("shell_v2").contains("cmd");
        }
    }

    @Test
    void readinessBroadcastIsAnsweredOnTheLogcatStream() throws Exception {
        try (DeviceSimulator sim = attached(SampleProfiles.pixel());
                LogcatStream logcat = new LogcatStream(adb.port(), sim.serial())) {
            assertThat(logcat.next(TIMEOUT)).isEqualTo("--------- beginning of main");

            AdbInvocation sent = adb("-s", sim.serial(), "shell", broadcast(payload("e7-ready",
                    "doctor_ping")));
            OperatorResults results = new OperatorResults("e7-ready");
            String line = logcat.awaitLine(l -> results.accept(l).isPresent(), TIMEOUT);

            assertThat(sent.stdoutText()).isEqualTo("Broadcasting: Intent {"
                    + " act=app.androperator.operator.ACTION_AGENT_COMMAND flg=0x10000000"
                    + " pkg=com.androperator.operator.dev (has extras) }\n"
                    + "Broadcast completed: result=0\n");
            assertThat(line).matches("\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}"
                    + " I/AndroperatorOperator\\( 1234\\): \\[Androperator-Result] \\{.*");
            JsonNode data = results.accept(line).orElseThrow().get("stepResults").get(0).get("data");
            assertThat(data.get("screen_on").stringValue()).isEqualTo("true");
            assertThat(sim.receivedServices()).filteredOn(s -> s.contains("am broadcast")).hasSize(1);
            assertThat(sim.receivedServices()).noneMatch(s -> s.contains("input keyevent"));
        }
    }

    @Test
    void largeHierarchyArrivesInChunksThatReassembleAndVerify() throws Exception {
        SimulatorProfile pixel = SampleProfiles.pixel();
        try (DeviceSimulator sim = attached(pixel);
                LogcatStream logcat = new LogcatStream(adb.port(), sim.serial())) {
            logcat.next(TIMEOUT);

            adb("-s", sim.serial(), "shell", broadcast(payload("e8-hierarchy", "snapshot_ui")));
            OperatorResults results = new OperatorResults("e8-hierarchy");
            String last = logcat.awaitLine(l -> results.accept(l).isPresent(), TIMEOUT);
            JsonNode envelope = results.accept(last).orElseThrow();

            assertThat(results.chunkCount()).isGreaterThan(190);
            assertThat(results.seenLines()).filteredOn(l -> l.contains("[Androperator-Result-Chunk] "))
                    .allSatisfy(l -> assertThat(l).matches("\\d\\d-\\d\\d [0-9:.]{12}"
                            + " I/AndroperatorOperator\\( 1234\\): \\[Androperator-Result-Chunk] "
                            + "\\{\"commandId\":\"e8-hierarchy\",\"taskId\":\"e8\",\"index\":\\d+,"
                            + "\"count\":\\d+,\"byteLength\":\\d+,\"sha256\":\"[0-9a-f]{64}\","
                            + "\"data\":\"[A-Za-z0-9+/=]+\"}"));
            assertThat(envelope.get("status").stringValue()).isEqualTo("success");
            assertThat(envelope.get("stepResults").get(0).get("data").get("text").stringValue())
                    .isEqualTo(new String(pixel.operator().hierarchy().read(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void transportExitEndsTheLogcatStreamWithAStatusBeforeTheResult() throws Exception {
        SimulatorProfile exiting = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.TRANSPORT_EXIT)).build();
        try (DeviceSimulator sim = attached(exiting);
                Socket logcat = AdbHostClient.openService(adb.port(), sim.serial(),
                        "shell,v2,raw:logcat -v time -T 1", TIMEOUT)) {
            DataInputStream in = new DataInputStream(logcat.getInputStream());
            byte[] header = new byte[5];
            in.readFully(header);
            in.readFully(new byte[ByteBuffer.wrap(header, 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt()]);

            adb("-s", sim.serial(), "shell", broadcast(payload("e9", "snapshot_ui")));
            List<ShellV2Frames.Frame> frames = ShellV2Frames.decode(in.readAllBytes());

            ShellV2Frames.Frame exit = frames.get(frames.size() - 1);
            assertThat(exit.id()).isEqualTo(ShellV2Frames.EXIT);
            assertThat(exit.data()).containsExactly(1);
            String stdout = frames.stream().filter(f -> f.id() == ShellV2Frames.STDOUT)
                    .map(f -> new String(f.data(), StandardCharsets.UTF_8)).reduce("", String::concat);
            assertThat(stdout).contains("[Androperator-Result-Chunk] {\"commandId\":\"e9\"")
                    .doesNotContain("Command e9 finished");
            assertThat(frames).anySatisfy(f -> assertThat(f.id()).isEqualTo(ShellV2Frames.STDERR));
        }
    }

    @Test
    void droppedConnectionTruncatesTheScreenshotLeavesTheDeviceOfflineAndReconnects() {
        SimulatorProfile dying = SimulatorProfile.builder()
                .fault("screencap", ServiceFault.dropAfterBytes(300_000, 1_000)).build();
        try (DeviceSimulator sim = attached(dying)) {
            AdbInvocation png = adb("-s", sim.serial(), "exec-out", "screencap", "-p");
            String afterDrop = adb.awaitState(sim.serial(), s -> !s.equals("device"), TIMEOUT);

            assertThat(png.exitCode()).isZero();
            assertThat(png.stdout()).isEqualTo(Arrays.copyOf(
                    dying.displays().get(0).screenshot().read(), 300_000));
            assertThat(afterDrop).isEqualTo("offline");

            sim.updateProfile(profile -> profile.toBuilder().clearFaults().build());
            adb.reconnect(sim.serial());

            assertThat(adb.state(sim.serial())).isEqualTo("device");
            assertThat(adb("-s", sim.serial(), "exec-out", "screencap", "-p").stdout())
                    .isEqualTo(dying.displays().get(0).screenshot().read());
        }
    }

    @Test
    void concurrentStreamsOnOneDeviceAndSeveralDevicesOnOneServer() throws Exception {
        SimulatorProfile first = SampleProfiles.pixel();
        SimulatorProfile second = SimulatorProfile.builder().model("Second Sim")
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml",
                        HierarchyFixtures.settings(1_000, 1080, 2400).getBytes(StandardCharsets.UTF_8))))
                .build();
        try (DeviceSimulator a = attached(first); DeviceSimulator b = attached(second)) {
            List<CompletableFuture<byte[]>> screenshots = IntStream.range(0, 6)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> runService(
                            i % 2 == 0 ? a : b, "exec:screencap -p")))
                    .toList();
            String devices = adb("devices", "-l").stdoutText();

            for (CompletableFuture<byte[]> screenshot : screenshots) {
                assertThat(screenshot.get()).isEqualTo(first.displays().get(0).screenshot().read());
            }
            assertThat(devices).containsPattern(a.serial() + "\\s+device product:sim model:Pixel_7 ")
                    .containsPattern(b.serial() + "\\s+device product:sim model:Second_Sim ");
            assertThat(a.receivedServices()).hasSize(3);
            assertThat(b.receivedServices()).hasSize(3);
        }
    }

    @Test
    void bannerPrefixSetsTheStateTheServerShows() {
        try (DeviceSimulator sim = attached(SimulatorProfile.builder()
                .connectionState("recovery").build())) {
            assertThat(adb.state(sim.serial())).isEqualTo("recovery");
            assertThat(adb("-s", sim.serial(), "get-state").stdoutText()).isEqualTo("recovery\n");
        }
    }

    private static DeviceSimulator attached(SimulatorProfile profile) {
        return lab.attach(profile);
    }

    private static byte[] runService(DeviceSimulator simulator, String service) {
        try {
            return AdbHostClient.runService(adb.port(), simulator.serial(), service, TIMEOUT);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static AdbInvocation adb(String... args) {
        return adb.run(TIMEOUT, args);
    }

    static String payload(String commandId, String actionType) {
        return "{\"commandId\":\"" + commandId + "\",\"taskId\":\"" + commandId.split("-")[0]
                + "\",\"source\":\"androperator evidence test\",\"expectedFormat\":"
                + "\"android-ui-automator\",\"timeoutMs\":5000,\"actions\":[{\"id\":\"a1\",\"type\":\""
                + actionType + "\"}]}";
    }

    /** The dispatch command line, every value single-quoted as the client does. */
    static String broadcast(String payload) {
        return "am broadcast -a 'app.androperator.operator.ACTION_AGENT_COMMAND'"
                + " -p 'com.androperator.operator.dev' --es 'payload' '"
                + payload.replace("'", "'\"'\"'") + "' --receiver-foreground";
    }
}
