package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderProcess;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderStart;
import com.androperator.evidence.domain.video.VideoLimits;
import com.androperator.evidence.simulator.lab.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recorder handle with stand-in recorders (scripts): its output retention and its SIGINT. */
class ScrcpyRecorderLauncherTest {
    @TempDir
    Path temp;

    @Test
    void bothOutputStreamsAreRetainedInOrderUpToOneMebibyteAndTheRestIsCounted() {
        // 9000 alternating lines of 128 bytes: about 1.1 MiB on each stream, 2.2 MiB in all.
        Path recorder = RealFfmpeg.script(temp, "scrcpy", "#!/usr/bin/env bash\n"
                + "pad=$(printf '%0100d' 0)\n"
                + "for ((i = 1; i <= 9000; i++)); do\n"
                + "  printf 'OUT line %08d %s.........\\n' \"$i\" \"$pad\"\n"
                + "  printf 'ERR line %08d %s.........\\n' \"$i\" \"$pad\" >&2\n"
                + "done\n");

        RecorderProcess process = launch(recorder);

        assertThat(process.awaitExit(60_000)).isTrue();
        assertThat(process.exitStatus()).hasValue(0);
        RecorderOutput output = process.output();
        assertThat(output.totalBytes()).isEqualTo(2L * 9000 * 128);
        assertThat(output.truncated()).isTrue();
        assertThat(output.retained()).hasSize(VideoLimits.RECORDER_OUTPUT_CAP_BYTES);
        String retained = new String(output.retained(), StandardCharsets.US_ASCII);
        assertThat(retained).startsWith("OUT line 00000001").contains("ERR line 00000001")
                .contains("OUT line 00004000").contains("ERR line 00004000");
    }

    @Test
    void aQuietRecorderLeavesEmptyUntruncatedOutput() {
        Path recorder = RealFfmpeg.script(temp, "scrcpy", "#!/usr/bin/env bash\nexit 0\n");

        RecorderProcess process = launch(recorder);

        assertThat(process.awaitExit(30_000)).isTrue();
        RecorderOutput output = process.output();
        assertThat(output.retained()).isEmpty();
        assertThat(output.totalBytes()).isZero();
        assertThat(output.truncated()).isFalse();
    }

    @Test
    void sigintGoesToTheRecorderChildItStarted() {
        Path ready = temp.resolve("ready");
        Path recorder = RealFfmpeg.script(temp, "scrcpy", "#!/usr/bin/env bash\n"
                + "trap 'echo \"INFO: interrupted\" >&2; exit 0' INT\n"
                + ": > \"" + ready + "\"\n"
                + "while true; do sleep 0.05; done\n");
        RecorderProcess process = launch(recorder);
        Await.until("the stand-in installed its trap", Duration.ofSeconds(30), () -> Files.exists(ready));

        assertThat(process.interrupt()).isTrue();

        assertThat(process.awaitExit(30_000)).isTrue();
        assertThat(process.exitStatus()).hasValue(0);
        assertThat(new String(process.output().retained(), StandardCharsets.UTF_8)).contains("INFO: interrupted");
        assertThat(process.interrupt()).as("an exited child is never signalled").isFalse();
    }

    private RecorderProcess launch(Path recorder) {
        RecorderStart start = ScrcpyRecorderLauncher.withSystemKill().launch(new RecorderCommand(recorder.toString(),
                null, "emulator-5554", 1280, temp.resolve("capture.partial.mkv"), 30,
                Map.of("PATH", TestPath.of(TestPath.shellTools(temp)))));
        assertThat(start).isInstanceOf(RecorderStart.Started.class);
        return ((RecorderStart.Started) start).process();
    }
}
