package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Child;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.McpSession;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.kit.video.Toolbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Managed video through the kit's stand-in scrcpy and the real ffmpeg it found or was given. */
final class VideoScenarios {
    /** The sample phone's screen (1080x2400) for 45 frames: 576x1280 at the default longest edge of 1280. */
    private static final String PORTRAIT = "1080x2400:45";
    private static final String DEPENDENCIES = "Video start returns HOST_DEPENDENCY_MISSING before reserving the device"
            + " or creating an output bundle when dependencies are missing, fail to run, or lack required capabilities.";

    private VideoScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("video-start-status-stop", Surface.CLI_VIDEO,
                        "Exit 0, `ok: true`, `status: \"recording\"` after startup confirmation. ..."
                                + " Repeated stop after finalization returns the existing outcome without changing evidence.",
                        "start (recording, exit 0), status (recording), stop (complete, exit 0); one 576x1280 H.264 clip"
                                + " holding all 45 frames; a repeated stop changes nothing; nothing outside the bundle",
                        Scenario.samplePhone(), true, run -> record(run, PORTRAIT, List.of("576x1280"), 45)),
                new Scenario("video-fold-two-clips", Surface.CLI_VIDEO,
                        "Folding or unfolding can change the capture dimensions. Capture continues without restarting, and"
                                + " finalization creates a separate MP4 for each consecutive size span.",
                        "the screen unfolds to 2208x1840 mid-recording: video.mp4 576x1280 and video-0002.mp4 1280x1066,"
                                + " 90 frames in all, actualSize null",
                        Scenario.samplePhone(), true, run -> {
                            BundleView bundle = record(run, PORTRAIT + ",2208x1840:45", List.of("576x1280", "1280x1066"), 90);
                            run.verdict().check(bundle.manifest().path("video").path("actualSize").isNull(),
                                    "video.actualSize when clip sizes differ", "null",
                                    bundle.manifest().path("video").get("actualSize"));
                        }),
                new Scenario("video-idle-partial", Surface.CLI_VIDEO,
                        "A zero-duration idle recording remains partial, even if one frame decodes.",
                        "one frame then an idle screen: stop settles partial, exit 1, EVIDENCE_CAPTURE_FAILED",
                        Scenario.samplePhone(), true, VideoScenarios::idle),
                new Scenario("video-recording-active", Surface.CLI_VIDEO,
                        "EVIDENCE_RECORDING_ACTIVE refuses a second session on the same device.",
                        "a second start on the recording device is refused and creates nothing; the first completes",
                        Scenario.samplePhone(), true, VideoScenarios::active),
                new Scenario("video-dependency-missing", Surface.CLI_VIDEO, DEPENDENCIES,
                        "no scrcpy on PATH: HOST_DEPENDENCY_MISSING naming scrcpy as missing, with a hint; exit 1;"
                                + " no output directory",
                        Scenario.samplePhone(), false,
                        run -> dependency(run, Toolbox.Scrcpy.ABSENT, Toolbox.Ffmpeg.REAL, "scrcpy", "missing")),
                new Scenario("video-ffmpeg-unsupported", Surface.CLI_VIDEO,
                        "unsupported means required scrcpy flags are absent, FFmpeg is older than 6.1, or its"
                                + " timing/encoder capability probe fails.",
                        "an ffmpeg 5.1: HOST_DEPENDENCY_MISSING naming ffmpeg as unsupported; no output directory",
                        Scenario.samplePhone(), false,
                        run -> dependency(run, Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.DEBIAN_5_1, "ffmpeg", "unsupported")),
                new Scenario("video-invalid-duration", Surface.CLI_VIDEO,
                        "Start requires an explicit device and an integer --duration-seconds from 1 to 180.",
                        "--duration-seconds 0 | 181 | 1.5 | ten: each EXECUTION_VALIDATION_FAILED, nothing created",
                        Scenario.samplePhone(), false, VideoScenarios::invalidDuration),
                new Scenario("mcp-video-start-status-stop", Surface.MCP_VIDEO,
                        "evidence_video_start accepts durationSeconds, optional size, label, context, deviceId, and"
                                + " operatorPackage. ... allocates a bundle under the configured evidence root ..., and"
                                + " returns sessionId.",
                        "evidence_video_start, _status and _stop with the sessionId only: a complete bundle"
                                + " <root>/bundles/<sessionId> whose clip decodes with all 45 frames",
                        Scenario.samplePhone(), true, VideoScenarios::overMcp));
    }

    private static BundleView record(ScenarioRun run, String spans, List<String> sizes, long frames) throws IOException {
        Toolbox tools = run.toolbox(spans, Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        Map<String, String> environment = run.environment(tools, Map.of());
        Path bundle = run.workspace().bundle();
        Verdict v = run.verdict();
        Map<String, String> before = run.workspace().snapshot(CaptureJudge.outside(run, bundle));
        VideoJudge.started(v, run.cli(VideoJudge.start(run, bundle), environment), bundle, tools);
        VideoJudge.status(v, run.cli(VideoJudge.session("status", bundle), environment), "starting", "recording");
        VideoJudge.stopped(run, environment, bundle, "complete");
        BundleView view = settled(run, bundle, "complete");
        v.equal("video.stopReason", "requested", Json.text(view.manifest().path("video"), "stopReason"));
        VideoJudge.clips(run, view, sizes, frames);
        byte[] manifest = Files.readAllBytes(bundle.resolve("manifest.json"));
        Child.Result again = run.cli(VideoJudge.session("stop", bundle), environment);
        v.equal("a repeated stop: exit status", ExpectedCodes.EXIT_SUCCESS, again.exit());
        v.equal("a repeated stop: status", "complete", Json.text(Checks.result(v, "repeated stop", again), "status"));
        v.check(java.util.Arrays.equals(manifest, Files.readAllBytes(bundle.resolve("manifest.json"))),
                "a repeated stop leaves manifest.json unchanged", "the same bytes", "changed");
        VideoJudge.status(v, run.cli(VideoJudge.session("status", bundle), environment), "complete");
        CaptureJudge.nothingOutside(run, bundle, before);
        v.check(!tools.scrcpyLog().contains("refused:"), "the recorder command line (device-protocol 5)",
                "accepted by the stand-in scrcpy", tools.scrcpyLog());
        return view;
    }

    /** A settled video bundle: it conforms, its status, a terminal finishedAt. */
    private static BundleView settled(ScenarioRun run, Path bundle, String status) {
        Checks.conforms(run.verdict(), bundle);
        BundleView view = BundleView.read(bundle);
        run.verdict().check(status.equals(view.status()), "video manifest status", status, view.status() + " with errors "
                + view.errors().stream().map(Checks::describe).toList());
        run.verdict().check(view.manifest().path("finishedAt").isString(), "a terminal manifest's finishedAt",
                "a host UTC time", view.manifest().get("finishedAt"));
        return view;
    }

    private static void idle(ScenarioRun run) {
        Toolbox tools = run.toolbox("1080x2400:1", Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        Map<String, String> environment = run.environment(tools, Map.of());
        Path bundle = run.workspace().bundle();
        VideoJudge.started(run.verdict(), run.cli(VideoJudge.start(run, bundle), environment), bundle, tools);
        VideoJudge.stopped(run, environment, bundle, "partial");
        settled(run, bundle, "partial");
    }

    private static void active(ScenarioRun run) {
        Toolbox tools = run.toolbox(PORTRAIT, Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        Map<String, String> environment = run.environment(tools, Map.of());
        Path bundle = run.workspace().bundle();
        Verdict v = run.verdict();
        VideoJudge.started(v, run.cli(VideoJudge.start(run, bundle), environment), bundle, tools);
        Path second = run.workspace().out().resolve("second");
        Child.Result refused = run.cli(VideoJudge.start(run, second), environment);
        JsonNode result = Checks.result(v, "a second video start", refused);
        Checks.refusal(v, "a second video start on the same device", refused, result, ExpectedCodes.RECORDING_ACTIVE);
        v.check(!Files.exists(second), "the second start's output directory", "not created", "created");
        VideoJudge.stopped(run, environment, bundle, "complete");
        settled(run, bundle, "complete");
    }

    private static void dependency(ScenarioRun run, Toolbox.Scrcpy scrcpy, Toolbox.Ffmpeg ffmpeg, String tool,
                                   String reason) {
        Toolbox tools = run.toolbox(PORTRAIT, scrcpy, ffmpeg);
        Map<String, String> environment = run.environment(tools, Map.of());
        Verdict v = run.verdict();
        Map<String, String> before = run.workspace().snapshot();
        Child.Result child = run.cli(VideoJudge.start(run, run.workspace().bundle()), environment);
        JsonNode result = Checks.result(v, "video start", child);
        Checks.refusal(v, "video start without usable " + tool, child, result, ExpectedCodes.HOST_DEPENDENCY_MISSING);
        boolean named = false;
        for (JsonNode dependency : result.path("details").path("dependencies")) {
            named |= tool.equals(Json.text(dependency, "dependency")) && reason.equals(Json.text(dependency, "reason"));
        }
        v.check(named, "details.dependencies names " + tool, "{dependency " + tool + ", reason " + reason + "}",
                result.path("details").path("dependencies"));
        v.equal("files created or changed (before reserving the device or creating an output bundle)", List.of(),
                Checks.changes(before, run.workspace().snapshot()));
    }

    private static void invalidDuration(ScenarioRun run) {
        Toolbox tools = run.toolbox(PORTRAIT, Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        Map<String, String> environment = run.environment(tools, Map.of());
        for (String duration : List.of("0", "181", "1.5", "ten")) {
            CaptureJudge.Untouched untouched = CaptureJudge.Untouched.now(run);
            Child.Result child = run.cli(VideoJudge.start(run, run.workspace().bundle())
                    .set("--duration-seconds", duration), environment);
            String what = "--duration-seconds " + duration;
            Checks.refusal(run.verdict(), what, child, Checks.result(run.verdict(), what, child),
                    ExpectedCodes.INVALID_REQUEST);
            untouched.check(run, what);
        }
    }

    private static void overMcp(ScenarioRun run) throws IOException {
        Path root = Files.createDirectories(run.workspace().evidence());
        Toolbox tools = run.toolbox(PORTRAIT, Toolbox.Scrcpy.STAND_IN, Toolbox.Ffmpeg.REAL);
        McpSession mcp = run.mcp(run.environment(tools, Map.of("ANDROPERATOR_EVIDENCE_DIR", root.toString())));
        Verdict v = run.verdict();
        ObjectNode start = McpJudge.target(run);
        start.put("durationSeconds", 60);
        JsonNode started = McpJudge.call(run, mcp, "evidence_video_start", start, "evidence_video_start");
        v.require("recording".equals(Json.text(started, "status")), "evidence_video_start: status", "recording",
                started + "; stand-in scrcpy log: " + tools.scrcpyLog());
        String sessionId = Json.text(started, "sessionId");
        Path bundle = root.resolve("bundles").resolve(sessionId);
        v.equal("evidence_video_start: manifestPath <root>/bundles/<sessionId>", bundle.resolve("manifest.json").toString(),
                Json.text(started, "manifestPath"));
        ObjectNode session = Json.object().put("sessionId", sessionId);
        JsonNode status = McpJudge.call(run, mcp, "evidence_video_status", session, "evidence_video_status");
        v.check(List.of("starting", "recording").contains(Json.text(status, "status")), "evidence_video_status: status",
                "recording", Json.text(status, "status"));
        JsonNode stopped = McpJudge.call(run, mcp, "evidence_video_stop", session, "evidence_video_stop");
        for (int poll = 0; poll < 240 && "finalizing".equals(Json.text(stopped, "status")); poll++) {
            java.util.concurrent.locks.LockSupport.parkNanos(500_000_000L);
            stopped = McpJudge.call(run, mcp, "evidence_video_status", session, "evidence_video_status while finalizing");
        }
        v.equal("evidence_video_stop: settled status", "complete", Json.text(stopped, "status"));
        BundleView view = settled(run, bundle, "complete");
        VideoJudge.clips(run, view, List.of("576x1280"), 45);
    }
}
