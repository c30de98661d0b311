package com.androperator.evidence.simulator.recorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.simulator.device.SimulatedDevice;
import com.androperator.evidence.simulator.profile.InvalidProfileException;
import com.androperator.evidence.simulator.profile.ProfileWriter;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.testing.RecordingOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedPhoneTest {
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

    @TempDir
    Path temp;

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    @Test
    void recordedOutputsAreServedByteForByte() throws Exception {
        SimulatorProfile phone = RecordedPhone.fromCorpus("mtk-tb8168p1-a13", SampleProfiles.pixel());

        for (String[] pair : new String[][] {{"getprop", "getprop"}, {"dumpsys display", "dumpsys_display"},
                {"dumpsys input", "dumpsys_input"}}) {
            RecordingOutput out = run(phone, pair[0]);
            assertThat(out.stdoutBytes()).as(pair[0])
                    .isEqualTo(RealWorldCorpus.bytes("mtk-tb8168p1-a13", pair[1]).orElseThrow());
            assertThat(out.exitStatus()).isZero();
        }
        assertThat(run(phone, "screencap -p").stdoutBytes())
                .isEqualTo(RealWorldCorpus.bytes("mtk-tb8168p1-a13", "screencap.png").orElseThrow());
    }

    @Test
    void wmAnswersForTheScreenTheRecordedDisplayDumpDescribes() throws Exception {
        SimulatorProfile phone = RecordedPhone.fromCorpus("smartron-t5911-a8.1", SampleProfiles.pixel());

        assertThat(run(phone, "wm size").stdoutText()).isEqualTo("Physical size: 1080x2160\n");
        assertThat(run(phone, "wm density").stdoutText()).isEqualTo("Physical density: 480\n");
    }

    /**
     * The Xiaomi Pad 6 runs with its display size setting changed: its built-in screen says density
     * 400 and display 0's mOverrideDisplayInfo density 411, which is what {@code wm density} reports
     * as the override on such a phone.
     */
    @Test
    void aDensityForcedOnTheRecordedPhoneIsWmDensitysOverride() throws Exception {
        SimulatorProfile phone = RecordedPhone.fromCorpus("xiaomi-pad6-23043rp34g-a14", SampleProfiles.pixel());

        assertThat(run(phone, "wm density").stdoutText()).isEqualTo("Physical density: 400\nOverride density: 411\n");
        assertThat(run(phone, "wm size").stdoutText()).isEqualTo("Physical size: 1800x2880\n");
    }

    /**
     * A forced size shows as display 0's override info differing from the screen; the info is in the
     * current rotation, {@code wm size} in the natural one. (No real dump with a forced size is in the
     * corpus yet: the Pad 6's is edited here, its forced density left as it is.)
     */
    @Test
    void aSizeForcedOnTheRecordedPhoneIsWmSizesOverrideInTheNaturalOrientation() throws Exception {
        String dump = RealWorldCorpus.text("xiaomi-pad6-23043rp34g-a14", "dumpsys_display");
        String overrideLine = dump.lines().filter(line -> line.contains("mOverrideDisplayInfo=")).findFirst().orElseThrow();
        String forced = dump.replace(overrideLine, overrideLine.replace("real 1800 x 2880", "real 1200 x 1920"));
        String turned = forced.replace("orientation=0, logicalFrame=Rect(0, 0 - 1800, 2880)",
                "orientation=1, logicalFrame=Rect(0, 0 - 2880, 1800)")
                .replace("real 1200 x 1920, largest app 2880", "real 1920 x 1200, largest app 2880");
        assertThat(forced).isNotEqualTo(dump);
        assertThat(turned).isNotEqualTo(forced);

        for (String recorded : new String[] {forced, turned}) {
            Files.writeString(temp.resolve("dumpsys_display"), recorded);
            SimulatorProfile phone = RecordedPhone.fromDirectory(temp, SampleProfiles.pixel());

            assertThat(run(phone, "wm size").stdoutText()).isEqualTo("Physical size: 1800x2880\nOverride size: 1200x1920\n");
            assertThat(run(phone, "wm density").stdoutText()).isEqualTo("Physical density: 400\nOverride density: 411\n");
        }
    }

    @Test
    void aPhoneKnownOnlyByItsInputDumpHasASizeButNoDensity() throws Exception {
        SimulatorProfile phone = RecordedPhone.fromCorpus("honor-1224x2700", SampleProfiles.pixel());

        assertThat(run(phone, "wm size").stdoutText()).isEqualTo("Physical size: 1224x2700\n");
        RecordingOutput density = run(phone, "wm density");
        assertThat(density.exitStatus()).isEqualTo(1);
        assertThat(density.stdoutText()).isEmpty();
        assertThat(run(phone, "getprop").exitStatus()).isEqualTo(1);
        assertThat(run(phone, "dumpsys display").stdoutText()).contains("uniqueId='local:4630946357078489987'");
    }

    @Test
    void whatNoFileTellsFailsInsteadOfBorrowingTheDefaultPhone() throws Exception {
        SimulatorProfile phone = RecordedPhone.fromCorpus("samsung-sm-s936b-a16", SampleProfiles.pixel());

        for (String command : new String[] {"wm size", "wm density", "dumpsys input"}) {
            RecordingOutput out = run(phone, command);
            assertThat(out.exitStatus()).as(command).isEqualTo(1);
            assertThat(out.stderrText()).isEqualTo(command + ": not in this recording\n");
        }
        assertThat(run(phone, "getprop").stdoutText()).contains("[ro.product.model]: [SM-S936B]\n");
    }

    @Test
    void aFolderOnDiskIsARecordingToo() throws Exception {
        Files.writeString(temp.resolve("wm_size"), "Physical size: 1440x3120\nOverride size: 1080x2340\n");
        Files.write(temp.resolve("dumpsys_display"),
                RealWorldCorpus.bytes("pixel3xl-like-1440x2960-a12", "dumpsys_display").orElseThrow());

        SimulatorProfile phone = RecordedPhone.fromDirectory(temp, SampleProfiles.pixel());

        assertThat(run(phone, "wm size").stdoutText()).isEqualTo("Physical size: 1440x3120\nOverride size: 1080x2340\n");
        assertThat(run(phone, "wm density").stdoutText()).isEqualTo("Physical density: 560\n");
        assertThat(run(phone, "dumpsys input").stdoutText()).contains("orientation=0");
        assertThat(run(phone, "getprop").exitStatus()).isEqualTo(1);
    }

    @Test
    void aRecordedPhoneIsNotSavedAsAProfileThatWouldAnswerAsAnotherPhone() {
        SimulatorProfile phone = RecordedPhone.fromCorpus("honor-1224x2700", SampleProfiles.pixel());

        assertThatThrownBy(() -> ProfileWriter.toJson(phone)).isInstanceOf(InvalidProfileException.class)
                .hasMessageContaining("--recorded DIR").hasMessageContaining("dumpsys input");
        assertThatThrownBy(() -> RecordedPhone.fromCorpus("no-such-phone", SampleProfiles.pixel()))
                .isInstanceOf(InvalidProfileException.class).hasMessageContaining("honor-1224x2700");
    }

    private RecordingOutput run(SimulatorProfile profile, String commandLine) throws Exception {
        SimulatedDevice device = new SimulatedDevice(profile, scheduler, Clock.systemUTC());
        RecordingOutput out = new RecordingOutput();
        out.exit(device.run(commandLine, out));
        return out;
    }
}
