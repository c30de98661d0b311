package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.McpSession;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.DeviceLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The standard selections both tools share (reference-compat section 4): the Operator package from
 * ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator, never switched automatically, an
 * explicit option over both, and the MCP {@code configure} tool's session defaults. ANDROID_SERIAL is
 * beyond the reference and not judged here.
 */
final class SelectionScenarios {
    static final String VARIABLE = "ANDROPERATOR_OPERATOR_PACKAGE";
    static final String DEFAULT_PACKAGE = "com.androperator.operator";
    private static final String SPEC = "Standard Operator selection; package identifier characters only, with no"
            + " automatic variant switch.";

    private SelectionScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("selection-operator-package-variable", Surface.CLI, SPEC,
                        "no --operator-package, " + VARIABLE + " names the installed Operator: complete, recorded as"
                                + " device.operatorPackage, every broadcast to that package",
                        Scenario.samplePhone(), false, run -> fromVariable(run)),
                new Scenario("selection-default-operator-package", Surface.CLI, SPEC,
                        "neither --operator-package nor " + VARIABLE + ": " + DEFAULT_PACKAGE + " (installed here), complete,"
                                + " never a .dev variant",
                        Phones.change(b -> b.installPackage(DEFAULT_PACKAGE, "0.12.1")
                                .operator(op -> op.withPackageName(DEFAULT_PACKAGE))), false,
                        run -> byDefault(run)),
                new Scenario("selection-explicit-operator-package-wins", Surface.CLI, SPEC,
                        "--operator-package given while " + VARIABLE + " names a package that is not installed: the"
                                + " option is used, complete",
                        Scenario.samplePhone(), false, run -> explicitWins(run)),
                new Scenario("mcp-configure-session-defaults", Surface.MCP,
                        "MCP evidence_capture accepts the common deviceId, operatorPackage, and timeoutMs fields, ...",
                        "configure {deviceId, operatorPackage} then evidence_capture {}: the configured device and"
                                + " package are used, complete; configure with an invalid deviceId is refused and"
                                + " changes nothing",
                        Scenario.samplePhone(), false, SelectionScenarios::configured));
    }

    private static void fromVariable(ScenarioRun run) {
        int before = run.phone().receivedServices().size();
        BundleView bundle = ran(run, Map.of(VARIABLE, ScenarioRun.OPERATOR), run.capture().remove("--operator-package"));
        packageUsed(run, bundle, ScenarioRun.OPERATOR, before);
    }

    private static void byDefault(ScenarioRun run) {
        int before = run.phone().receivedServices().size();
        BundleView bundle = ran(run, Map.of(), run.capture().remove("--operator-package"));
        packageUsed(run, bundle, DEFAULT_PACKAGE, before);
    }

    private static void explicitWins(ScenarioRun run) {
        int before = run.phone().receivedServices().size();
        BundleView bundle = ran(run, Map.of(VARIABLE, "com.example.not.installed"), run.capture());
        packageUsed(run, bundle, ScenarioRun.OPERATOR, before);
    }

    private static BundleView ran(ScenarioRun run, Map<String, String> environment,
                                  com.androperator.evidence.kit.engine.CliCommand command) {
        Map<String, String> before = run.workspace().snapshot(CaptureJudge.outside(run, run.workspace().bundle()));
        CaptureJudge.Captured captured = new CaptureJudge.Captured(run.cli(command, run.environment(environment)), before);
        return CaptureJudge.ran(run, captured, "complete");
    }

    /** device.operatorPackage is {@code expected}, and every broadcast since {@code from} went to it alone. */
    private static void packageUsed(ScenarioRun run, BundleView bundle, String expected, int from) {
        Verdict v = run.verdict();
        v.equal("device.operatorPackage", expected, Json.text(bundle.device(), "operatorPackage"));
        List<String> services = run.phone().receivedServices();
        List<List<String>> broadcasts = new DeviceLog(services.subList(from, services.size())).broadcasts();
        v.check(!broadcasts.isEmpty() && broadcasts.stream().allMatch(b -> targets(b, expected)),
                "every broadcast goes to " + expected + " (no automatic variant switch)", "-p " + expected,
                broadcasts);
    }

    private static boolean targets(List<String> broadcast, String expected) {
        int p = broadcast.indexOf("-p");
        return p >= 0 && p + 1 < broadcast.size() && broadcast.get(p + 1).replace("'", "").equals(expected);
    }

    private static void configured(ScenarioRun run) throws IOException {
        Path root = Files.createDirectories(run.workspace().evidence());
        McpSession mcp = run.mcp(run.environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", root.toString())));
        Verdict v = run.verdict();
        McpSession.ToolAnswer set = mcp.call("configure", McpJudge.target(run));
        v.check(!set.isError(), "configure {deviceId, operatorPackage}: not an error", "isError false", set.describe());
        ObjectNode invalid = Json.object();
        invalid.put("deviceId", "two words");
        McpSession.ToolAnswer refused = mcp.call("configure", invalid);
        v.check(refused.isError(), "configure with an invalid deviceId: isError", "isError true", refused.describe());
        JsonNode code = refused.result() == null ? null : refused.result().get("code");
        v.codeEqual("configure with an invalid deviceId: code (as every invalid argument)",
                "EXECUTION_VALIDATION_FAILED", code == null ? null : code.asString(null));
        McpJudge.Before before = McpJudge.Before.now(run);
        JsonNode result = McpJudge.call(run, mcp, "evidence_capture", Json.object(), "evidence_capture {}");
        BundleView bundle = McpJudge.captured(run, result, root, before, "complete");
        v.equal("device.serial: the configured deviceId", run.serial(), Json.text(bundle.device(), "serial"));
        v.equal("device.operatorPackage: the configured operatorPackage", ScenarioRun.OPERATOR,
                Json.text(bundle.device(), "operatorPackage"));
    }
}
