package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.video.FrameSample;
import com.androperator.evidence.domain.video.MediaInspector;
import com.androperator.evidence.domain.video.VideoLimits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Frame inspection of the whole source with ffprobe: every decoded frame's width, height and
 * best-effort timestamp, within the 120 s media deadline and the 16 MiB output cap.
 */
public final class FfprobeMediaInspector implements MediaInspector {
    private final String ffprobe;
    private final BoundedProcessRunner runner;

    public FfprobeMediaInspector(String ffprobe, BoundedProcessRunner runner) {
        this.ffprobe = ffprobe;
        this.runner = runner;
    }

    public static List<String> command(String ffprobe, Path source) {
        return List.of(ffprobe, "-v", "error", "-select_streams", "v:0", "-show_frames", "-show_entries",
                "frame=width,height,best_effort_timestamp_time", "-of", "json", source.toString());
    }

    @Override
    public Inspection inspect(Path source) {
        List<String> command = command(ffprobe, source);
        ProcessRun run = runner.run(command, VideoLimits.MEDIA_STEP_DEADLINE_MILLIS, VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
        if (!run.exitedWith(0)) {
            return new Inspection.NotInspected(MediaFailures.of("Frame inspection (ffprobe)", command, run));
        }
        JsonNode root;
        try {
            root = ContractJson.mapper().readTree(run.stdout());
        } catch (JacksonException e) {
            return new Inspection.NotInspected(MediaFailures.of("Frame inspection printed no JSON frame list: "
                    + e.getOriginalMessage(), command));
        }
        List<FrameSample> frames = new ArrayList<>();
        double previous = 0;
        for (JsonNode frame : root.path("frames")) {
            int width = frame.path("width").asInt(0);
            int height = frame.path("height").asInt(0);
            if (width <= 0 || height <= 0) {
                continue;
            }
            // A frame without a timestamp shares the previous one: it adds no media time.
            double timestamp = parseSeconds(frame.path("best_effort_timestamp_time").asString(""), previous);
            frames.add(new FrameSample(timestamp, width, height));
            previous = timestamp;
        }
        return new Inspection.Inspected(frames);
    }

    private static double parseSeconds(String text, double fallback) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
