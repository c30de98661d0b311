package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.model.RequestField;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Device selection against scripted {@code host:devices-l} listings, including states a simulator cannot reach. */
@Timeout(20)
class AdbDeviceSelectorTest {
    private static final String USB = "0123456789ABCDEF";
    private static final String TCP = "127.0.0.1:40123";

    private static FakeAdbServer listing(String devices) throws Exception {
        return new FakeAdbServer(c -> {
            if (c.request().equals("host:version")) {
                c.okayPayload("0029");
            } else if (c.request().equals("host:devices-l")) {
                c.okayPayload(devices);
            } else {
                c.fail("unexpected " + c.request());
            }
        });
    }

    private static DeviceSelection select(FakeAdbServer server, String serial) {
        return new AdbDeviceSelector(new AdbServerClient(server.environment()))
                .select(Optional.ofNullable(serial), Deadline.after(MonotonicClock.SYSTEM, 5_000));
    }

    private static DeviceSelection.Refused refused(DeviceSelection selection, String code) {
        assertThat(selection).isInstanceOf(DeviceSelection.Refused.class);
        DeviceSelection.Refused refused = (DeviceSelection.Refused) selection;
        assertThat(refused.failure().code()).as(refused.failure().message()).isEqualTo(code);
        assertThat(refused.hint().render(RequestField::name)).isNotBlank();
        return refused;
    }

    @Test
    void theOnlyDeviceIsSelectedWithoutASerial() throws Exception {
        try (FakeAdbServer server = listing(TCP + "        device product:sim model:Sim device:sim transport_id:1\n")) {
            assertThat(select(server, null)).isEqualTo(new DeviceSelection.Selected(TCP));
            assertThat(server.requests()).as("a server that lists its devices is running").containsExactly("host:devices-l");
        }
    }

    @Test
    void anExplicitSerialMustBeListedAsDevice() throws Exception {
        String devices = USB + "       device usb:1-1 product:panther model:Pixel_7 device:panther transport_id:2\n"
                + TCP + "        offline transport_id:3\n"
                + "emulator-5554          unauthorized transport_id:4\n"
                + "R58M1       no permissions (user in plugdev group; are your udev rules wrong?); see"
                + " [http://developer.android.com/tools/device.html] usb:1-2 transport_id:5\n"
                + "ZX1G22      recovery usb:1-3 transport_id:6\n";
        try (FakeAdbServer server = listing(devices)) {
            assertThat(select(server, USB)).isEqualTo(new DeviceSelection.Selected(USB));
            assertThat(refused(select(server, TCP), ErrorCodes.DEVICE_OFFLINE).failure().message()).contains("offline");
            refused(select(server, "emulator-5554"), ErrorCodes.DEVICE_UNAUTHORIZED);
            assertThat(refused(select(server, "R58M1"), ErrorCodes.DEVICE_UNAUTHORIZED).failure().details().asMap())
                    .containsEntry("state", "no permissions");
            assertThat(refused(select(server, "ZX1G22"), ErrorCodes.DEVICE_OFFLINE).failure().message())
                    .contains("recovery");
            DeviceSelection.Refused absent = refused(select(server, "nope-1"), ErrorCodes.DEVICE_NOT_FOUND);
            assertThat(absent.failure().message()).contains("nope-1").contains(USB + " (device)");
        }
    }

    @Test
    void severalReadyDevicesWithoutASerialNeedOneChosen() throws Exception {
        try (FakeAdbServer server = listing(USB + " device transport_id:1\n" + TCP + " device transport_id:2\n"
                + "emulator-5554 offline transport_id:3\n")) {
            DeviceSelection.Refused refused = refused(select(server, null), ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);

            assertThat(refused.failure().details().asMap()).containsEntry("serials", List.of(USB, TCP));
            assertThat(refused.failure().message()).contains("emulator-5554 (offline)");
            assertThat(refused.hint().field()).as("the hint names the device field, which each edge spells").isEqualTo(RequestField.DEVICE);
            assertThat(refused.hint().render(RequestField::name)).contains("pass DEVICE <serial>").contains("ANDROID_SERIAL").contains(USB).contains(TCP)
                    .doesNotContain("emulator-5554");
        }
    }

    @Test
    void oneReadyDeviceBesideAnOfflineOneIsTheOneTaken() throws Exception {
        try (FakeAdbServer server = listing(USB + " device transport_id:1\n" + TCP + " offline transport_id:2\n")) {
            assertThat(select(server, null)).isEqualTo(new DeviceSelection.Selected(USB));
        }
    }

