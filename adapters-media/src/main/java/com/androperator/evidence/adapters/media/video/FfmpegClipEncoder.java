package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.video.ClipEncoder;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.VideoLimits;
import java.nio.file.Path;
import java.util.List;

/**
 * Encodes one run of the source into an H.264 MP4. The run is selected by its decoded frame range;
 * filter re-initialisation is off, so the frame counter spans size changes, and the scaler adapts
 * to each incoming size while the output keeps exactly the target. Timestamps restart at zero,
 * frames pass through without rate conversion, and the encoder keeps the demuxer's time base.
 */
public final class FfmpegClipEncoder implements ClipEncoder {
    private final String ffmpeg;
    private final BoundedProcessRunner runner;

    public FfmpegClipEncoder(String ffmpeg, BoundedProcessRunner runner) {
        this.ffmpeg = ffmpeg;
        this.runner = runner;
    }

    public static List<String> command(String ffmpeg, Path source, FrameRun run, VideoSize target, Path output) {
        long first = run.firstFrame();
        long last = run.firstFrame() + run.frameCount() - 1;
        String filter = "select='between(n\\," + first + "\\," + last + ")',setpts=PTS-STARTPTS,scale="
                + target.width() + ":" + target.height() + ":flags=bicubic,setsar=1";
        String threads = String.valueOf(VideoLimits.CODEC_THREADS);
        return List.of(ffmpeg, "-v", "error", "-nostdin", "-threads", threads, "-reinit_filter", "0",
                "-i", source.toString(), "-map", "0:v:0", "-an", "-sn", "-dn", "-filter_threads", "1", "-vf", filter,
                "-fps_mode", "passthrough", "-enc_time_base", "demux", "-c:v", "libx264", "-preset", "veryfast",
                "-pix_fmt", "yuv420p", "-threads", threads, "-movflags", "+faststart", "-n", output.toString());
    }

    @Override
    public Encoding encode(Path source, FrameRun run, VideoSize target, Path output) {
        List<String> command = command(ffmpeg, source, run, target, output);
        ProcessRun result = runner.run(command, VideoLimits.MEDIA_STEP_DEADLINE_MILLIS,
                VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
        if (!result.exitedWith(0)) {
            return new Encoding.NotEncoded(MediaFailures.of("Encoding (ffmpeg libx264)", command, result));
        }
        return new Encoding.Encoded(result.stderrText());
    }
}
