package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.ScreenshotSource.ScreenshotTransfer;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The screenshot through the real adb server to a simulated phone. */
@Timeout(60)
class AdbScreenshotSourceIntegrationTest {
    private static final String INNER = "4619827551948147201";
    private static final String OUTER = "4619827259835644672";
    private static final byte[] INNER_PNG = ScreenshotFixtures.smallPng(220, 180, 1);
    private static final byte[] OUTER_PNG = ScreenshotFixtures.smallPng(108, 240, 2);
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static SimulatorProfile foldable(boolean innerActive, boolean outerActive) {
        return SimulatorProfile.builder().displays(
                new DisplaySpec(0, INNER, innerActive, true, 2208, 1840, 0, 1,
                        ProfileFile.inMemory("inner.png", INNER_PNG)),
                new DisplaySpec(0, OUTER, outerActive, true, 1080, 2092, 0, 0,
                        ProfileFile.inMemory("outer.png", OUTER_PNG))).build();
    }

    /** A transfer and the bytes its sink received, in the pieces they came in. */
    private record Received(ScreenshotTransfer transfer, byte[] bytes, List<Integer> pieces) {
    }

    private static Received capture(AdbScreenshotSource source, DeviceSimulator simulator, long millis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<Integer> pieces = new ArrayList<>();
        ScreenshotTransfer transfer = source.capture(simulator.serial(), millis(millis), (data, offset, length) -> {
            bytes.write(data, offset, length);
            pieces.add(length);
            return true;
        });
        assertThat(transfer.bytesReceived()).isEqualTo(bytes.size());
        return new Received(transfer, bytes.toByteArray(), pieces);
    }

    private static Received capture(DeviceSimulator simulator) {
        return capture(new AdbScreenshotSource(new AdbServerClient(adb.environment())), simulator, 10_000);
    }

