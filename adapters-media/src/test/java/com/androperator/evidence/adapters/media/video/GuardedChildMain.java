package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderProcess;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderStart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for the video worker JVM, for {@link MediaProcessGuardTest}: {@code recorder <script>
 * <record file> <PATH> [release]} starts the script as the recorder (as the worker starts scrcpy),
 * optionally lets it outlive this JVM, and waits to be killed; {@code runner <script> <PATH>} runs
 * the script through the bounded runner (as ffmpeg and ffprobe are run) and waits inside it.
 */
public final class GuardedChildMain {
    private GuardedChildMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("recorder")) {
            RecorderStart start = ScrcpyRecorderLauncher.withSystemKill().launch(new RecorderCommand(args[1], null,
                    "emulator-5554", 1280, Path.of(args[2]), 300, Map.of("PATH", args[3])));
            RecorderProcess recorder = ((RecorderStart.Started) start).process();
            while (!recorder.captureFileOpened()) {
                Thread.onSpinWait();
            }
            if (args.length > 4 && args[4].equals("release")) {
                recorder.outliveWorker();
            }
            Files.writeString(Path.of(args[2] + ".recorder"), recorder.pid() + " "
                    + recorder.identity().map(Object::toString).orElse("none") + "\n");
            recorder.awaitExit(Long.MAX_VALUE);
        } else {
            new BoundedProcessRunner(Map.of("PATH", args[2])).run(List.of(args[1]), Long.MAX_VALUE, 1 << 20);
        }
    }
}
