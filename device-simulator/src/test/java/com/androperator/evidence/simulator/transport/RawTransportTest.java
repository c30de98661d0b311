package com.androperator.evidence.simulator.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.ShellV2Frames;
import com.androperator.evidence.simulator.testing.RawAdbClient;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The device end of the transport driven byte by byte, without an adb server in between. */
class RawTransportTest {

    private static final int HOST_MAX = 1024 * 1024;
    private DeviceSimulator simulator;

    @AfterEach
    void close() {
        if (simulator != null) {
            simulator.close();
        }
    }

    @Test
    void legacyVersionGetsChecksummedMessagesAndVerifiesOurs() throws IOException {
        simulator = DeviceSimulator.start(SampleProfiles.pixel(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.send(AdbMessage.of(AdbCommand.CNXN, AdbMessageCodec.VERSION_MIN, 4096,
                    "host::features=cmd\0"));
            DataInputStream in = new DataInputStream(host.input());
            byte[] header = new byte[24];
            in.readFully(header);
            ByteBuffer fields = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            byte[] banner = new byte[fields.getInt(12)];
            in.readFully(banner);

            assertThat(fields.getInt(0)).isEqualTo(AdbCommand.CNXN);
            assertThat(fields.getInt(4)).isEqualTo(AdbMessageCodec.VERSION_MIN);
            assertThat(fields.getInt(8)).isEqualTo(1024 * 1024);
            assertThat(fields.getInt(16)).isEqualTo(AdbMessageCodec.checksum(banner)).isNotZero();
            assertThat(new String(banner, StandardCharsets.UTF_8)).startsWith("device::")
                    .contains("ro.product.model=Pixel 7;").endsWith("features=cmd,stat_v2,ls_v2,shell_v2");

            // From here RawAdbClient verifies every data_check the device sends.
            host.checksums(true);
            byte[] sdk = host.run(1, "shell:getprop ro.build.version.sdk", 4096);
            assertThat(sdk).asString().isEqualTo("34\n");

            byte[] badOpen = AdbMessageCodec.encode(AdbMessage.of(AdbCommand.OPEN, 2, 0, "shell:id\0"), true);
            badOpen[16] ^= 0x10;
            host.sendRaw(badOpen);
            assertThat(host.read()).isNull();
        }
    }

    @Test
    void currentVersionSkipsChecksumsAndAnswersTheLowerVersion() throws IOException {
        simulator = DeviceSimulator.start(SampleProfiles.pixel(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.checksums(false);
            AdbMessage reply = host.connect(0x01000002, HOST_MAX);

            assertThat(reply.arg0()).isEqualTo(AdbMessageCodec.VERSION_SKIP_CHECKSUM);
            assertThat(host.run(1, "exec:getprop ro.product.model", HOST_MAX)).asString()
                    .isEqualTo("Pixel 7\n");
        }
    }

    @Test
    void writesHonourThePeersMaxPayloadAndWaitForEachOkay() throws IOException {
        SimulatorProfile pixel = SampleProfiles.pixel();
        simulator = DeviceSimulator.start(pixel, 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, 4096);
            AdbMessage opened = host.open(5, "exec:screencap '-p'");
            assertThat(opened.command()).isEqualTo(AdbCommand.OKAY);
            assertThat(opened.arg1()).isEqualTo(5);

            AdbMessage first = host.read();
            assertThat(first.command()).isEqualTo(AdbCommand.WRTE);
            assertThat(first.payload()).hasSize(4096);
            // Without our OKAY the device must not send the next WRTE.
            host.socket().setSoTimeout(300);
            assertThatThrownBy(host::read).isInstanceOf(SocketTimeoutException.class);
            host.socket().setSoTimeout(10_000);

            ByteArrayOutputStream png = new ByteArrayOutputStream();
            png.writeBytes(first.payload());
            host.send(AdbMessage.of(AdbCommand.OKAY, 5, opened.arg0()));
            for (AdbMessage m = host.read(); m.command() == AdbCommand.WRTE; m = host.read()) {
                assertThat(m.payload().length).isLessThanOrEqualTo(4096);
                png.writeBytes(m.payload());
                host.send(AdbMessage.of(AdbCommand.OKAY, 5, opened.arg0()));
            }
            assertThat(png.toByteArray()).isEqualTo(pixel.displays().get(0).screenshot().read());
        }
    }

    @Test
    void unknownServicesAndUnsupportedShellsAreRefusedWithCloseZero() throws IOException {
        simulator = DeviceSimulator.start(SimulatorProfile.builder().shellV2(false)
                .fault("dumpsys input", ServiceFault.refuse()).build(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, HOST_MAX);

            for (String service : List.of("sync:", "shell,v2,raw:getprop", "shell:",
                    "shell:dumpsys input", "exec:export A=1; exec dumpsys input")) {
                AdbMessage refused = host.open(9, service);
                assertThat(refused).as(service).isEqualTo(AdbMessage.of(AdbCommand.CLSE, 0, 9));
            }
            assertThat(host.run(10, "shell:dumpsys display", HOST_MAX)).isNotEmpty();
            assertThat(simulator.receivedServices()).containsExactly("sync:", "shell,v2,raw:getprop",
                    "shell:", "shell:dumpsys input", "exec:export A=1; exec dumpsys input",
                    "shell:dumpsys display");
        }
    }

    @Test
    void streamsRunConcurrentlyAndAHostCloseEndsALongLivedOne() throws Exception {
        simulator = DeviceSimulator.start(SampleProfiles.pixel(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, HOST_MAX);
            AdbMessage logcat = host.open(1, "shell,v2,raw:logcat -v time -T 1");
            AdbMessage marker = host.read();
            assertThat(ShellV2Frames.decode(marker.payload()).get(0).data()).asString()
                    .isEqualTo("--------- beginning of main\n");
            host.send(AdbMessage.of(AdbCommand.OKAY, 1, logcat.arg0()));
            AdbMessage tail = host.read();
            host.send(AdbMessage.of(AdbCommand.OKAY, 1, logcat.arg0()));
            assertThat(ShellV2Frames.decode(tail.payload()).get(0).data()).asString()
                    .endsWith("I/AndroperatorOperator( 1234): Operator ready\n");
            assertThat(simulator.device().log().readerCount()).isEqualTo(1);

            // A second stream on the same connection while logcat stays open.
            assertThat(host.run(2, "exec:getprop ro.build.version.release", HOST_MAX)).asString()
                    .isEqualTo("14\n");
            simulator.device().log().append('I', "Test", 1, "while two streams are open");
            AdbMessage live = host.read();
            assertThat(live.arg1()).isEqualTo(1);
            assertThat(ShellV2Frames.decode(live.payload()).get(0).data()).asString()
                    .endsWith("I/Test    (    1): while two streams are open\n");

            host.send(AdbMessage.of(AdbCommand.CLSE, 1, logcat.arg0()));
            // Messages are handled in order: once this answers, the CLSE has ended the reader.
            host.run(3, "exec:true", HOST_MAX);
            assertThat(simulator.device().log().readerCount()).isZero();
        }
    }

    @Test
    void severalConnectionsAreServedAtOnce() throws IOException {
        simulator = DeviceSimulator.start(SampleProfiles.pixel(), 0);
        try (RawAdbClient first = new RawAdbClient(simulator.port());
                RawAdbClient second = new RawAdbClient(simulator.port())) {
            first.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, HOST_MAX);
            second.connect(AdbMessageCodec.VERSION_MIN, 4096);

            assertThat(second.run(1, "shell:wm size", 4096)).asString()
                    .isEqualTo("Physical size: 1080x2400\n");
            assertThat(first.run(1, "shell:wm density", HOST_MAX)).asString()
                    .isEqualTo("Physical density: 420\n");
            assertThat(simulator.openConnections()).isEqualTo(2);
        }
    }