    @Test
    void aFoldableWhoseOuterScreenIsActiveGivesTheOuterScreensPng() {
        DeviceSimulator phone = adb.attach(foldable(false, true));

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.failure()).isEmpty();
        assertThat(transfer.transportCompleted()).isTrue();
        assertThat(received.bytes()).isEqualTo(OUTER_PNG);
        assertThat(new PngVerifier().verify(received.bytes())).isEqualTo(new ImageVerification.Verified(108, 240));
        ScreenshotSource.TransportReceipt receipt = transfer.receipt().orElseThrow();
        assertThat(receipt.command()).isEqualTo("screencap -p -d '" + OUTER + "'");
        assertThat(receipt.displayId()).isZero();
        assertThat(receipt.physicalDisplayId()).isEqualTo(OUTER);
        assertThat(receipt.legacyDisplayDump()).isFalse();
        assertThat(receipt.displayState()).isEqualTo("ON");
        assertThat(receipt.bytesReceived()).isEqualTo(OUTER_PNG.length);
        assertThat(receipt.exitStatus()).isNull();
        assertThat(phone.receivedServices())
                .containsSubsequence("shell,v2,raw:dumpsys display", "exec:screencap -p -d '" + OUTER + "'");
    }

    @Test
    void theSamplePhoneOverLegacyShellStillCapturesItsOneScreen() {
        SimulatorProfile sample = SimulatorProfile.builder().shellV2(false).build();
        DeviceSimulator phone = adb.attach(sample);

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.failure()).isEmpty();
        assertThat(received.bytes()).isEqualTo(sample.displays().get(0).screenshot().read());
        assertThat(phone.receivedServices()).contains("shell:dumpsys display");
    }

    @Test
    void anOlderDisplayDumpCapturesTheDefaultDisplayWithoutDashD() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().legacyDisplayDump(true)
                .displays(DisplaySpec.of(0, "0", 108, 240, ProfileFile.inMemory("s.png", OUTER_PNG))).build());

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.failure()).isEmpty();
        assertThat(received.bytes()).isEqualTo(OUTER_PNG);
        assertThat(transfer.receipt().orElseThrow()).extracting(ScreenshotSource.TransportReceipt::command,
                ScreenshotSource.TransportReceipt::legacyDisplayDump, ScreenshotSource.TransportReceipt::physicalDisplayId)
                .containsExactly("screencap -p", true, null);
        assertThat(phone.receivedServices()).contains("exec:screencap -p");
    }

    /** The warning Android's screencap prints on a phone with several displays when given no display id. */
    private static final String MULTIPLE_DISPLAYS = "[Warning] Multiple displays were found, but no display id was"
            + " specified! Defaulting to the first display found, however this default is not guaranteed to be"
            + " consistent across captures. A display id should be specified.\n";

    private static byte[] warnedPng() {
        byte[] warning = MULTIPLE_DISPLAYS.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bytes = Arrays.copyOf(warning, warning.length + OUTER_PNG.length);
        System.arraycopy(OUTER_PNG, 0, bytes, warning.length, OUTER_PNG.length);
        return bytes;
    }

    @Test
    void textBeforeThePngIsQuotedAndTheDisplayAskedForNamed() {
        byte[] warned = warnedPng();
        DeviceSimulator legacy = adb.attach(SimulatorProfile.builder().legacyDisplayDump(true)
                .displays(DisplaySpec.of(0, "0", 108, 240, ProfileFile.inMemory("s.png", warned))).build());
        DeviceSimulator modern = adb.attach(SimulatorProfile.builder()
                .displays(DisplaySpec.of(0, OUTER, 108, 240, ProfileFile.inMemory("s.png", warned))).build());

        Received plain = capture(legacy);
        Received chosen = capture(modern);

        assertThat(plain.bytes()).isEqualTo(warned);
        assertThat(plain.transfer().failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.SCREENSHOT_FAILED);
            assertThat(failure.message()).contains("it began with \"[Warning] Multiple displays were found, but no"
                    + " display id was specified! Defaulting to the first display found, however …\"").contains("asked for no display id").contains("plain `screencap -p`");
        });
        assertThat(chosen.transfer().failure()).hasValueSatisfying(failure ->
                assertThat(failure.message()).contains("asked for physical display " + OUTER));
    }

    @Test
    void aDeviceErrorInsteadOfThePngIsQuotedEscaped() {
        byte[] error = "Failed\tto take\rscreenshot. \"Status\": -2\nmore\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .displays(DisplaySpec.of(0, OUTER, 108, 240, ProfileFile.inMemory("s.png", error))).build());

        Received received = capture(phone);

        assertThat(received.transfer().failure()).hasValueSatisfying(failure -> assertThat(failure.message())
                .contains("it began with \"Failed\\tto take\\rscreenshot. \\\"Status\\\": -2\"")
                .doesNotContain("more").doesNotContain("asked for"));
    }

    @Test
    void aRecordedPhoneWhoseScreenIsOffIsRefusedWithWhatToDo() {
        DeviceSimulator phone = adb.attach(com.androperator.evidence.simulator.recorded.RecordedPhone.fromCorpus(
                "mtk-tb8168p1-a13", SimulatorProfile.builder().build()));

        Received received = capture(phone);

        assertThat(received.transfer().failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.DISPLAY_SELECTION_FAILED);
            assertThat(failure.message()).contains("the screen is off (Display State=OFF, its viewport isActive=false)")
                    .contains("never wakes").contains("adb shell input keyevent KEYCODE_WAKEUP");
        });
        assertThat(received.transfer().receipt().orElseThrow().displayState()).isEqualTo("OFF");
        assertThat(phone.receivedServices()).noneMatch(service -> service.contains("screencap")
                || service.contains("input keyevent"));
    }

    @Test
    void twoActiveScreensFailTheSelectionWithoutAScreencap() {
        DeviceSimulator phone = adb.attach(foldable(true, true));

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.DISPLAY_SELECTION_FAILED);
            assertThat(failure.message()).contains("2 display viewports").contains(INNER).contains(OUTER);
        });
        assertThat(phone.receivedServices()).noneMatch(service -> service.contains("screencap"));
    }

    @Test
    void aDeviceCutMidScreencapKeepsThePartialBytesButProvesNothing() {
        DeviceSimulator phone = adb.attach(foldable(false, true).toBuilder()
                .fault("screencap", ServiceFault.dropAfterBytes(1000)).build());

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(received.bytes()).hasSize(1000).isEqualTo(Arrays.copyOf(OUTER_PNG, 1000));
        assertThat(transfer.receipt().orElseThrow().bytesReceived()).isEqualTo(1000L);
        // The server reports the dead device as a clean end of stream: only the PNG check can tell.
        assertThat(new PngVerifier().verify(received.bytes())).isInstanceOf(ImageVerification.Rejected.class);
    }

    @Test
    void aScreenshotOverTheCapFailsWithTheBytesSoFar() {
        DeviceSimulator phone = adb.attach(foldable(false, true));

        Received received = capture(new AdbScreenshotSource(new AdbServerClient(adb.environment()), 4096), phone, 10_000);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.SCREENSHOT_FAILED);
            assertThat(failure.message()).contains("over the 4096 bytes cap");
        });
        assertThat(received.bytes()).isEqualTo(Arrays.copyOf(OUTER_PNG, 4096));
    }

    @Test
    void theDeadlineEndsAScreencapAsCommandTimeout() {
        DeviceSimulator phone = adb.attach(foldable(false, true).toBuilder().latency("screencap", 5_000).build());

        ScreenshotTransfer transfer = capture(new AdbScreenshotSource(new AdbServerClient(adb.environment())), phone, 800).transfer();

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).hasValueSatisfying(failure ->
                assertThat(failure.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT));
        assertThat(transfer.receipt().orElseThrow().command()).isEqualTo("screencap -p -d '" + OUTER + "'");
    }

    @Test
    void aDeviceErrorInsteadOfAPngIsAScreenshotFailure() {
        DeviceSimulator phone = adb.attach(foldable(false, true).toBuilder()
                .fault("screencap", ServiceFault.fail(1, "Failed to take screenshot. Status: -5\n")).build());

        Received received = capture(phone);
        ScreenshotTransfer transfer = received.transfer();

        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.SCREENSHOT_FAILED);
            assertThat(failure.message()).contains("Failed to take screenshot. Status: -5");
        });
    }

    @Test
    void anExpiredBudgetSendsNothing() {
        DeviceSimulator phone = adb.attach(foldable(false, true));
        int before = phone.receivedServices().size();

        ScreenshotTransfer transfer = capture(new AdbScreenshotSource(new AdbServerClient(adb.environment())), phone, 0).transfer();

        assertThat(transfer.failure().orElseThrow().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(phone.receivedServices()).hasSize(before);
    }

    /** The sample phone's small screen and the Pixel's megabyte one. */
    static Stream<SimulatorProfile> screens() {
        return Stream.of(SimulatorProfile.builder().build(), SampleProfiles.pixel());
    }

    /**
     * The bytes reach the sink as they are read from the socket, never gathered into one array
     * first: whole, in order, in pieces of at most 64 KiB however much a read took
     * ({@code RawStreamReadsTest} makes reads take more than 64 KiB).
     */
    @ParameterizedTest
    @MethodSource("screens")
    void aLargeScreenshotArrivesAtTheSinkInPiecesAsItIsRead(SimulatorProfile profile) {
        byte[] png = profile.displays().get(0).screenshot().read();
        DeviceSimulator phone = adb.attach(profile);

        Received received = capture(phone);

        assertThat(received.transfer().transportCompleted()).isTrue();
        assertThat(received.bytes()).isEqualTo(png);
        assertThat(received.pieces()).hasSizeGreaterThan(png.length / (64 * 1024));
        assertThat(received.pieces()).allSatisfy(piece -> assertThat(piece).isBetween(1, 64 * 1024));
    }

    @Test
    void aSinkThatCanKeepNoMoreStopsTheTransferThere() {
        SimulatorProfile sample = SimulatorProfile.builder().build();
        byte[] png = sample.displays().get(0).screenshot().read();
        DeviceSimulator phone = adb.attach(sample);
        ByteArrayOutputStream kept = new ByteArrayOutputStream();

        ScreenshotTransfer transfer = new AdbScreenshotSource(new AdbServerClient(adb.environment())).capture(phone.serial(), millis(10_000),
                (data, offset, length) -> {
                    if (kept.size() >= 100_000) {
                        return false;
                    }
                    kept.write(data, offset, length);
                    return true;
                });

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.SCREENSHOT_FAILED);
            assertThat(failure.message()).contains("receiver stopped the transfer");
        });
        assertThat(kept.toByteArray()).isEqualTo(Arrays.copyOf(png, kept.size()));
        assertThat((long) kept.size()).isLessThan(png.length);
    }
}
