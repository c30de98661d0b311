package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.video.ClipVerifier;
import com.androperator.evidence.domain.video.VideoLimits;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Verifies one clip: ffprobe (10 s) must report H.264 at exactly the expected size with a positive
 * duration; then ffmpeg (120 s) decodes the first video stream strictly to a null output, with a
 * 256 MiB single-allocation limit and two codec threads, and its final progress report must say
 * end with exactly the expected frame count while stderr stays empty.
 */
public final class FfmpegClipVerifier implements ClipVerifier {
    public static final String CODEC = "h264";

    private final String ffmpeg;
    private final String ffprobe;
    private final BoundedProcessRunner runner;

    public FfmpegClipVerifier(String ffmpeg, String ffprobe, BoundedProcessRunner runner) {
        this.ffmpeg = ffmpeg;
        this.ffprobe = ffprobe;
        this.runner = runner;
    }

    public static List<String> probeCommand(String ffprobe, Path clip) {
        return List.of(ffprobe, "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=codec_name,width,height,duration:format=duration", "-of", "json", clip.toString());
    }

    public static List<String> decodeCommand(String ffmpeg, Path clip) {
        String threads = String.valueOf(VideoLimits.CODEC_THREADS);
        return List.of(ffmpeg, "-v", "error", "-nostdin", "-xerror", "-err_detect", "explode", "-max_alloc",
                String.valueOf(VideoLimits.MAX_SINGLE_ALLOCATION_BYTES), "-threads", threads, "-i", clip.toString(),
                "-map", "0:v:0", "-fps_mode", "passthrough", "-enc_time_base", "demux", "-threads", threads,
                "-progress", "pipe:1", "-f", "null", "-");
    }

    private record Probed(String codec, int width, int height, long durationMs) {
    }

    @Override
    public ClipVerification verify(Path clip, VideoSize expected, long expectedFrames) {
        List<String> probe = probeCommand(ffprobe, clip);
        ProcessRun probeRun = runner.run(probe, VideoLimits.PROBE_DEADLINE_MILLIS, VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
        if (!probeRun.exitedWith(0)) {
            return new ClipVerification.Rejected(MediaFailures.of("Probing the clip (ffprobe)", probe, probeRun), null, false);
        }
        Probed probed = parseProbe(probeRun.stdout());
        if (probed == null) {
            return new ClipVerification.Rejected(MediaFailures.of("The clip probe shows no video stream with a codec and "
                    + "positive dimensions", probe), null, false);
        }
        MediaInfo probedInfo = new MediaInfo(probed.codec(), probed.width(), probed.height(), probed.durationMs(), 0);
        if (probeRun.stderr().length > 0) {
            return new ClipVerification.Rejected(MediaFailures.of("Probing the clip (ffprobe) reported errors", probe,
                    probeRun), probedInfo, false);
        }
        if (!CODEC.equals(probed.codec()) || probed.width() != expected.width() || probed.height() != expected.height()) {
            return new ClipVerification.Rejected(MediaFailures.of("The clip is " + probed.codec() + " " + probed.width()
                    + "x" + probed.height() + ", expected " + CODEC + " " + expected, probe), probedInfo, false);
        }

        List<String> decode = decodeCommand(ffmpeg, clip);
        ProcessRun decodeRun = runner.run(decode, VideoLimits.MEDIA_STEP_DEADLINE_MILLIS,
                VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
        Progress progress = Progress.parse(decodeRun.stdoutText());
        MediaInfo decoded = new MediaInfo(probed.codec(), probed.width(), probed.height(), probed.durationMs(),
                Math.max(0, progress.frames()));
        if (!decodeRun.exitedWith(0) || decodeRun.stderr().length > 0) {
            return new ClipVerification.Rejected(MediaFailures.of("The strict full decode (ffmpeg)", decode, decodeRun),
                    decoded, false);
        }
        if (!progress.ended() || progress.frames() != expectedFrames) {
            return new ClipVerification.Rejected(MediaFailures.of("The full decode reported "
                    + (progress.ended() ? "end of stream" : "no end of stream") + " after frame=" + progress.frames()
                    + ", expected exactly " + expectedFrames + " frames", decode), decoded, false);
        }
        if (probed.durationMs() <= 0) {
            return new ClipVerification.Rejected(MediaFailures.of("The clip's media duration is not positive ("
                    + probed.durationMs() + " ms)", probe), decoded, true);
        }
        return new ClipVerification.Verified(decoded);
    }

    private static Probed parseProbe(byte[] json) {
        JsonNode root;
        try {
            root = ContractJson.mapper().readTree(json);
        } catch (JacksonException e) {
            return null;
        }
        JsonNode stream = root.path("streams").path(0);
        String codec = stream.path("codec_name").asString("");
        int width = stream.path("width").asInt(0);
        int height = stream.path("height").asInt(0);
        if (codec.isEmpty() || width <= 0 || height <= 0) {
            return null;
        }
        double seconds = seconds(stream.path("duration").asString(""));
        if (!(seconds > 0)) {
            seconds = seconds(root.path("format").path("duration").asString(""));
        }
        long durationMs = seconds > 0 ? Math.round(seconds * 1000.0) : 0;
        return new Probed(codec, width, height, durationMs);
    }

    private static double seconds(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The last block of ffmpeg's -progress output: its frame= value and whether it said progress=end. */
    record Progress(long frames, boolean ended) {
        static Progress parse(String text) {
            long frames = -1;
            boolean ended = false;
            for (String line : text.split("\\R")) {
                if (line.startsWith("frame=")) {
                    try {
                        frames = Long.parseLong(line.substring("frame=".length()).strip());
                    } catch (NumberFormatException e) {
                        frames = -1;
                    }
                    ended = false;
                } else if (line.equals("progress=end")) {
                    ended = true;
                } else if (line.equals("progress=continue")) {
                    ended = false;
                }
            }
            return new Progress(frames, ended);
        }
    }
}
