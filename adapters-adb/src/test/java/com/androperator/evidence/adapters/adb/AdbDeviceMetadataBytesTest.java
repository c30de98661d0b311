package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.model.Observation;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Metadata output that is not UTF-8, scripted at the adb server protocol (the simulator prints
 * text): a value that reaches the manifest is never recorded with replacement characters, the rest
 * of the output stays usable, and numbers cannot be changed by a stray byte.
 */
@Timeout(20)
class AdbDeviceMetadataBytesTest {
    private static final String SERIAL = "127.0.0.1:5555";

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("lone continuation byte", new byte[] {(byte) 0x80}),
                Arguments.of("overlong encoding", new byte[] {(byte) 0xC0, (byte) 0xAF}),
                Arguments.of("truncated three-byte sequence at the end", new byte[] {(byte) 0xE2, (byte) 0x82}),
                Arguments.of("0xFF", new byte[] {(byte) 0xFF}),
                Arguments.of("encoded surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object part : parts) {
            out.writeBytes(part instanceof byte[] raw ? raw : part.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** A device whose every shell command prints {@code stdout} (shell v2) and exits 0. */
    private static FakeAdbServer deviceAnswering(byte[] stdout) throws Exception {
        return new FakeAdbServer(c -> {
            if (c.request().endsWith(":features")) {
                c.okayPayload("cmd,shell_v2,stat_v2");
                return;
            }
            c.acceptTransport();
            c.okay();
            c.frame(1, stdout);
            c.frame(3, new byte[] {0});
        });
    }

    private static Deadline budget() {
        return Deadline.after(MonotonicClock.SYSTEM, 10_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void aPropertyValueThatIsNotUtf8IsUnavailableAndTheOthersAreKept(String name, byte[] bad) throws Exception {
        byte[] getprop = bytes("[ro.product.manufacturer]: [Google]\n[ro.product.model]: [Pixel ", bad, "]\n",
                "[ro.build.version.sdk]: [34]\n[ro.kernel.qemu]: [0]\n[vendor.n", bad, "ame]: [x]\n");
        try (FakeAdbServer server = deviceAnswering(getprop)) {
            Observation<PropertyInventory> read = new AdbDeviceMetadata(new AdbServerClient(server.environment()))
                    .properties(SERIAL, budget());

            PropertyInventory inventory = ((Observation.Observed<PropertyInventory>) read).value();
            assertThat(inventory.parseable()).isTrue();
            assertThat(inventory.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "ro.product.manufacturer", "Google", "ro.build.version.sdk", "34", "ro.kernel.qemu", "0"));
            assertThat(inventory.notUtf8()).containsExactly("ro.product.model");
            assertThat(inventory.properties().values()).noneMatch(value -> value.contains("\uFFFD"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void anOperatorVersionThatIsNotUtf8IsUnavailable(String name, byte[] bad) throws Exception {
        byte[] dump = bytes("Packages:\n  Package [com.androperator.operator.dev] (4f1c):\n    versionName=0.12.", bad,
                "\n    versionCode=1201\n");
        try (FakeAdbServer server = deviceAnswering(dump)) {
            Observation<String> version = new AdbDeviceMetadata(new AdbServerClient(server.environment()))
                    .operatorVersion(SERIAL, "com.androperator.operator.dev", budget());

            assertThat(version).isInstanceOf(Observation.Unavailable.class);
            Observation.Unavailable<String> unavailable = (Observation.Unavailable<String>) version;
            assertThat(unavailable.failure().code()).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
            assertThat(unavailable.failure().message()).contains("not valid UTF-8");
        }
    }

    /**
     * A bad byte on a line a parser reads makes its value unavailable (an override that cannot be
     * read must not leave the physical size standing in for it); one on any other line costs nothing.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void aNumberIsReadExactlyOrNotAtAll(String name, byte[] bad) throws Exception {
        AdbDeviceMetadata metadata;
        try (FakeAdbServer clean = deviceAnswering(bytes("note ", bad, "\nPhysical size: 1080x2400\n"
                + "Override size: 720x1600\n"))) {
            WmSize wm = ((Observation.Observed<WmSize>) new AdbDeviceMetadata(new AdbServerClient(clean.environment()))
                    .displaySize(SERIAL, budget())).value();
            assertThat(wm.physical().width()).isEqualTo(1080);
            assertThat(wm.override().height()).isEqualTo(1600);
        }
        try (FakeAdbServer broken = deviceAnswering(bytes("Physical size: 1080x2400\nOverride size: 720x16", bad,
                "00\n"))) {
            metadata = new AdbDeviceMetadata(new AdbServerClient(broken.environment()));
            Observation<WmSize> size = metadata.displaySize(SERIAL, budget());

            assertThat(size).isInstanceOf(Observation.Unavailable.class);
            assertThat(((Observation.Unavailable<WmSize>) size).failure().message()).contains("not valid UTF-8")
                    .contains("Override size: 720x16\uFFFD");
        }
        try (FakeAdbServer input = deviceAnswering(bytes("  Device 7: Keyboard ", bad, "\n  Viewport INTERNAL: "
                + "displayId=0, uniqueId='local:1', orientation=3, valid=true\n"))) {
            Observation<Integer> rotation = new AdbDeviceMetadata(new AdbServerClient(input.environment()))
                    .rotation(SERIAL, budget());
            assertThat(rotation).isEqualTo(Observation.of(3));
        }
    }

    @Test
    void unusableOutputIsQuotedWithItsBadBytesShownNotReplaced() throws Exception {
        try (FakeAdbServer server = deviceAnswering(bytes("wm: ", new byte[] {(byte) 0xFF, (byte) 0xFE}, " broken\n"))) {
            Observation<WmSize> size = new AdbDeviceMetadata(new AdbServerClient(server.environment()))
                    .displaySize(SERIAL, budget());

            assertThat(((Observation.Unavailable<WmSize>) size).failure().message()).contains("wm: \\xFF\\xFE broken")
                    .doesNotContain("\uFFFD");
        }
    }
}
