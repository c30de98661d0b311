package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.recorded.RealWorldCorpus;
import com.androperator.evidence.simulator.recorded.RecordedPhone;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every device of the real-world corpus (device-simulator's {@code realworld/}) as a recorded
 * phone, through the real adb server and {@code androperator evidence capture} as a child process:
 * the manifest's device facts are those of {@code truth.json}, field by field. A fact the
 * recording does not tell is null in truth.json and must be null (device type: unknown) in the
 * manifest, never the value of the simulator's default phone.
 */
class RealWorldDevicesCliTest {
    /** truth.json's field, and where the manifest keeps it. */
    private static final Map<String, String> FIELDS = Map.of(
            "width", "/device/display/width",
            "height", "/device/display/height",
            "density", "/device/display/density",
            "rotation", "/device/display/rotation",
            "api_level", "/device/apiLevel",
            "android_version", "/device/androidVersion",
            "manufacturer", "/device/manufacturer",
            "model", "/device/model",
            "device_type", "/device/deviceType");

    @TempDir
    Path temp;

    static List<String> devices() {
        return RealWorldCorpus.DEVICES;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void theManifestSaysWhatTheRecordingSays(String device) throws IOException {
        JsonNode manifest = capture(device);
        JsonNode truth = ContractJson.mapper().readTree(RealWorldCorpus.truthJson()).get(device);
        assertThat(truth).as("truth.json lists " + device).isNotNull();
        FIELDS.forEach((field, pointer) -> assertThat(shown(manifest.at(pointer)))
                .as(device + " " + field + " (" + pointer + ")")
                .isEqualTo(expected(field, truth.get(field))));
    }

    @Test
    void thePhoneWhoseScreenIsOffIsToldToBeWokenNotWoken() throws IOException {
        JsonNode manifest = capture("mtk-tb8168p1-a13");

        assertThat(manifest.at("/status").asString()).isEqualTo("partial");
        assertThat(manifest.toString()).contains("DISPLAY_SELECTION_FAILED")
                .contains("the screen is off (Display State=OFF, its viewport isActive=false)")
                .contains("adb shell input keyevent KEYCODE_WAKEUP");
    }

    /** The unfolded foldable: its inner screen (display 0, active, ON) is captured, not its cover (display 3, off). */
    @Test
    void theFoldableIsCapturedOnItsActiveInnerScreen() throws IOException {
        capture("pixel9profold-emulator-api37");

        JsonNode screenshot = ContractJson.mapper().readTree(
                Files.readAllBytes(temp.resolve("bundle").resolve("captures.json"))).get(0);
        assertThat(screenshot.at("/result/physicalDisplayId").asString()).isEqualTo("4619827259835644672");
        assertThat(screenshot.at("/result/displayState").asString()).isEqualTo("ON");
    }

    /**
     * The MediaTek phone's real screenshot (its screen was off: every pixel black) served by a phone
     * whose screen is on: complete, and captures.json, the pretty output and the view say what it shows.
     */
    @Test
    void aVerifiedBlackScreenshotIsCompleteAndSaidToBeEntirelyBlack() throws IOException {
        byte[] black = RealWorldCorpus.bytes("mtk-tb8168p1-a13", "screencap.png").orElseThrow();
        Path bundle = temp.resolve("bundle");
        Path page = temp.resolve("view.html");
        String words = "the screenshot is entirely #000000: a secure window, DRM content or a screen that is off"
                + " show this way (display state ON)";
        try (PrivateAdbLab lab = PrivateAdbLab.withSamplePhone()) {
            lab.phone(sample -> sample.toBuilder().eachDisplay(display -> display.withScreenshot(
                    ProfileFile.inMemory("black.png", black))).build());
            CliProcess cli = new CliProcess(lab.environment(), Files.createDirectory(temp.resolve("scratch")));

            CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(), "--operator-package",
                    AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "120000", "--output", "pretty");
            CliProcess.Run view = cli.run("evidence", "view", bundle.toString(), "--out", page.toString());

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout()).startsWith("COMPLETE").contains("screen    " + words);
            assertThat(view.exitCode()).as(view.toString()).isZero();
        }
        Conformance.assertConforms(bundle);
        JsonNode screenshot = ContractJson.mapper().readTree(Files.readAllBytes(bundle.resolve("captures.json"))).get(0);
        assertThat(screenshot.at("/result/singleColour").asString()).isEqualTo("#000000");
        assertThat(screenshot.at("/result/displayState").asString()).isEqualTo("ON");
        assertThat(Files.readString(page)).contains(words);
    }

    /** One capture of a corpus device as a recorded phone: its manifest. */
    private JsonNode capture(String device) throws IOException {
        Path bundle = temp.resolve("bundle");
        try (PrivateAdbLab lab = PrivateAdbLab.withSamplePhone()) {
            lab.phone(sample -> RecordedPhone.fromCorpus(device, SampleProfiles.pixel()));
            CliProcess cli = new CliProcess(lab.environment(), Files.createDirectory(temp.resolve("scratch")));

            CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(), "--operator-package",
                    AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "120000");

            assertThat(run.exitCode()).as(run.toString()).isIn(0, 1);
        }
        Conformance.assertConforms(bundle);
        return ContractJson.mapper().readTree(Files.readAllBytes(bundle.resolve("manifest.json")));
    }

    /** truth.json's null is a fact the files do not tell: null in the manifest, "unknown" for the device type. */
    private static String expected(String field, JsonNode truth) {
        if (truth == null || truth.isNull()) {
            return field.equals("device_type") ? "unknown" : "null";
        }
        return truth.asString();
    }

    private static String shown(JsonNode value) {
        return value.isMissingNode() || value.isNull() ? "null" : value.asString();
    }
}
