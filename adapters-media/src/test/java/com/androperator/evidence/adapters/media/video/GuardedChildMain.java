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
 * the script through the bounded runner (as ffmpeg and ffprobe are run) and waits inside it;
 * {@code stop <script> <record file> <PATH>} starts the recorder, stops it with SIGINT once it
 * opened its file, and writes {@code <record file>.stopped}: whether this JVM ignores SIGINT, whether the signal was sent, whether
 * the recorder exited and its status.
 */
public final class GuardedChildMain {
    private GuardedChildMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("recorder")) {
            RecorderProcess recorder = startedRecorder(args[1], Path.of(args[2]), args[3]);
            if (args.length > 4 && args[4].equals("release")) {
                recorder.outliveWorker();
            }
            Files.writeString(Path.of(args[2] + ".recorder"), recorder.pid() + " "
                    + recorder.identity().map(Object::toString).orElse("none") + "\n");
            recorder.awaitExit(Long.MAX_VALUE);
        } else if (args[0].equals("stop")) {
            RecorderProcess recorder = startedRecorder(args[1], Path.of(args[2]), args[3]);
            boolean sent = recorder.interrupt();
            boolean exited = recorder.awaitExit(60_000);
            Files.writeString(Path.of(args[2] + ".stopped"), "ignoring=" + MediaProcessGuard.ignoresSigint(Path.of("/proc/self/status"))
                    + " sent=" + sent + " exited=" + exited + " status="
                    + (recorder.exitStatus().isPresent() ? Integer.toString(recorder.exitStatus().getAsInt()) : "none") + "\n");
        } else {
            new BoundedProcessRunner(Map.of("PATH", args[2])).run(List.of(args[1]), Long.MAX_VALUE, 1 << 20);
        }
    }

    /** The recorder started from {@code script}, once it has opened {@code record}. */
    private static RecorderProcess startedRecorder(String script, Path record, String path) {
        RecorderStart start = ScrcpyRecorderLauncher.withSystemKill().launch(new RecorderCommand(script, null,
                "emulator-5554", 1280, record, 300, Map.of("PATH", path)));
        RecorderProcess recorder = ((RecorderStart.Started) start).process();
        while (!recorder.captureFileOpened()) {
            Thread.onSpinWait();
        }
        return recorder;
    }
}
