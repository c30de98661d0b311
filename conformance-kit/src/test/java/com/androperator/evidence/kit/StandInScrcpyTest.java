package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.kit.video.Toolbox;
import com.androperator.evidence.kit.video.VideoHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit's stand-in scrcpy takes exactly device-protocol.md section 5's command line: every other
 * command line is refused (exit 2, one line in scrcpy.log) before anything is recorded. The kit's
 * stand-in ffmpeg 5.1 fails the capability probe.
 */
class StandInScrcpyTest {
    private static final String SERIAL = "127.0.0.1:5555";

    @TempDir
    Path temp;

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("--no-audio", null, "missing required flag --no-audio"),
                Arguments.of("--serial=" + SERIAL, "--serial=127.0.0.1:1", "--serial=127.0.0.1:1, the device is " + SERIAL),
                Arguments.of("--video-codec=h264", "--video-codec=h265", "--video-codec must be h264"),
                Arguments.of("--capture-orientation=@", "--capture-orientation=0", "--capture-orientation must be @"),
                Arguments.of("--time-limit=30", "--time-limit=181", "--time-limit must be 1..180"),
                Arguments.of("--max-size=1280", "--max-size=0", "--max-size must be a positive integer"),
                Arguments.of("--record=RECORD", "--record=relative/capture.partial.mkv", "--record must be an absolute"),
                Arguments.of("--no-window", "--window-title=x", "unexpected argument: --window-title"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("refused")
    void anyOtherCommandLineIsRefused(String replaced, String replacement, String message) throws Exception {
        Toolbox tools = Toolbox.prepare(temp, VideoHost.find(temp, ""), SERIAL, "1080x2400:1", Toolbox.Scrcpy.STAND_IN,
                Toolbox.Ffmpeg.REAL);
        Path record = Files.createDirectories(temp.resolve("bundle")).resolve("capture.partial.mkv");
        List<String> command = new ArrayList<>(List.of(temp.resolve("bin/scrcpy").toString()));
        for (String arg : List.of("--serial=" + SERIAL, "--no-window", "--no-audio", "--no-control",
                "--capture-orientation=@", "--video-codec=h264", "--max-size=1280", "--record-format=mkv",
                "--record=RECORD", "--time-limit=30")) {
            String given = arg.equals(replaced) ? replacement : arg;
            if (given != null) {
                command.add(given.replace("RECORD", record.toString()));
            }
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor()).isEqualTo(2);
        assertThat(output).contains(message);
        assertThat(tools.scrcpyLog()).contains("refused: " + message);
        assertThat(record).doesNotExist();
    }

    @Test
    void helpListsEveryRequiredFlag() throws Exception {
        Toolbox.prepare(temp, VideoHost.find(temp, ""), SERIAL, "1080x2400:1", Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        Process process = new ProcessBuilder(temp.resolve("bin/scrcpy").toString(), "--help").start();
        String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor()).isZero();
        assertThat(help).contains("--serial", "--no-window", "--no-audio", "--no-control", "--capture-orientation",
                "--video-codec", "--max-size", "--record-format", "--record", "--time-limit");
    }

    @Test
    void theStandInFfmpeg51IsRefusedForItsVersion() throws Exception {
        Toolbox.prepare(temp, VideoHost.find(temp, ""), SERIAL, "1080x2400:1", Toolbox.Scrcpy.ABSENT,
                Toolbox.Ffmpeg.DEBIAN_5_1);
        Path bin = temp.resolve("bin");
        Files.writeString(bin.resolve("ffprobe"), "#!/bin/sh\necho 'ffprobe version 5.1.6'\n");
        bin.resolve("ffprobe").toFile().setExecutable(true);

        VideoHost host = VideoHost.find(bin, null);

        assertThat(bin.resolve("scrcpy")).doesNotExist();
        assertThat(host.usable()).isFalse();
        assertThat(host.problem()).contains("ffmpeg version 5.1.6", "older than 6.1");
        Process probe = new ProcessBuilder(bin.resolve("ffmpeg").toString(), "-v", "error", "-enc_time_base", "demux")
                .redirectErrorStream(true).start();
        probe.getInputStream().readAllBytes();
        assertThat(probe.waitFor()).isEqualTo(1);
    }
}
