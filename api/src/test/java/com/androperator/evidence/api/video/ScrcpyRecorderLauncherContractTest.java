package com.androperator.evidence.api.video;

import com.androperator.evidence.adapters.media.video.ScrcpyRecorderLauncher;
import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.domain.port.contract.RecorderLauncherContract;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real launcher running the stand-in scrcpy, which records real H.264 Matroska through ffmpeg
 * 6.1.1 in real time, against the contract the domain's scripted recorder also keeps.
 */
@Timeout(120)
class ScrcpyRecorderLauncherContractTest extends RecorderLauncherContract {
    @TempDir
    Path temp;

    @Override
    protected Launch launch(int timeLimitSeconds, boolean answersSigint) {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> environment = new HashMap<>(toolbox.environment(Map.of()));
        if (!answersSigint) {
            environment.put("FAKE_SCRCPY_IGNORE_SIGINT", "1");
        }
        RecorderCommand command = new RecorderCommand(toolbox.scrcpy().toString(), "/usr/bin/adb", "emulator-5554",
                1280, controlDirectory().resolve("capture.partial.mkv"), timeLimitSeconds, environment);
        return new Launch(command, ScrcpyRecorderLauncher.withSystemKill().launch(command));
    }

    private Path controlDirectory() {
        try {
            return Files.createDirectories(temp.resolve("bundle").resolve("control"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
