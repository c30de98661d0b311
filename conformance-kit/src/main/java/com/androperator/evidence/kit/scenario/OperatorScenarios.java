package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.DeviceLog;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.simulator.profile.LogcatHierarchy;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.Readiness;
import java.nio.file.Files;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** The hierarchy's failures: each Operator outcome, readiness, and the device-work budget. */
final class OperatorScenarios {
    private static final String PRESERVES = "Hierarchy capture still requires the selected Operator and preserves its"
            + " actual success or failure.";
    private static final String READ_ONLY = "Its readiness check is read-only: a sleeping or locked device returns a"
            + " hierarchy failure without wake or Home input.";
    private static final String OWNED = "A hierarchy canceled by this budget retains details.deadlineOwner:"
            + " \"evidence_capture\", the execution phase, dispatch state, earlier effects and available result-reader"
            + " diagnostics in captures.json.";
    static final String OPERATOR_CODE = "SERVICE_UNAVAILABLE";

    private OperatorScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("operator-failed-envelope", Surface.CLI, PRESERVES,
                        "partial, exit 1; the screenshot complete; the hierarchy failed with the Operator's own errorCode"
                                + " passed through; the failed envelope kept in captures.json; the caller's verdict kept",
                        Phones.change(b -> b.operator(op -> op.withBehavior(OperatorBehavior.FAILED)
                                .withError(OPERATOR_CODE, "Accessibility service is not running"))), false,
                        run -> {
                            BundleView bundle = hierarchyFailed(run, ExpectedCodes.OPERATOR_FAILED, OPERATOR_CODE, 1);
                            run.verdict().check(Json.findAll(bundle.captures(), "errorCode").stream()
                                            .anyMatch(code -> OPERATOR_CODE.equals(code.asString(null))),
                                    "captures.json keeps the failed envelope (errorCode " + OPERATOR_CODE + ")", "present",
                                    "absent");
                        }),
                new Scenario("operator-silent", Surface.CLI,
                        "Expiring the device-work budget records screenshot or hierarchy cancellation as COMMAND_TIMEOUT"
                                + " and retains completed artifacts and any partial image bytes.",
                        "an Operator that never answers (--timeout 3000): the hierarchy is COMMAND_TIMEOUT with"
                                + " deadlineOwner evidence_capture, no snapshot is dispatched, the screenshot is kept",
                        Phones.operator(OperatorBehavior.SILENT), false, run -> deadline(run, "3000", 0)),
                new Scenario("operator-deadline-during-snapshot", Surface.CLI, OWNED,
                        "readiness answers, the snapshot never does (--timeout 4000): COMMAND_TIMEOUT, deadlineOwner"
                                + " evidence_capture, the phase and dispatch state in captures.json, one dispatch only",
                        Phones.change(b -> b.operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT))),
                        false, run -> deadline(run, "4000", 1)),
                new Scenario("operator-result-transport-exits", Surface.CLI,
                        "... This distinguishes an owned deadline from an unexplained RESULT_TRANSPORT_EXITED.",
                        "the logcat reader ends before the result: RESULT_TRANSPORT_EXITED, one dispatch, never resent",
                        Phones.change(b -> b.operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.TRANSPORT_EXIT))),
                        false,
                        run -> hierarchyFailed(run, ExpectedCodes.TRANSPORT_EXITED, null, 1)),
                new Scenario("operator-not-installed", Surface.CLI,
                        "Standard Operator selection; package identifier characters only,"
                                + " with no automatic variant switch.",
                        "neither Operator variant installed: OPERATOR_NOT_INSTALLED, no snapshot dispatched, no other"
                                + " package tried",
                        Phones.change(b -> b.uninstallPackage(ScenarioRun.OPERATOR)
                                .uninstallPackage("com.androperator.operator")), false,
                        run -> hierarchyFailed(run, ExpectedCodes.OPERATOR_NOT_INSTALLED, null, 0)),
                new Scenario("operator-variant-mismatch", Surface.CLI,
                        "Standard Operator selection; package identifier characters only,"
                                + " with no automatic variant switch.",
                        "only the other variant (without .dev) installed: OPERATOR_VARIANT_MISMATCH, nothing dispatched,"
                                + " the installed variant never used",
                        Phones.change(b -> b.operatorAs("com.androperator.operator", "1.0.0",
                                OperatorGeneration.ANDROPERATOR)), false,
                        run -> hierarchyFailed(run, ExpectedCodes.OPERATOR_VARIANT_MISMATCH, null, 0)),
                new Scenario("operator-untagged-marker", Surface.CLI, PRESERVES,
                        "an Operator that answers without data.text and logs its XML only under the untagged marker"
                                + " [TaskScope] UI Hierarchy: VERSION_INCOMPATIBLE, one dispatch",
                        Phones.change(b -> b.operator(op -> op.withLogcat(LogcatHierarchy.UNTAGGED))), false,
                        run -> hierarchyFailed(run, ExpectedCodes.VERSION_INCOMPATIBLE, null, 1)),
                new Scenario("operator-corrupt-chunk", Surface.CLI, PRESERVES,
                        "a chunked result whose sha256 does not match: RESULT_ENVELOPE_MALFORMED, never a success",
                        Phones.operator(OperatorBehavior.CORRUPT_CHUNK), false,
                        run -> hierarchyFailed(run, ExpectedCodes.ENVELOPE_MALFORMED, null, 1)),
                new Scenario("operator-malformed-envelope", Surface.CLI, PRESERVES,
                        "chunks that reassemble exactly into a line whose envelope is not JSON: RESULT_ENVELOPE_MALFORMED",
                        Phones.operator(OperatorBehavior.MALFORMED_ENVELOPE), false,
                        run -> hierarchyFailed(run, ExpectedCodes.ENVELOPE_MALFORMED, null, 1)),
                new Scenario("operator-success-without-xml", Surface.CLI,
                        "Verified raw XML, unchanged from the capture envelope",
                        "a success envelope without data.text: SNAPSHOT_EXTRACTION_FAILED, no hierarchy file",
                        Phones.operator(OperatorBehavior.SUCCESS_WITHOUT_TEXT), false,
                        run -> hierarchyFailed(run, ExpectedCodes.SNAPSHOT_WITHOUT_XML, null, 1)),
                new Scenario("readiness-device-asleep", Surface.CLI, READ_ONLY,
                        "screen off and locked: DEVICE_NOT_INTERACTIVE, no snapshot, nothing that wakes, unlocks or"
                                + " presses Home; the three readiness facts kept in captures.json",
                        Phones.readiness(Readiness.asleep()), false, OperatorScenarios::notInteractive),
                new Scenario("readiness-device-locked", Surface.CLI, READ_ONLY,
                        "screen on but keyguard locked: DEVICE_NOT_INTERACTIVE, no snapshot, no unlock or Home",
                        Phones.readiness(new Readiness(true, true, true)), false, OperatorScenarios::notInteractive),
                new Scenario("budget-less-than-1000-ms-left", Surface.CLI,
                        "With less than 1000 ms remaining, hierarchy capture is recorded as timed out without dispatch"
                                + " because that is the execution engine's minimum timeout.",
                        "a screenshot that takes 1.6 s of a 2 s budget: the hierarchy is COMMAND_TIMEOUT and no"
                                + " broadcast at all reaches the phone",
                        Phones.change(b -> b.latency("screencap", 1_600)), false, OperatorScenarios::littleTimeLeft));
    }

    /** Screenshot complete, hierarchy failed with {@code expected}, partial; {@code dispatches} snapshots sent. */
    static BundleView hierarchyFailed(ScenarioRun run, ExpectedCodes expected, String operatorCode, int dispatches) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()
                .set("--context-json", CaptureScenarios.CONTEXT)), "partial");
        Verdict v = run.verdict();
        v.equal("screenshot artifact status", "complete", Json.text(bundle.artifact("screenshot"), "status"));
        v.equal("hierarchy artifact status", "failed", Json.text(bundle.artifact("hierarchy"), "status"));
        v.check(!Files.exists(bundle.dir().resolve("hierarchy.xml")), "no hierarchy.xml for a failed hierarchy",
                "absent", "present");
        Checks.artifactError(v, bundle, "hierarchy", expected, operatorCode);
        Checks.sameJson(v, "context copied as given (caller's verdict kept)", Json.parse(CaptureScenarios.CONTEXT), bundle.manifest().path("context"));
        v.equal("snapshot_ui dispatches", dispatches, new DeviceLog(run.phone().receivedServices())
                .dispatches("snapshot_ui").size());
        return bundle;
    }

    private static void deadline(ScenarioRun run, String timeout, int dispatches) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture().set("--timeout", timeout)), "partial");
        Verdict v = run.verdict();
        v.equal("screenshot artifact status (completed artifacts are retained)", "complete",
                Json.text(bundle.artifact("screenshot"), "status"));
        Checks.artifactError(v, bundle, "hierarchy", ExpectedCodes.HIERARCHY_DEADLINE, null);
        owned(v, bundle);
        v.equal("snapshot_ui dispatches", dispatches,
                new DeviceLog(run.phone().receivedServices()).dispatches("snapshot_ui").size());
    }

    /** The hierarchy record names the budget as the deadline's owner, with phase and dispatch state. */
    static void owned(Verdict v, BundleView bundle) {
        JsonNode record = bundle.record("hierarchy");
        v.check(!record.isMissingNode(), "captures.json has a hierarchy record", "present", "absent");
        JsonNode owner = BundleView.detail(record, "deadlineOwner");
        v.equal("captures.json hierarchy details.deadlineOwner", "evidence_capture", owner == null ? null : owner.asString(null));
        v.check(BundleView.detail(record, "phase") != null, "captures.json hierarchy details: the execution phase",
                "present", "absent");
        v.check(BundleView.detail(record, "dispatched") != null || BundleView.detail(record, "dispatchState") != null,
                "captures.json hierarchy details: the dispatch state", "present", "absent");
    }

    private static void notInteractive(ScenarioRun run) {
        BundleView bundle = hierarchyFailed(run, ExpectedCodes.NOT_INTERACTIVE, null, 0);
        JsonNode record = bundle.record("hierarchy");
        for (String[] fact : new String[][] {{"screen_on", "screenOn"}, {"device_locked", "deviceLocked"},
                {"user_unlocked", "userUnlocked"}}) {
            boolean kept = !Json.findAll(record, fact[0]).isEmpty() || !Json.findAll(record, fact[1]).isEmpty();
            run.verdict().check(kept, "captures.json hierarchy record keeps the readiness fact " + fact[0], "present",
                    "absent");
        }
    }

    private static void littleTimeLeft(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture().set("--timeout", "2000")),
                "partial", "failed");
        Verdict v = run.verdict();
        Checks.artifactError(v, bundle, "hierarchy", ExpectedCodes.HIERARCHY_DEADLINE, null);
        v.equal("Operator broadcasts (timed out without dispatch)", List.of(),
                new DeviceLog(run.phone().receivedServices()).broadcasts().stream().map(b -> String.join(" ", b)).toList());
        owned(v, bundle);
    }
}
