package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.McpSession;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** evidence_capture over MCP: managed storage, isError, and every argument it must refuse. */
final class McpScenarios {
    private static final String REJECTS = "It rejects outputDir, raw paths, and unknown parameters.";
    private static final String EVIDENCE_DIR = "ANDROPERATOR_EVIDENCE_DIR";

    private McpScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("mcp-capture-managed-root", Surface.MCP,
                        "Managed still and video bundles use <evidence_root>/bundles/<session_id>.",
                        "with ANDROPERATOR_EVIDENCE_DIR set: the four tools listed; a complete bundle"
                                + " <root>/bundles/<evidenceId>, isError false, label and context (an object) as given",
                        Scenario.samplePhone(), false, McpScenarios::managedRoot),
                new Scenario("mcp-capture-default-root", Surface.MCP,
                        "Each request allocates a new bundle beneath the server-owned ~/.androperator/evidence/bundles"
                                + " directory by default and returns its manifestPath.",
                        "without ANDROPERATOR_EVIDENCE_DIR: two calls, two new complete bundles under"
                                + " $HOME/.androperator/evidence/bundles",
                        Scenario.samplePhone(), false, McpScenarios::defaultRoot),
                new Scenario("mcp-capture-partial-is-error", Surface.MCP,
                        "Partial/failed results also set MCP isError: true while preserving that path.",
                        "a failed Operator: isError true, status partial, EVIDENCE_CAPTURE_FAILED, manifestPath kept and"
                                + " the bundle there",
                        Phones.operator(OperatorBehavior.FAILED), false, McpScenarios::partial),
                new Scenario("mcp-rejects-output-dir", Surface.MCP, REJECTS,
                        "outputDir (absolute, new) is refused; nothing is created there or under the root",
                        Scenario.samplePhone(), false, run -> refuse(run, "outputDir",
                                Json.MAPPER.getNodeFactory().stringNode(run.workspace().bundle().toString()))),
                new Scenario("mcp-rejects-unknown-field", Surface.MCP, REJECTS,
                        "an unknown argument (originalVerdict at top level) is refused, nothing created",
                        Scenario.samplePhone(), false,
                        run -> refuse(run, "originalVerdict", Json.MAPPER.getNodeFactory().stringNode("failed"))),
                new Scenario("mcp-rejects-path-arguments", Surface.MCP,
                        "evidence_video_status and evidence_video_stop accept only that opaque sessionId; path and target"
                                + " overrides are rejected.",
                        "a manifest path or a relative path as sessionId, manifestPath or deviceId next to sessionId,"
                                + " bundlePath on evidence_capture: each refused, nothing created or changed",
                        Scenario.samplePhone(), false, McpScenarios::paths),
                new Scenario("mcp-rejects-context-string", Surface.MCP,
                        "MCP evidence_capture accepts the common deviceId, operatorPackage, and timeoutMs fields, plus"
                                + " optional label and context (an object, not a JSON string).",
                        "context given as a JSON string is refused, nothing created",
                        Scenario.samplePhone(), false,
                        run -> refuse(run, "context", Json.MAPPER.getNodeFactory().stringNode("{\"originalVerdict\":\"failed\"}"))),
                new Scenario("mcp-blank-evidence-dir", Surface.MCP,
                        "Empty or whitespace-only values fail with EXECUTION_VALIDATION_FAILED.",
                        "ANDROPERATOR_EVIDENCE_DIR of spaces: evidence_capture refused, nothing created",
                        Scenario.samplePhone(), false, McpScenarios::blankRoot));
    }

    private static Path root(ScenarioRun run) throws IOException {
        return Files.createDirectories(run.workspace().evidence());
    }

    private static void managedRoot(ScenarioRun run) throws IOException {
        Path root = root(run);
        McpSession mcp = run.mcp(run.environment(Map.of(EVIDENCE_DIR, root.toString())));
        Verdict v = run.verdict();
        JsonNode tools = mcp.listTools();
        List<String> names = new ArrayList<>();
        if (tools != null) {
            tools.path("tools").forEach(tool -> names.add(Json.text(tool, "name")));
        }
        v.check(names.containsAll(List.of("evidence_capture", "evidence_video_start", "evidence_video_status",
                "evidence_video_stop")), "tools/list", "evidence_capture and the three video tools", names);
        ObjectNode arguments = McpJudge.target(run);
        arguments.put("label", CaptureScenarios.LABEL);
        arguments.set("context", Json.parse(CaptureScenarios.CONTEXT));
        McpJudge.Before before = McpJudge.Before.now(run);
        JsonNode result = McpJudge.call(run, mcp, "evidence_capture", arguments, "evidence_capture");
        BundleView bundle = McpJudge.captured(run, result, root, before, "complete");
        Checks.sameJson(v, "context copied as given (an object)", Json.parse(CaptureScenarios.CONTEXT), bundle.manifest().path("context"));
        v.equal("label as given", CaptureScenarios.LABEL, Json.text(bundle.manifest(), "label"));
    }

    private static void defaultRoot(ScenarioRun run) {
        McpSession mcp = run.mcp(run.environment());
        Path root = run.workspace().home().resolve(".androperator").resolve("evidence");
        List<String> bundles = new ArrayList<>();
        for (int call = 1; call <= 2; call++) {
            McpJudge.Before before = McpJudge.Before.now(run);
            JsonNode result = McpJudge.call(run, mcp, "evidence_capture", McpJudge.target(run), "evidence_capture #" + call);
            BundleView bundle = McpJudge.captured(run, result, root, before, "complete");
            bundles.add(bundle.dir().toString());
        }
        run.verdict().check(!bundles.get(0).equals(bundles.get(1)), "each request allocates a new bundle",
                "two directories", bundles);
    }

    private static void partial(ScenarioRun run) throws IOException {
        Path root = root(run);
        McpSession mcp = run.mcp(run.environment(Map.of(EVIDENCE_DIR, root.toString())));
        McpJudge.Before before = McpJudge.Before.now(run);
        JsonNode result = McpJudge.call(run, mcp, "evidence_capture", McpJudge.target(run), "evidence_capture");
        BundleView bundle = McpJudge.captured(run, result, root, before, "partial");
        run.verdict().equal("hierarchy artifact status", "failed", Json.text(bundle.artifact("hierarchy"), "status"));
    }

    private static void refuse(ScenarioRun run, String field, JsonNode value) throws IOException {
        Path root = root(run);
        McpSession mcp = run.mcp(run.environment(Map.of(EVIDENCE_DIR, root.toString())));
        ObjectNode arguments = McpJudge.target(run);
        arguments.set(field, value);
        McpJudge.refused(run, mcp, "evidence_capture", arguments, ExpectedCodes.MCP_ARGUMENT_REFUSED,
                "evidence_capture with " + field);
    }

    private static void paths(ScenarioRun run) throws IOException {
        Path root = root(run);
        Path elsewhere = Files.createDirectories(run.workspace().out().resolve("elsewhere"));
        Path manifest = Files.writeString(elsewhere.resolve("manifest.json"), "{}");
        McpSession mcp = run.mcp(run.environment(Map.of(EVIDENCE_DIR, root.toString())));
        for (String tool : List.of("evidence_video_status", "evidence_video_stop")) {
            for (String session : List.of(manifest.toString(), elsewhere.toString(), "../elsewhere")) {
                ObjectNode arguments = Json.object().put("sessionId", session);
                McpJudge.refused(run, mcp, tool, arguments, ExpectedCodes.SESSION_NOT_FOUND,
                        tool + " with sessionId " + session);
            }
            McpJudge.refused(run, mcp, tool, Json.object().put("sessionId", "0a1b2c3d")
                            .put("manifestPath", manifest.toString()), ExpectedCodes.MCP_ARGUMENT_REFUSED,
                    tool + " with manifestPath");
            McpJudge.refused(run, mcp, tool, Json.object().put("sessionId", "0a1b2c3d").put("deviceId", run.serial()),
                    ExpectedCodes.MCP_ARGUMENT_REFUSED, tool + " with a target override (deviceId)");
        }
        ObjectNode capture = McpJudge.target(run);
        capture.put("bundlePath", run.workspace().bundle().toString());
        McpJudge.refused(run, mcp, "evidence_capture", capture, ExpectedCodes.MCP_ARGUMENT_REFUSED,
                "evidence_capture with bundlePath");
    }

    private static void blankRoot(ScenarioRun run) {
        McpSession mcp = run.mcp(run.environment(Map.of(EVIDENCE_DIR, "   ")));
        McpJudge.refused(run, mcp, "evidence_capture", McpJudge.target(run), ExpectedCodes.INVALID_REQUEST,
                "evidence_capture with ANDROPERATOR_EVIDENCE_DIR of spaces");
    }
}
