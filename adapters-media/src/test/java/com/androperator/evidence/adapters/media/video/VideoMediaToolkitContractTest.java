package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.domain.port.contract.MediaToolkitContract;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** ffprobe and ffmpeg 6.1.1 behind the session's toolkit, on scrcpy-like recordings, against the fake's contract. */
class VideoMediaToolkitContractTest extends MediaToolkitContract {
    @TempDir
    Path bundle;

    @Override
    protected MediaToolkit toolkit() {
        return new VideoMediaToolkit(Map.of("PATH", TestPath.of(TestPath.shellTools(bundle.resolve("tools")))));
    }

    @Override
    protected VideoSession.Tools tools() {
        // The recorder is not used by inspection, encoding or verification.
        return new VideoSession.Tools("/usr/bin/scrcpy", RealFfmpeg.ffmpeg().toString(), RealFfmpeg.ffprobe().toString(),
                null);
    }

    @Override
    protected Path recording(String... spans) {
        return RealFfmpeg.scrcpyLikeRecording(bundle.resolve("capture.partial.mkv"), spans);
    }

    @Override
    protected Path clip(String name) {
        return bundle.resolve(name);
    }
}
