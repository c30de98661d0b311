package com.androperator.evidence.kit.video;

import com.androperator.evidence.kit.engine.Json;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The kit's own look at a recorded clip: ffprobe decodes every frame of the first video stream
 * ({@code -count_frames}) and reports its codec and size; any diagnostic on stderr means the clip is
 * not clean. Independent of what the implementation under test says about it.
 */
public final class ClipProbe {
    private ClipProbe() {
    }

    /** What decoding found; {@code problem} is null for a clean, fully decodable stream. */
    public record Clip(String codec, int width, int height, long frames, String problem) {
        public String size() {
            return width + "x" + height;
        }
    }

    public static Clip probe(VideoHost host, Path clip) {
        VideoHost.Outcome outcome = VideoHost.run(host.ffprobe(), List.of("-v", "error", "-count_frames",
                "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height,nb_read_frames",
                "-of", "json", clip.toString()));
        if (outcome.exit() != 0 || !outcome.stderr().isBlank()) {
            return new Clip(null, 0, 0, 0, "ffprobe exit " + outcome.exit() + ": " + outcome.stderr().strip());
        }
        JsonNode stream = Json.parse(outcome.stdout()).path("streams").path(0);
        if (stream.isMissingNode()) {
            return new Clip(null, 0, 0, 0, "no video stream");
        }
        return new Clip(stream.path("codec_name").asString(null), stream.path("width").asInt(0),
                stream.path("height").asInt(0), Long.parseLong(stream.path("nb_read_frames").asString("0")), null);
    }
}
