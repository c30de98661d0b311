package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Child;
import com.androperator.evidence.kit.engine.CliCommand;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.kit.video.ClipProbe;
import com.androperator.evidence.kit.video.Toolbox;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.JsonNode;

/** What video scenarios judge: start, status and stop results and exits, and the clips' own media. */
final class VideoJudge {
    /** How long the kit polls a pending stop (stop itself waits 15 s) before it calls finalization stuck. */
    private static final Duration SETTLE_LIMIT = Duration.ofSeconds(120);

    private VideoJudge() {
    }

    static CliCommand start(ScenarioRun run, Path bundle) {
        return CliCommand.of("evidence", "video", "start").set("--device", run.serial())
                .set("--operator-package", ScenarioRun.OPERATOR).set("--output-dir", bundle.toString())
                .set("--duration-seconds", "60");
    }

    static CliCommand session(String verb, Path bundle) {
        return CliCommand.of("evidence", "video", verb).set("--session", bundle.resolve("manifest.json").toString());
    }

    /** A start confirmed recording: exit 0, ok, status recording, a sessionId, the bundle's manifestPath. */
    static void started(Verdict v, Child.Result child, Path bundle, Toolbox tools) {
        JsonNode result = Checks.result(v, "video start", child);
        v.require(child.exit() == ExpectedCodes.EXIT_SUCCESS && result.path("ok").asBoolean(false),
                "video start: exit 0 and ok (after startup confirmation)", "exit 0, ok true",
                child.describe() + "; stand-in scrcpy log: " + tools.scrcpyLog());
        v.equal("video start: status", "recording", Json.text(result, "status"));
        v.check(Json.text(result, "sessionId") != null, "video start: sessionId", "present", result);
        v.equal("video start: manifestPath", bundle.resolve("manifest.json").toString(), Json.text(result, "manifestPath"));
    }

    /** status: exit 0 and one of {@code statuses}. */
    static JsonNode status(Verdict v, Child.Result child, String... statuses) {
        JsonNode result = Checks.result(v, "video status", child);
        String status = Json.text(result, "status");
        v.check(List.of(statuses).contains(status), "video status: status", String.join(" or ", statuses), status);
        v.equal("video status: exit status for " + status, ExpectedCodes.EXIT_SUCCESS, child.exit());
        return result;
    }

    /**
     * stop until the session settles: a stop may answer pending (COMMAND_TIMEOUT, finalizing) after its
     * 15 s; then status is polled, as the spec tells callers to. Returns the settled result.
     */
    static JsonNode stopped(ScenarioRun run, Map<String, String> environment, Path bundle, String expected) {
        Verdict v = run.verdict();
        Child.Result stop = run.cli(session("stop", bundle), environment);
        JsonNode result = Checks.result(v, "video stop", stop);
        long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
        while ("finalizing".equals(Json.text(result, "status")) && System.nanoTime() - deadline < 0) {
            v.equal("video stop: a pending stop's code", "COMMAND_TIMEOUT", Json.text(result, "code"));
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
            stop = run.cli(session("status", bundle), environment);
            result = Checks.result(v, "video status while finalizing", stop);
        }
        String status = Json.text(result, "status");
        v.check(expected.equals(status), "video stop: settled status", expected, status
                + (result.has("message") ? " (" + Json.text(result, "code") + ": " + Json.text(result, "message") + ")" : ""));
        boolean complete = "complete".equals(status);
        v.equal("video stop: exit status for " + status + " (exit 0 only for complete)",
                complete ? ExpectedCodes.EXIT_SUCCESS : ExpectedCodes.EXIT_NOT_COMPLETE, stop.exit());
        v.equal("video stop: ok", complete, result.path("ok").asBoolean(!complete));
        if (!complete) {
            v.codeEqual("video stop: code of a " + status + " session (" + ExpectedCodes.VIDEO_NOT_COMPLETE.source() + ")",
                    ExpectedCodes.VIDEO_NOT_COMPLETE.code(), Json.text(result, "code"));
        }
        return result;
    }

    /**
     * The clips: each complete {@code video} artifact decodes cleanly through its last frame (the kit's
     * own ffprobe), is H.264 of the expected size, and together they hold every frame the screen showed.
     */
    static void clips(ScenarioRun run, BundleView bundle, List<String> sizes, long frames) {
        Verdict v = run.verdict();
        List<String> seen = new ArrayList<>();
        long decoded = 0;
        for (JsonNode artifact : bundle.artifacts("video")) {
            if (!"complete".equals(Json.text(artifact, "status"))) {
                continue;
            }
            String path = Json.text(artifact, "path");
            v.equal("a complete clip is an MP4", "video/mp4", Json.text(artifact, "mimeType"));
            ClipProbe.Clip clip = ClipProbe.probe(run.settings().video(), bundle.dir().resolve(path));
            v.check(clip.problem() == null, path + " decodes cleanly through its last frame", "no diagnostics",
                    clip.problem());
            v.equal(path + " codec", "h264", clip.codec());
            seen.add(path + " " + clip.size());
            decoded += clip.frames();
        }
        List<String> expectedClips = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            expectedClips.add((i == 0 ? "video.mp4" : String.format("video-%04d.mp4", i + 1)) + " " + sizes.get(i));
        }
        v.equal("complete clips in manifest order (name and decoded size)", expectedClips, seen);
        List<String> segments = new ArrayList<>();
        for (JsonNode segment : bundle.spans()) {
            segments.add(Json.text(segment, "path") + " " + BundleView.size(segment.get("actualSize")));
        }
        v.equal("captures.json video segments (path and actualSize), one per clip", expectedClips, segments);
        List<JsonNode> spans = bundle.spans();
        v.check(spans.isEmpty() || !spans.get(spans.size() - 1).has("end"), "the last segment has no end",
                "no end", spans.isEmpty() ? null : spans.get(spans.size() - 1).get("end"));
        v.equal("frames decoded across the clips (every frame the screen showed)", frames, decoded);
    }
}
