package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.util.Map;

/** The recorder and ffmpeg/ffprobe adapters for a session's saved tool paths, in a given environment. */
public final class VideoMediaToolkit implements MediaToolkit {
    private final Map<String, String> environment;

    public VideoMediaToolkit(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Override
    public MediaTools forTools(VideoSession.Tools tools) {
        BoundedProcessRunner runner = new BoundedProcessRunner(environment);
        return new MediaTools(ScrcpyRecorderLauncher.withSystemKill(),
                new FfprobeMediaInspector(tools.ffprobe(), runner),
                new FfmpegClipEncoder(tools.ffmpeg(), runner),
                new FfmpegClipVerifier(tools.ffmpeg(), tools.ffprobe(), runner));
    }
}
