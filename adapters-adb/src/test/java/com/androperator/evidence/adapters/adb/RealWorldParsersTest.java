package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.simulator.recorded.RealWorldCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The device-side parsers on real devices' outputs (device-simulator's {@code realworld/} corpus,
 * verbatim from public sources; the expected values are those of its {@code truth.json}).
 */
class RealWorldParsersTest {
    /** A real head unit's line (issue 25): its value ends in a carriage return. */
    private static final String HEAD_UNIT_LINE = "[persist.vendor.gwm.cfg.bean_file_version]: [cfgVersion:E0480037\r]\n";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "smartron-t5911-a8.1|27|8.1.0|Smartron|T5911",
            "emulator-sdk_gphone_x86-a9|28|9|Google|Android SDK built for x86",
            "mtk-tb8168p1-a13|33|13|AXXS|tb8168p1_64_bsp_k510",
            "samsung-sm-s936b-a16|36|16|samsung|SM-S936B",
            "xiaomi-pad6-23043rp34g-a14|34|14|Xiaomi|23043RP34G",
            "poco-f6-24069pc21i-a15|35|15|Xiaomi|24069PC21I",
            "pixel8pro-husky-a16|36|16|Google|Pixel 8 Pro",
            "sunmi-t2s-lite-a9|28|9|SUNMI|T2s_LITE",
            "posiflex-hs3314-a9|28|9|rockchip|HS-3314",
            "vivo-x9-a7.1.2|25|7.1.2|vivo|vivo X9",
            "motorola-edge20-a13|33|13|motorola|motorola edge 20"})
    void realListingsAreWholeAndGiveTheBuildFacts(String device, String sdk, String release, String manufacturer,
                                                  String model) {
        PropertyInventory inventory = GetpropParser.parse(RealWorldCorpus.text(device, "getprop"));

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties())
                .containsEntry("ro.build.version.sdk", sdk)
                .containsEntry("ro.build.version.release", release)
                .containsEntry("ro.product.manufacturer", manufacturer)
                .containsEntry("ro.product.model", model);
    }

    @Test
    void multiLineValuesOfRealListingsKeepTheirLines() {
        PropertyInventory smartron = GetpropParser.parse(RealWorldCorpus.text("smartron-t5911-a8.1", "getprop"));
        PropertyInventory samsung = GetpropParser.parse(RealWorldCorpus.text("samsung-sm-s936b-a16", "getprop"));
        PropertyInventory mtk = GetpropParser.parse(RealWorldCorpus.text("mtk-tb8168p1-a13", "getprop"));

        assertThat(smartron.properties().get("persist.vendor.radio.ver_info"))
                .startsWith("{\n    \"Image_Build_IDs\": {\n").endsWith("\"apps\"");
        assertThat(samsung.properties().get("persist.sys.boot.reason.history"))
                .isEqualTo("reboot,1784638255\nreboot,userrequested,1784637108\nreboot,lpm,1784545284");
        assertThat(mtk.properties().get("persist.vendor.sys.pq.modeindex")).isEqualTo("0\n");
    }

    @Test
    void nearMissNamesAreNotTheEmulatorFlags() {
        PropertyInventory samsung = GetpropParser.parse(RealWorldCorpus.text("samsung-sm-s936b-a16", "getprop"));
        PropertyInventory mtk = GetpropParser.parse(RealWorldCorpus.text("mtk-tb8168p1-a13", "getprop"));

        assertThat(samsung.properties()).containsEntry("ro.kernel.qemu", "0").containsEntry("ro.kernel.qemu.gles", "0")
                .doesNotContainKey("ro.boot.qemu");
        assertThat(mtk.properties()).containsEntry("qemu.hw.mainkeys", "0")
                .doesNotContainKey("ro.kernel.qemu").doesNotContainKey("ro.boot.qemu");
    }

    @Test
    void aValueEndingInACarriageReturnKeepsTheListingWhole() {
        PropertyInventory inventory = GetpropParser.parse(HEAD_UNIT_LINE
                + RealWorldCorpus.text("emulator-sdk_gphone_x86-a9", "getprop"));

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties())
                .containsEntry("persist.vendor.gwm.cfg.bean_file_version", "cfgVersion:E0480037\r")
                .containsEntry("ro.product.model", "Android SDK built for x86")
                .containsEntry("ro.kernel.qemu", "1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\r", "\u0085", "\u2028", "\u2029", "\r\u0085\u2028\u2029 "})
    void aValueMayHoldAnyLineSeparatorButTheNewline(String separator) {
        PropertyInventory inventory = GetpropParser.parse("[ro.a]: [one" + separator + "two]\n"
                + "[ro.b" + "]: [" + separator + "]\n[ro.c]: [3]\n");

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties()).containsEntry("ro.a", "one" + separator + "two")
                .containsEntry("ro.b", separator).containsEntry("ro.c", "3");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "smartron-t5911-a8.1|dumpsys_input",
            "emulator-sdk_gphone_x86-a9|dumpsys_input",
            "mtk-tb8168p1-a13|dumpsys_input",
            "honor-1224x2700|dumpsys_input",
            "vivo-tablet-2064x3096|dumpsys_input",
            "vivo-tablet-2064x3096|dumpsys_input.screen-off",
            "xiaomi-pad6-23043rp34g-a14|dumpsys_input",
            "sunmi-t2s-lite-a9|dumpsys_input",
            "posiflex-hs3314-a9|dumpsys_input",
            "vivo-mt6835-720x1612|dumpsys_input",
            "vivo-x9-a7.1.2|dumpsys_input"})
    void everyRealInputDumpGivesItsRotation(String device, String file) {
        assertThat(InputRotationParser.rotation(RealWorldCorpus.text(device, file))).contains(0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "smartron-t5911-a8.1|SurfaceOrientation: 0",
            "mtk-tb8168p1-a13|InputDeviceOrientation: 0",
            "vivo-tablet-2064x3096|InputDeviceOrientation: Rotation0"})
    void withoutAViewportOfDisplayZeroTheDevicesOwnOrientationLineIsRead(String device, String line) {
        String dump = RealWorldCorpus.text(device, "dumpsys_input");
        assertThat(dump).contains(line);
        // The dump as a TV emulator prints it: its touch viewports belong to no display.
        String noDisplay = dump.replace("displayId=0", "displayId=-1");
        String turned = noDisplay.replace(line, line.replace("0", line.contains("Rotation") ? "270" : "3"));

        assertThat(InputRotationParser.rotation(noDisplay)).contains(0);
        assertThat(InputRotationParser.rotation(turned)).contains(3);
    }

    @ParameterizedTest
    @CsvSource({"Rotation0,0", "Rotation90,1", "Rotation180,2", "Rotation270,3", "0,0", "1,1", "2,2", "3,3"})
    void bothSpellingsOfTheDeviceOrientationAreRead(String spelling, int rotation) {
        assertThat(InputRotationParser.rotation("    Touch Input Mapper (mode - DIRECT):\n"
                + "      Viewport INTERNAL: displayId=-1, orientation=2, isActive=[1]\n"
                + "      InputDeviceOrientation: " + spelling + "\n")).contains(rotation);
    }

    @Test
    void honorsGluedVendorTextAndParameterOrientationDoNotMisleadTheViewport() {
        String dump = RealWorldCorpus.text("honor-1224x2700", "dumpsys_input");
        assertThat(dump).contains("isActive=[1]deviceName=input_mt_wrapper").contains("Orientation: Rotation0");

        String turned = dump.replace("port=131, orientation=0,", "port=131, orientation=1,");

        assertThat(InputRotationParser.rotation(turned)).contains(1);
    }

    @Test
    void theActiveOfTwoDisplayZeroViewportsWins() {
        String dump = RealWorldCorpus.text("mtk-tb8168p1-a13", "dumpsys_input");
        String inactiveTurned = dump.replace("orientation=0, logicalFrame=[0, 0, 480, 800], physicalFrame=[0, 0, 480, 800],"
                + " deviceSize=[480, 800], isActive=[0]", "orientation=1, logicalFrame=[0, 0, 800, 480],"
                + " physicalFrame=[0, 0, 800, 480], deviceSize=[800, 480], isActive=[0]");
        assertThat(inactiveTurned).isNotEqualTo(dump);

        assertThat(InputRotationParser.rotation(inactiveTurned)).contains(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"smartron-t5911-a8.1", "emulator-sdk_gphone_x86-a9", "sunmi-t2s-lite-a9", "posiflex-hs3314-a9"})
    void aLegacyDefaultViewportWithUniqueIdNullIsTheDefaultDisplay(String device) {
        String dump = RealWorldCorpus.text(device, "dumpsys_display");
        assertThat(dump).contains("mDefaultViewport=DisplayViewport{valid=true, displayId=0, uniqueId='null'");

        assertThat(DisplayViewports.choose(dump)).isInstanceOf(DisplayViewports.Choice.DefaultDisplay.class);
    }

    /** Android 7.1 prints its default viewport without any uniqueId field. */
    @Test
    void anAndroid7DefaultViewportWithoutUniqueIdIsTheDefaultDisplay() {
        String dump = RealWorldCorpus.text("vivo-x9-a7.1.2", "dumpsys_display");
        assertThat(dump).contains("mDefaultViewport=DisplayViewport{valid=true, displayId=0, orientation=0,");

        assertThat(DisplayViewports.choose(dump)).isInstanceOf(DisplayViewports.Choice.DefaultDisplay.class);
    }

    @Test
    void anAndroid12ViewportNamesItsPhysicalDisplay() {
        DisplayViewports.Choice choice = DisplayViewports.choose(
                RealWorldCorpus.text("pixel3xl-like-1440x2960-a12", "dumpsys_display"));

        assertThat(choice).isEqualTo(new DisplayViewports.Choice.PhysicalDisplay("0", 0, 1));
    }

    /** An unfolded foldable: its inner screen is display 0 and active, its cover display 3, inactive and off. */
    @Test
    void aFoldablesActiveInnerScreenIsChosenNotItsCover() {
        String dump = RealWorldCorpus.text("pixel9profold-emulator-api37", "dumpsys_display");
        assertThat(dump).contains("isActive=false, displayId=3, uniqueId='local:4619827551948147201'")
                .contains("Display Id=3\n  Display State=OFF");

        assertThat(DisplayViewports.choose(dump))
                .isEqualTo(new DisplayViewports.Choice.PhysicalDisplay("4619827259835644672", 0, 2));
        assertThat(DisplayViewports.powerState(dump)).contains(new DisplayViewports.PowerState("Display State", "ON"));
    }

    @Test
    void aLocalisedScreenNameDoesNotHideTheViewport() {
        String dump = RealWorldCorpus.text("xiaomi-pad6-23043rp34g-a14", "dumpsys_display");
        assertThat(dump).contains("DisplayDeviceInfo{\"Pantalla integrada\"");

        assertThat(DisplayViewports.choose(dump))
                .isEqualTo(new DisplayViewports.Choice.PhysicalDisplay("4630946922172900481", 0, 1));
    }

    @Test
    void aScreenThatIsOffIsRefused() {
        String dump = RealWorldCorpus.text("mtk-tb8168p1-a13", "dumpsys_display");
        assertThat(dump).contains("DisplayInfo{\"Built-in Screen\", displayId 0\",");

        assertThat(DisplayViewports.choose(dump)).isInstanceOfSatisfying(DisplayViewports.Choice.Refused.class,
                refused -> assertThat(refused.message()).startsWith("no display viewport is valid, active and on"
                        + " display 0: the screen is off (Display State=OFF, its viewport isActive=false); this tool"
                        + " never wakes or unlocks a phone: wake and unlock it (for example"
                        + " `adb shell input keyevent KEYCODE_WAKEUP`, then unlock), then capture again; found 1: "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "mtk-tb8168p1-a13|Display State|OFF",
            "pixel3xl-like-1440x2960-a12|Display State|ON",
            "smartron-t5911-a8.1|mGlobalDisplayState|ON",
            "emulator-sdk_gphone_x86-a9|mGlobalDisplayState|ON"})
    void thePowerStateIsTheDumpsOwnWord(String device, String field, String value) {
        assertThat(DisplayViewports.powerState(RealWorldCorpus.text(device, "dumpsys_display")))
                .contains(new DisplayViewports.PowerState(field, value));
    }

    @Test
    void anInactiveViewportOfAScreenThatIsOnIsNotCalledOff() {
        String dump = RealWorldCorpus.text("pixel3xl-like-1440x2960-a12", "dumpsys_display")
                .replace("isActive=true", "isActive=false");

        assertThat(DisplayViewports.choose(dump)).isInstanceOfSatisfying(DisplayViewports.Choice.Refused.class,
                refused -> assertThat(refused.message()).doesNotContain("screen is off"));
    }
}
