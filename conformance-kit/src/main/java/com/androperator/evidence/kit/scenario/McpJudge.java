package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.McpSession;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What MCP scenarios judge: tool results (schema, isError), managed bundles, refusals with nothing created. */
final class McpJudge {
    private McpJudge() {
    }

    /** {@code deviceId} and {@code operatorPackage} of this scenario's phone. */
    static ObjectNode target(ScenarioRun run) {
        ObjectNode arguments = Json.object();
        arguments.put("deviceId", run.serial());
        arguments.put("operatorPackage", ScenarioRun.OPERATOR);
        return arguments;
    }

    /** A tool result whose object conforms to the result schema and whose isError is the negation of ok. */
    static JsonNode call(ScenarioRun run, McpSession mcp, String tool, JsonNode arguments, String what) {
        Verdict v = run.verdict();
        McpSession.ToolAnswer answer = mcp.call(tool, arguments);
        v.require(answer.result() != null && answer.result().isObject(),
                what + ": a tool result carrying the result object", "structuredContent or a JSON text content",
                answer.describe() + "; server stderr: " + mcp.stderrTail());
        Checks.resultSchema(v, what, answer.result());
        boolean ok = answer.result().path("ok").asBoolean(false);
        v.equal(what + ": isError (set for partial, failed, refused and pending results)", !ok, answer.isError());
        v.equal(what + ": stdout carries protocol messages only", List.of(), mcp.protocolProblems());
        return answer.result();
    }

    /**
     * A capture over MCP that ran into a managed bundle {@code <root>/bundles/<evidenceId>}: status,
     * code, the bundle conforming, nothing created outside it, the device side.
     */
    static BundleView captured(ScenarioRun run, JsonNode result, Path root, Before before, String status) {
        Verdict v = run.verdict();
        v.equal("result status", status, Json.text(result, "status"));
        if (!"complete".equals(status)) {
            v.codeEqual("result code of a " + status + " capture (" + ExpectedCodes.CAPTURE_NOT_COMPLETE.source() + ")",
                    ExpectedCodes.CAPTURE_NOT_COMPLETE.code(), Json.text(result, "code"));
        }
        String evidenceId = Json.text(result, "evidenceId");
        v.require(evidenceId != null, "result evidenceId", "present", result);
        Path bundle = root.resolve("bundles").resolve(evidenceId);
        v.equal("manifestPath: a new bundle <evidence_root>/bundles/<id>", bundle.resolve("manifest.json").toString(),
                Json.text(result, "manifestPath"));
        v.require(Files.isRegularFile(bundle.resolve("manifest.json")), "a finalized manifest.json",
                bundle.resolve("manifest.json"), "absent");
        Checks.conforms(v, bundle);
        BundleView view = BundleView.read(bundle);
        v.equal("manifest status = result status", status, view.status());
        v.equal("manifest evidenceId = result evidenceId", evidenceId, view.evidenceId());
        CaptureJudge.nothingOutside(run, bundle, before.files());
        CaptureJudge.device(run, view, before.services());
        return view;
    }

    /** The workspace and the phone's service count before a capture call. */
    record Before(Map<String, String> files, int services) {
        static Before now(ScenarioRun run) {
            return new Before(run.workspace().snapshot(), run.phone().receivedServices().size());
        }
    }

    /** A refused call: the table's code, no manifestPath, nothing created, nothing sent to the phone. */
    static void refused(ScenarioRun run, McpSession mcp, String tool, JsonNode arguments, ExpectedCodes expected,
                        String what) {
        CaptureJudge.Untouched untouched = CaptureJudge.Untouched.now(run);
        JsonNode result = call(run, mcp, tool, arguments, what);
        Verdict v = run.verdict();
        v.equal(what + ": ok", false, result.path("ok").asBoolean(true));
        v.codeEqual(what + ": code (" + expected.source() + ")", expected.code(), Json.text(result, "code"));
        v.check(!result.has("manifestPath"), what + ": no manifestPath", "absent", Json.text(result, "manifestPath"));
        untouched.check(run, what);
    }
}
