package com.androperator.evidence.simulator.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.ShellSyntaxException;
import com.androperator.evidence.simulator.testing.RecordingOutput;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeviceCommandsTest {

    private static final String PIXEL_ID = "4619827259835644672";
    private static final String OUTER_ID = "4619827259835644931";
    private static final Pattern VIEWPORT = Pattern.compile("DisplayViewport\\{([^}]*)}");

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    @Test
    void getpropPrintsTheSortedInventoryWithMultiLineValuesSpanningLines() throws Exception {
        RecordingOutput out = run(SampleProfiles.pixel(), "getprop");

        String text = out.stdoutText();
        assertThat(text).startsWith("[dalvik.vm.heapsize]: [512m]\n[gsm.operator.alpha]: []\n")
                .contains("[ro.build.version.sdk]: [34]\n")
                .contains("[persist.sys.boot.reason.history]: [reboot,userrequested,1714640000\n"
                        + "reboot,ota,1714000000\nshutdown,battery,1713900000]\n")
                .endsWith("[sys.usb.config]: [adb]\n");
        assertThat(text).isEqualTo(PropertyCommands.inventory(SampleProfiles.pixel().properties()));
        assertThat(out.exitStatus()).isZero();
    }

    @Test
    void getpropOfOneNamePrintsTheValueOrAnEmptyLine() throws Exception {
        assertThat(run(SampleProfiles.pixel(), "getprop ro.build.version.sdk").stdoutText())
                .isEqualTo("34\n");
        assertThat(run(SampleProfiles.pixel(), "getprop ro.kernel.qemu").stdoutText()).isEqualTo("\n");
        assertThat(run(SampleProfiles.pixel(), "getprop ro.kernel.qemu 0").stdoutText()).isEqualTo("0\n");
    }

    @Test
    void wmPrintsPhysicalAndOverrideValues() throws Exception {
        SimulatorProfile overridden = SimulatorProfile.builder()
                .wm(wm -> wm.withOverrideSize(new ScreenSize(720, 1600)).withOverrideDensity(320))
                .build();

        assertThat(run(SampleProfiles.pixel(), "wm size").stdoutText())
                .isEqualTo("Physical size: 1080x2400\n");
        assertThat(run(SampleProfiles.pixel(), "wm density").stdoutText())
                .isEqualTo("Physical density: 420\n");
        assertThat(run(overridden, "wm size").stdoutText())
                .isEqualTo("Physical size: 1080x2400\nOverride size: 720x1600\n");
        assertThat(run(overridden, "wm density").stdoutText())
                .isEqualTo("Physical density: 420\nOverride density: 320\n");
        assertThat(run(overridden, "wm size 100x100").exitStatus()).isEqualTo(255);
    }

    @Test
    void dumpsysDisplayHasOneActiveDefaultViewportPerDisplay() throws Exception {
        String dump = run(foldable(), "dumpsys display").stdoutText();

        List<String> viewports = viewports(dump);
        assertThat(viewports).hasSize(2);
        assertThat(viewports).filteredOn(v -> v.contains("valid=true, isActive=true, displayId=0,"))
                .singleElement().satisfies(v -> assertThat(v)
                        .contains("uniqueId='local:" + OUTER_ID + "'", "orientation=1",
                                "logicalFrame=Rect(0, 0 - 2092, 1080)", "physicalPort=3"));
        assertThat(viewports.get(0)).startsWith("type=INTERNAL, valid=true, isActive=false, displayId=0,"
                + " uniqueId='local:" + PIXEL_ID + "', physicalPort=0, orientation=0,"
                + " logicalFrame=Rect(0, 0 - 1080, 2400)");
        assertThat(dump).contains("mPhysicalDisplayId=" + OUTER_ID);
    }

    @Test
    void legacyDisplayDumpHasNoIsActiveField() throws Exception {
        SimulatorProfile legacy = SimulatorProfile.builder().legacyDisplayDump(true).build();

        String dump = run(legacy, "dumpsys display").stdoutText();

        assertThat(viewports(dump)).singleElement().asString()
                .startsWith("type=INTERNAL, valid=true, displayId=0, uniqueId='local:" + PIXEL_ID + "'");
        assertThat(dump).doesNotContain("isActive");
    }

    @Test
    void dumpsysInputReportsTheActiveDisplaysRotation() throws Exception {
        String modern = run(foldable(), "dumpsys input").stdoutText();
        String legacy = run(SimulatorProfile.builder().legacyDisplayDump(true)
                .eachDisplay(d -> d.withOrientation(3)).build(), "dumpsys input").stdoutText();

        assertThat(modern).contains("      Viewport INTERNAL: displayId=0, uniqueId=local:" + OUTER_ID
                + ", port=3, orientation=1, logicalFrame=[0, 0, 2092, 1080]")
                .doesNotContain("SurfaceOrientation");
        Matcher first = Pattern.compile("Viewport [A-Z]+: displayId=0, .*?orientation=([0-3])")
                .matcher(modern);
        assertThat(first.find()).isTrue();
        assertThat(first.group(1)).isEqualTo("1");
        assertThat(legacy).contains("SurfaceOrientation: 3\n").doesNotContain("Viewport ");
    }

    @Test
    void dumpsysPackageAndPmListReportInstalledPackages() throws Exception {
        SimulatorProfile pixel = SampleProfiles.pixel();

        String dump = run(pixel, "dumpsys package com.androperator.operator.dev").stdoutText();
        assertThat(dump).contains("Package [com.androperator.operator.dev]",
                "    versionCode=1201 minSdk=26 targetSdk=34\n", "    versionName=0.12.1\n");
        assertThat(run(pixel, "dumpsys package com.absent.app").stdoutText())
                .isEqualTo("Unable to find package: com.absent.app\n");
        assertThat(run(pixel, "pm list packages com.androperator.operator").stdoutText())
                .isEqualTo("package:com.androperator.operator.dev\n");
        assertThat(run(pixel, "pm list packages com.absent").stdoutText()).isEmpty();
        assertThat(run(pixel, "pm list packages").stdoutText()).contains(
                "package:com.android.settings\n", "package:com.google.android.gms\n");
    }

    @Test
    void screencapReturnsTheChosenDisplaysPngOrAnError() throws Exception {
        SimulatorProfile fold = foldable();

        assertThat(run(fold, "screencap -p").stdoutBytes())
                .isEqualTo(fold.displays().get(1).screenshot().read());
        assertThat(run(fold, "screencap '-p' -d " + PIXEL_ID).stdoutBytes())
                .isEqualTo(fold.displays().get(0).screenshot().read());
        RecordingOutput unknown = run(fold, "screencap -p -d 42");
        assertThat(unknown.stdoutBytes()).isEmpty();
        assertThat(unknown.stderrText()).isEqualTo("Failed to take screenshot. Status: -2\n");
        assertThat(unknown.exitStatus()).isEqualTo(1);
        assertThat(run(fold, "screencap -p -d local:1").stderrText()).startsWith("Invalid display ID");
        assertThat(run(fold, "screencap").exitStatus()).isEqualTo(1);
    }

    @Test
    void amBroadcastPrintsWhatAndroidPrintsEvenWithoutAReceiver() throws Exception {
        RecordingOutput out = run(SampleProfiles.pixel(), "am broadcast -a"
                + " app.androperator.operator.ACTION_AGENT_COMMAND -p com.absent.operator"
                + " --es payload '{\"commandId\":\"c1\"}' --receiver-foreground");

        assertThat(out.stdoutText()).isEqualTo("Broadcasting: Intent {"
                + " act=app.androperator.operator.ACTION_AGENT_COMMAND flg=0x10000000"
                + " pkg=com.absent.operator (has extras) }\nBroadcast completed: result=0\n");
        assertThat(out.exitStatus()).isZero();
        RecordingOutput bad = run(SampleProfiles.pixel(), "am broadcast --bogus");
        assertThat(bad.exitStatus()).isEqualTo(255);
        assertThat(bad.stderrText()).contains("IllegalArgumentException: Unknown option: --bogus");
    }

    @Test
    void shellBuiltinsAndStatusesBehaveAsInSh() throws Exception {
        SimulatorProfile pixel = SampleProfiles.pixel();

        assertThat(run(pixel, "false || exit 4").exitStatus()).isEqualTo(4);
        assertThat(run(pixel, "true && exit 5; exit 6").exitStatus()).isEqualTo(5);
        assertThat(run(pixel, "false && exit 5").exitStatus()).isEqualTo(1);
        RecordingOutput exec = run(pixel, "export ANDROID_LOG_TAGS=\"''\" ; exec getprop"
                + " ro.build.version.sdk; echo never");
        assertThat(exec.stdoutText()).isEqualTo("34\n");
        RecordingOutput missing = run(pixel, "frobnicate --now");
        assertThat(missing.exitStatus()).isEqualTo(127);
        assertThat(missing.stderrText())
                .isEqualTo("/system/bin/sh: frobnicate: inaccessible or not found\n");
        assertThat(run(pixel, "/system/bin/getprop ro.product.model").stdoutText())
                .isEqualTo("Pixel 7\n");
        RecordingOutput statuses = run(pixel, "getprop ro.product.model; echo @$?; frobnicate; echo @$?; false; echo \"@$?\"");
        assertThat(statuses.stdoutText()).isEqualTo("Pixel 7\n@0\n@127\n@1\n");
        assertThat(statuses.exitStatus()).isZero();
    }

    @Test
    void failFaultReplacesTheCommandMatchedByItsLongestName() throws Exception {
        SimulatorProfile faulty = SimulatorProfile.builder()
                .fault("wm size", new ServiceFault.Fail(3, "partial\n", "wm: broken\n")).build();

        RecordingOutput size = run(faulty, "wm size");
        assertThat(size.stdoutText()).isEqualTo("partial\n");
        assertThat(size.stderrText()).isEqualTo("wm: broken\n");
        assertThat(size.exitStatus()).isEqualTo(3);
        assertThat(run(faulty, "wm density").exitStatus()).isZero();
        assertThat(ServiceKeys.match(List.of("dumpsys", "display"), Set.of("dumpsys", "dumpsys display")))
                .contains("dumpsys display");
        assertThat(ServiceKeys.match(List.of("/system/bin/dumpsys", "input"),
                Set.of("dumpsys", "dumpsys display"))).contains("dumpsys");
        assertThat(ServiceKeys.match(List.of("getprop"), Set.of("dumpsys"))).isEmpty();
    }

    @Test
    void logcatDumpAndClear() throws Exception {
        SimulatorProfile pixel = SampleProfiles.pixel();
        SimulatedDevice device = new SimulatedDevice(pixel, scheduler, Clock.systemUTC());
        device.log().append('W', "ActivityManager", 1423, "Slow operation: 12ms");

        RecordingOutput dump = new RecordingOutput();
        device.run("logcat -v time -d", dump);
        RecordingOutput filtered = new RecordingOutput();
        device.run("logcat -v time -d -s ActivityManager:W", filtered);
        device.run("logcat -c", new RecordingOutput());
        RecordingOutput cleared = new RecordingOutput();
        device.run("logcat -d", cleared);

        assertThat(dump.stdoutText()).startsWith("--------- beginning of main\n")
                .containsPattern("\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} I/AndroperatorOperator"
                        + "\\( 1234\\): Operator ready\n");
        assertThat(filtered.stdoutText()).containsPattern(
                "\\A--------- beginning of main\n[^\n]* W/ActivityManager\\( 1423\\): Slow operation: 12ms\n\\z");
        assertThat(cleared.stdoutText()).isEqualTo("--------- beginning of main\n");
    }

    @Test
    void logWritesOneLineToTheMainBuffer() throws Exception {
        SimulatedDevice device = new SimulatedDevice(SampleProfiles.pixel(), scheduler, Clock.systemUTC());

        RecordingOutput written = new RecordingOutput();
        written.exit(device.run("log -t AndroperatorEvidence 'waiting for the result reader'", written));
        RecordingOutput plain = new RecordingOutput();
        plain.exit(device.run("log -p w two words", plain));
        RecordingOutput refused = new RecordingOutput();
        refused.exit(device.run("log -p x", refused));
        RecordingOutput dump = new RecordingOutput();
        device.run("logcat -v time -d", dump);

        assertThat(written.exitStatus()).isZero();
        assertThat(plain.exitStatus()).isZero();
        assertThat(refused.exitStatus()).isEqualTo(1);
        assertThat(refused.stderrText()).startsWith("usage: log");
        assertThat(dump.stdoutText())
                .containsPattern(" I/AndroperatorEvidence\\( 3127\\): waiting for the result reader\n")
                .containsPattern(" W/log +\\( 3127\\): two words\n");
    }

    private RecordingOutput run(SimulatorProfile profile, String commandLine)
            throws ShellSyntaxException, InterruptedException {
        SimulatedDevice device = new SimulatedDevice(profile, scheduler, Clock.systemUTC());
        RecordingOutput out = new RecordingOutput();
        out.exit(device.run(commandLine, out));
        return out;
    }

    /** A folded foldable: the inner screen is inactive, the outer one (rotated) backs display 0. */
    static SimulatorProfile foldable() {
        DisplaySpec inner = SampleProfiles.pixel().displays().get(0).withActive(false);
        DisplaySpec outer = DisplaySpec.of(0, OUTER_ID, 1080, 2092,
                ProfileFile.inMemory("outer.png", ScreenshotFixtures.smallPng(54, 104, 9)))
                .withOrientation(1);
        return SimulatorProfile.builder().model("Fold Sim").displays(inner, outer).build();
    }

    private static List<String> viewports(String dump) {
        return VIEWPORT.matcher(dump).results().map(m -> m.group(1)).toList();
    }
}