    @Test
    void noDeviceIsNoDevices() throws Exception {
        try (FakeAdbServer server = listing("")) {
            refused(select(server, null), ErrorCodes.NO_DEVICES);
        }
    }

    @Test
    void withoutASerialDevicesThatAreNotReadyAreNoDevicesNamedInTheMessage() throws Exception {
        try (FakeAdbServer server = listing("emulator-5554 unauthorized transport_id:4\n" + TCP + " offline\n")) {
            DeviceSelection.Refused refused = refused(select(server, null), ErrorCodes.NO_DEVICES);
            assertThat(refused.failure().message()).contains("emulator-5554 (unauthorized)").contains(TCP + " (offline)");
            assertThat(refused.failure().details().asMap()).containsEntry("serials", List.of("emulator-5554", TCP));
        }
    }

    @Test
    void anInvalidSerialIsRefusedBeforeAskingTheServer() throws Exception {
        try (FakeAdbServer server = listing("")) {
            refused(select(server, "x;reboot"), ErrorCodes.DEVICE_NOT_FOUND);
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void aServerThatCannotListDevicesIsAdbUnavailable() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            if (c.request().equals("host:version")) {
                c.okayPayload("0029");
            } else {
                c.fail("internal error");
            }
        })) {
            assertThat(refused(select(server, null), ErrorCodes.ADB_UNAVAILABLE).failure().message())
                    .isEqualTo("the adb server did not list devices: fail: internal error");
            assertThat(server.requests()).as("a listing that did not complete: the version, then the listing again")
                    .containsExactly("host:devices-l", "host:version", "host:devices-l");
        }
    }

    @Test
    void aListingThatFailsOnceIsAskedAgainAfterTheVersionCheck() throws Exception {
        java.util.concurrent.atomic.AtomicInteger listings = new java.util.concurrent.atomic.AtomicInteger();
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            if (c.request().equals("host:version")) {
                c.okayPayload("0029");
            } else if (listings.incrementAndGet() == 1) {
                c.write("HTTP/1.1 400");
            } else {
                c.okayPayload(TCP + "        device transport_id:1\n");
            }
        })) {
            assertThat(select(server, TCP)).isEqualTo(new DeviceSelection.Selected(TCP));
            assertThat(server.requests()).containsExactly("host:devices-l", "host:version", "host:devices-l");
        }
    }

    @Test
    void whatTheVersionCheckRefusesIsRefusedAsBefore() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.write("HTTP/1.1 400"))) {
            String message = refused(select(server, null), ErrorCodes.ADB_UNAVAILABLE).failure().message();
            assertThat(message).isEqualTo("the adb server at 127.0.0.1:" + server.port() + " cannot be used: io_error:"
                    + " the adb server answered 'HTTP' instead of OKAY or FAIL; install Android platform-tools / Debian:"
                    + " apt-get install -y adb, or set ADB_SERVER_SOCKET=tcp:HOST:PORT to use a running server");
            assertThat(server.requests()).containsExactly("host:devices-l", "host:version");
        }
    }

    @Test
    void aListingTheDeadlineCutIsRefusedAsTheListingWithoutAskingMore() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.holdUntilClientCloses())) {
            DeviceSelection selection = new AdbDeviceSelector(new AdbServerClient(server.environment()))
                    .select(Optional.empty(), Deadline.after(MonotonicClock.SYSTEM, 300));

            assertThat(refused(selection, ErrorCodes.COMMAND_TIMEOUT).failure().message())
                    .isEqualTo("the adb server did not list devices before the deadline");
            assertThat(server.requests()).containsExactly("host:devices-l");
        }
    }

    @Test
    void aListingLineSplitsAsTheRegularExpressionSplitItIntoSerialStateAndTheRest() {
        java.util.regex.Pattern whitespace = java.util.regex.Pattern.compile("\\s+");
        for (String line : List.of("emulator-5554", "emulator-5554 device", "emulator-5554\tdevice",
                TCP + "        device product:sim model:Sim device:sim transport_id:1",
                "R58M1       no permissions (user in plugdev group); see [x]  usb:1-2 \t transport_id:5",
                "a \u000B\f\r b  c  d", "a\u00A0b device", "a\u001Cb device  x")) {
            assertThat(AdbDeviceSelector.fields(line)).as(line).containsExactly(whitespace.split(line, 3));
        }
    }
}
