package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.contracts.SourceInspection.DecoderRun;
import com.androperator.evidence.contracts.SourceInspection.Verdict;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.port.video.MediaInspector;
import com.androperator.evidence.domain.video.VideoLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Frame inspection of the whole source: {@link MatroskaIntegrity} reads the container's own
 * structure, sizes and CRCs, then ffprobe (120 s, 16 MiB of output) reads every packet and decodes
 * every frame, reporting each frame's width, height and best-effort timestamp. The source is
 * whole only when all of it agrees: the container passes, ffprobe exits 0 with nothing on stderr
 * at -v error (a concealed decoding error, a truncated packet and a premature end are all reported
 * there, with exit status 0), and the container's video blocks, the packets ffprobe read and the
 * frames it decoded are the same number. Anything else is {@code Damaged}, with the frames that
 * did decode and bounded diagnostics; a run that could not finish (deadline, output cap, launch,
 * unreadable file) is {@code NotInspected}.
 */
public final class FfprobeMediaInspector implements MediaInspector {
    /** How much of ffprobe's stderr the diagnostics keep (the message keeps the first line). */
    static final int KEPT_STDERR_BYTES = 16 * 1024;
    private static final int FINDINGS_IN_MESSAGE = 3;

    private final String ffprobe;
    private final BoundedProcessRunner runner;

    public FfprobeMediaInspector(String ffprobe, BoundedProcessRunner runner) {
        this.ffprobe = ffprobe;
        this.runner = runner;
    }

    public static List<String> command(String ffprobe, Path source) {
        return List.of(ffprobe, "-v", "error", "-select_streams", "v:0", "-show_packets", "-show_frames",
                "-show_entries", "packet=size:frame=width,height,best_effort_timestamp_time", "-of", "json",
                source.toString());
    }

    @Override
    public Inspection inspect(Path source) {
        MatroskaIntegrity.Report container;
        try {
            container = MatroskaIntegrity.check(source);
        } catch (IOException e) {
            return new Inspection.NotInspected(new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                    "The source cannot be read for inspection: " + e, Details.fromJson(Map.of("path", source.toString()))),
                    SourceInspection.only(Verdict.NOT_INSPECTED));
        }

        List<String> command = command(ffprobe, source);
        ProcessRun run = runner.run(command, VideoLimits.MEDIA_STEP_DEADLINE_MILLIS, VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
        DecoderRun decoder = new DecoderRun(command, run.termination().name().toLowerCase(Locale.ROOT),
                run.termination() == ProcessRun.Termination.EXITED ? run.exitStatus() : null, run.stderr().length,
                new String(Arrays.copyOf(run.stderr(), Math.min(run.stderr().length, KEPT_STDERR_BYTES)),
                        StandardCharsets.UTF_8), run.stderr().length > KEPT_STDERR_BYTES, null, null);
        if (run.termination() != ProcessRun.Termination.EXITED) {
            return new Inspection.NotInspected(MediaFailures.of("Frame inspection (ffprobe)", command, run),
                    new SourceInspection(container.diagnostics(), decoder, null, Verdict.NOT_INSPECTED));
        }

        List<String> findings = new ArrayList<>(container.problems());
        int findingCount = container.problemCount();
        List<FrameSample> frames = new ArrayList<>();
        long packets = 0;
        long unsized = 0;
        try {
            double previous = 0;
            JsonNode entries = ContractJson.mapper().readTree(run.stdout()).path("packets_and_frames");
            for (JsonNode entry : entries) {
                String type = entry.path("type").asString("");
                if (type.equals("packet")) {
                    packets++;
                    continue;
                }
                if (!type.equals("frame")) {
                    continue;
                }
                int width = entry.path("width").asInt(0);
                int height = entry.path("height").asInt(0);
                if (width <= 0 || height <= 0) {
                    unsized++;
                    continue;
                }
                // A frame without a timestamp shares the previous one: it adds no media time.
                double timestamp = parseSeconds(entry.path("best_effort_timestamp_time").asString(""), previous);
                frames.add(new FrameSample(timestamp, width, height));
                previous = timestamp;
            }
        } catch (JacksonException e) {
            findingCount++;
            findings.add("ffprobe printed no JSON packet and frame list (" + e.getOriginalMessage() + ")");
        }
        DecoderRun decoded = decoder.decoded(packets, frames.size());
        List<String> decoding = new ArrayList<>();
        if (run.exitStatus() != 0) {
            decoding.add("ffprobe exited with status " + run.exitStatus());
        }
        if (run.stderr().length > 0) {
            String[] lines = run.stderrText().strip().split("\\R");
            decoding.add("ffprobe reported " + lines.length + " error line(s), the first: " + clip(lines[0].strip()));
        }
        if (unsized > 0) {
            decoding.add(unsized + " decoded frame(s) have no dimensions");
        }
        if (packets != frames.size() + unsized) {
            decoding.add("ffprobe read " + packets + " packet(s) but decoded " + (frames.size() + unsized) + " frame(s)");
        }
        if (container.videoBlocks() != packets) {
            decoding.add("the container stores " + container.videoBlocks() + " video block(s) but ffprobe read "
                    + packets + " packet(s)");
        }
        findings.addAll(decoding);
        findingCount += decoding.size();
        if (findingCount == 0) {
            return new Inspection.Inspected(frames,
                    new SourceInspection(container.diagnostics(), decoded, findings, Verdict.INTACT));
        }
        String shown = String.join("; ", findings.subList(0, Math.min(FINDINGS_IN_MESSAGE, findings.size())));
        int more = findingCount - Math.min(FINDINGS_IN_MESSAGE, findings.size());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("command", command);
        details.put("findings", findings);
        return new Inspection.Damaged(frames, new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED, shown
                + (more > 0 ? "; and " + more + " more" : "") + " (" + frames.size() + " frame(s) decoded; see "
                + "sourceInspection in captures.json)", Details.fromJson(details)),
                new SourceInspection(container.diagnostics(), decoded, findings, Verdict.DAMAGED));
    }

    private static String clip(String line) {
        return line.length() <= 300 ? line : line.substring(0, 300) + "...";
    }

    private static double parseSeconds(String text, double fallback) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
