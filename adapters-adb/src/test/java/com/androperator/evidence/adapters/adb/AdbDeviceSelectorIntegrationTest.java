package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Device selection through the real adb server, and starting that server when none runs. */
@Timeout(60)
class AdbDeviceSelectorIntegrationTest {
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static DeviceSelection select(String serial) {
        return new AdbDeviceSelector(new AdbServerClient(adb.environment())).select(Optional.ofNullable(serial), millis(10_000));
    }

    @Test
    void theOnlyAttachedPhoneIsSelectedAndAnExplicitSerialToo() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());

        assertThat(select(null)).isEqualTo(new DeviceSelection.Selected(phone.serial()));
        assertThat(select(phone.serial())).isEqualTo(new DeviceSelection.Selected(phone.serial()));
        DeviceSelection absent = select("127.0.0.1:1");
        assertThat(((DeviceSelection.Refused) absent).failure().code()).isEqualTo(ErrorCodes.DEVICE_NOT_FOUND);
    }

    @Test
    void twoPhonesNeedAnExplicitSerial() {
        DeviceSimulator first = adb.attach(SimulatorProfile.builder().build());
        DeviceSimulator second = adb.attach(SimulatorProfile.builder().build());

        DeviceSelection.Refused refused = (DeviceSelection.Refused) select(null);

        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        assertThat(refused.hint().field()).isEqualTo(RequestField.DEVICE);
        assertThat(refused.hint().render(RequestField::name)).contains("pass DEVICE").contains(first.serial()).contains(second.serial());
        assertThat(select(second.serial())).isEqualTo(new DeviceSelection.Selected(second.serial()));
    }

    @Test
    void hostConnectAnswersOkayEvenWhenItFailsAndTheTextTells() throws Exception {
        DeviceSimulator phone = DeviceSimulator.start(SimulatorProfile.builder().build(), 0);
        try {
            AdbServerClient client = new AdbServerClient(adb.environment());
            int closedPort;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closedPort = probe.getLocalPort();
            }

            StreamResult refused = client.connect("127.0.0.1:" + closedPort, millis(10_000));
            StreamResult connected = client.connect(phone.serial(), millis(10_000));

            assertThat(refused.completed()).isTrue();
            assertThat(AdbServerClient.connectSucceeded(refused)).as(refused.stdoutText()).isFalse();
            assertThat(AdbServerClient.connectSucceeded(connected)).as(connected.stdoutText()).isTrue();
            assertThat(adb.adb().awaitState(phone.serial(), "device", Duration.ofSeconds(15))).isEqualTo("device");
            assertThat(client.state(phone.serial(), millis(5_000)).stdoutText()).isEqualTo("device");
            assertThat(client.state("127.0.0.1:" + closedPort, millis(5_000)).outcome())
                    .isEqualTo(StreamResult.Outcome.FAIL);
        } finally {
            adb.adb().disconnect(phone.serial());
            phone.close();
        }
    }

    @Test
    void aPhoneThatDiedIsOffline() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("getprop", ServiceFault.dropAfterBytes(10, 20_000)).build());
        new AdbServerClient(adb.environment()).shellV2(phone.serial(), "getprop", millis(5_000), 1 << 20, null);
        assertThat(adb.adb().awaitState(phone.serial(), "offline", Duration.ofSeconds(15))).isEqualTo("offline");

        DeviceSelection.Refused refused = (DeviceSelection.Refused) select(phone.serial());

        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.DEVICE_OFFLINE);
    }

    @Test
    void whenNothingListensTheSelectorStartsALocalServer() throws Exception {
        Path home = Files.createTempDirectory("adb-selector-home-");
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Map<String, String> environment = new HashMap<>();
        environment.put("ANDROID_ADB_SERVER_PORT", Integer.toString(port));
        environment.put("HOME", home.toString());
        environment.put("TMPDIR", home.toString());
        environment.put("ADB_EMU", "0");
        environment.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        AdbServerClient client = new AdbServerClient(environment);
        try {
            assertThat(client.hostQuery("host:version", millis(5_000)).outcome())
                    .isEqualTo(StreamResult.Outcome.SERVER_UNREACHABLE);

            DeviceSelection selection = new AdbDeviceSelector(client).select(Optional.empty(), millis(20_000));

            assertThat(((DeviceSelection.Refused) selection).failure().code()).isEqualTo(ErrorCodes.NO_DEVICES);
            assertThat(client.ensureServer(millis(5_000))).isInstanceOf(AdbServerClient.ServerCheck.Running.class);
            assertThat(((AdbServerClient.ServerCheck.Running) client.ensureServer(millis(5_000))).startedNow()).isFalse();
        } finally {
            ProcessBuilder kill = new ProcessBuilder(AdbServerHarness.locateAdb().toString(), "kill-server")
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
            kill.environment().clear();
            kill.environment().putAll(environment);
            Process process = kill.start();
            process.waitFor(10, TimeUnit.SECONDS);
            deleteTree(home);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        }
    }
}
