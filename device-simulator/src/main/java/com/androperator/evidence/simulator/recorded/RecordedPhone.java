package com.androperator.evidence.simulator.recorded;

import com.androperator.evidence.simulator.profile.InvalidProfileException;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A real phone's recorded outputs as a simulator profile. A recording is a folder of files named
 * after their command ({@code getprop}, {@code dumpsys_display}, {@code dumpsys_input},
 * {@code wm_size}, {@code wm_density}) plus {@code screencap.png} and {@code window_dump.xml}; each
 * is served verbatim. What the folder lacks comes from a base profile where the base says nothing
 * about this phone (the Operator, the screenshot and hierarchy when not recorded), and otherwise
 * the way the same phone answers: {@code wm size} and {@code wm density} from the screen the
 * recorded dumps describe, a generated {@code dumpsys display} or {@code dumpsys input} for that
 * screen. A fact no file tells (a getprop that was never recorded, the density of a phone known only
 * from its input dump) is a failing command, never a value of the base phone.
 */
public final class RecordedPhone {
    /** Recorded file name, and the command line whose output it is. */
    private static final Map<String, String> OUTPUTS = Map.of(
            "getprop", "getprop",
            "dumpsys_display", "dumpsys display",
            "dumpsys_input", "dumpsys input",
            "wm_size", "wm size",
            "wm_density", "wm density");

    private RecordedPhone() {
    }

    /** A device folder of {@link RealWorldCorpus}. */
    public static SimulatorProfile fromCorpus(String device, SimulatorProfile base) {
        if (!RealWorldCorpus.DEVICES.contains(device)) {
            throw new InvalidProfileException("the real-world corpus has no device " + device + "; it has "
                    + RealWorldCorpus.DEVICES);
        }
        return of(file -> RealWorldCorpus.bytes(device, file).map(bytes -> ProfileFile.inMemory(file, bytes)), base);
    }

    /** A folder on disk. */
    public static SimulatorProfile fromDirectory(Path folder, SimulatorProfile base) {
        if (!Files.isDirectory(folder)) {
            throw new InvalidProfileException("a recording is a folder of outputs; " + folder + " is none");
        }
        return of(file -> Optional.of(folder.resolve(file)).filter(Files::isRegularFile).map(ProfileFile::onDisk), base);
    }

    private static SimulatorProfile of(Function<String, Optional<ProfileFile>> recording, SimulatorProfile base) {
        SimulatorProfile.Builder phone = base.toBuilder();
        OUTPUTS.forEach((file, command) -> recording.apply(file).ifPresent(output -> phone.recordedOutput(command, output)));
        Optional<ProfileFile> screenshot = recording.apply("screencap.png");
        recording.apply("window_dump.xml").ifPresent(xml -> phone.operator(operator -> operator.withHierarchy(xml)));
        Optional<RecordedDisplay> display = recording.apply("dumpsys_display").map(RecordedPhone::text)
                .flatMap(RecordedDisplay::fromDisplayDump)
                .or(() -> recording.apply("dumpsys_input").map(RecordedPhone::text).flatMap(RecordedDisplay::fromInputDump));
        if (display.isPresent()) {
            phone.displays(display.get().spec(screenshot.orElse(base.displays().get(0).screenshot())));
            phone.wm(display.get().wm(base.wm().physicalDensity()));
        } else {
            screenshot.ifPresent(png -> phone.eachDisplay(spec -> spec.withScreenshot(png)));
        }
        unrecorded(recording, phone, "getprop", false);
        unrecorded(recording, phone, "wm_size", display.isPresent());
        unrecorded(recording, phone, "wm_density", display.isPresent() && display.get().density() != null);
        unrecorded(recording, phone, "dumpsys_input", display.isPresent());
        return phone.build();
    }

    /** A command whose answer neither a file nor the recorded screen gives fails, as a service that is not there. */
    private static void unrecorded(Function<String, Optional<ProfileFile>> recording, SimulatorProfile.Builder phone,
                                   String file, boolean derived) {
        if (recording.apply(file).isEmpty() && !derived) {
            String command = OUTPUTS.get(file);
            phone.fault(command, new ServiceFault.Fail(1, "", command + ": not in this recording\n"));
        }
    }

    private static String text(ProfileFile file) {
        return new String(file.read(), StandardCharsets.UTF_8);
    }
}