    @Test
    void dropFaultDeliversExactlyTheBudgetThenEndsTheConnection() throws IOException {
        simulator = DeviceSimulator.start(SimulatorProfile.builder()
                .fault("screencap", ServiceFault.dropAfterBytes(10_000, 0)).build(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, 4096);
            AdbMessage opened = host.open(1, "exec:screencap -p");
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            for (AdbMessage m = host.read(); m != null; m = host.read()) {
                assertThat(m.command()).isEqualTo(AdbCommand.WRTE);
                received.writeBytes(m.payload());
                host.send(AdbMessage.of(AdbCommand.OKAY, 1, opened.arg0()));
            }

            assertThat(received.toByteArray()).hasSize(10_000).isEqualTo(java.util.Arrays.copyOf(
                    SampleProfiles.pixel().displays().get(0).screenshot().read(), 10_000));
        }
    }

    @Test
    void stallFaultDeliversExactlyTheBudgetThenHangsUntilTheHostClosesTheStream() throws Exception {
        simulator = DeviceSimulator.start(SimulatorProfile.builder()
                .fault("screencap", ServiceFault.stallAfterBytes(10_000)).build(), 0);
        try (RawAdbClient host = new RawAdbClient(simulator.port())) {
            host.connect(AdbMessageCodec.VERSION_SKIP_CHECKSUM, 4096);
            AdbMessage opened = host.open(1, "exec:screencap -p");
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            while (received.size() < 10_000) {
                AdbMessage m = host.read();
                assertThat(m.command()).isEqualTo(AdbCommand.WRTE);
                received.writeBytes(m.payload());
                host.send(AdbMessage.of(AdbCommand.OKAY, 1, opened.arg0()));
            }
            assertThat(simulator.awaitStall(c -> c.startsWith("screencap"), java.time.Duration.ofSeconds(30)))
                    .isEqualTo("screencap -p");
            assertThat(received.toByteArray()).isEqualTo(java.util.Arrays.copyOf(
                    SampleProfiles.pixel().displays().get(0).screenshot().read(), 10_000));

            // The host gives up on the stream; the connection and the device go on serving.
            host.send(AdbMessage.of(AdbCommand.CLSE, 1, opened.arg0()));
            assertThat(host.run(2, "shell:wm size", 4096)).asString().isEqualTo("Physical size: 1080x2400\n");
            assertThat(simulator.stallCount()).isEqualTo(1);
        }
    }
}
