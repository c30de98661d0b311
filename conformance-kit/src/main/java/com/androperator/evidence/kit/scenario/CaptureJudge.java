package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Child;
import com.androperator.evidence.kit.engine.CliCommand;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.DeviceLog;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** What every still-capture scenario judges: the result and exit table, the bundle, the workspace, the device. */
final class CaptureJudge {
    private CaptureJudge() {
    }

    /** A capture that ran, with the workspace as it was before. */
    record Captured(Child.Result child, Map<String, String> before) {
    }

    static Captured run(ScenarioRun run, CliCommand command) {
        Map<String, String> before = run.workspace().snapshot(outside(run, run.workspace().bundle()));
        return new Captured(run.cli(command), before);
    }

    /**
     * The capture ran to a bundle whose status is one of {@code statuses}: result object (schema,
     * exit table, code, manifestPath, evidenceId), the bundle (BundleVerifier), its status agreeing
     * with the result, nothing created outside it, and the device side.
     */
    static BundleView ran(ScenarioRun run, Captured captured, String... statuses) {
        Verdict v = run.verdict();
        Path bundle = run.workspace().bundle();
        JsonNode result = Checks.result(v, "capture result", captured.child());
        String status = Json.text(result, "status");
        boolean complete = "complete".equals(status);
        v.check(Arrays.asList(statuses).contains(status), "result status", String.join(" or ", statuses), status);
        v.equal("exit status for status " + status + " (spec: complete 0, partial/failed 1)",
                complete ? ExpectedCodes.EXIT_SUCCESS : ExpectedCodes.EXIT_NOT_COMPLETE, captured.child().exit());
        v.equal("result ok", complete, result.path("ok").asBoolean(!complete));
        if (!complete) {
            v.codeEqual("result code of a " + status + " capture (" + ExpectedCodes.CAPTURE_NOT_COMPLETE.source() + ")",
                    ExpectedCodes.CAPTURE_NOT_COMPLETE.code(), Json.text(result, "code"));
        }
        v.equal("result manifestPath", bundle.resolve("manifest.json").toString(), Json.text(result, "manifestPath"));
        v.require(Files.isRegularFile(bundle.resolve("manifest.json")), "a finalized manifest.json",
                bundle.resolve("manifest.json"), "absent; " + captured.child().describe());
        Checks.conforms(v, bundle);
        BundleView view = BundleView.read(bundle);
        v.equal("manifest status = result status", status, view.status());
        v.equal("manifest evidenceId = result evidenceId", view.evidenceId(), Json.text(result, "evidenceId"));
        nothingOutside(run, captured.before());
        device(run, view, 0);
        return view;
    }

    /** A request refused before capture: exit 1, the table's code, nothing created, nothing sent to the phone. */
    static void refused(ScenarioRun run, CliCommand command, ExpectedCodes expected, String what) {
        Untouched untouched = Untouched.now(run);
        Child.Result child = run.cli(command);
        JsonNode result = Checks.result(run.verdict(), what, child);
        Checks.refusal(run.verdict(), what, child, result, expected);
        untouched.check(run, what);
    }

    /** The workspace and what every phone had received, to show later that a refusal changed neither. */
    record Untouched(Map<String, String> files, List<Integer> services) {
        static Untouched now(ScenarioRun run) {
            return new Untouched(run.workspace().snapshot(),
                    run.lab().phones().stream().map(p -> p.receivedServices().size()).toList());
        }

        void check(ScenarioRun run, String what) {
            Verdict v = run.verdict();
            v.equal(what + ": files created or changed (nothing is created)", List.of(),
                    Checks.changes(files, run.workspace().snapshot()));
            List<DeviceSimulator> phones = run.lab().phones();
            for (int i = 0; i < phones.size(); i++) {
                List<String> received = phones.get(i).receivedServices();
                int before = i < services.size() ? services.get(i) : 0;
                v.equal(what + ": services phone " + phones.get(i).serial() + " received (refused before capture)",
                        List.of(), received.subList(Math.min(before, received.size()), received.size()));
            }
        }
    }

    /** Only the bundle is new: its parent, the working directory, HOME (adb's own ~/.android aside). */
    static void nothingOutside(ScenarioRun run, Map<String, String> before) {
        nothingOutside(run, run.workspace().bundle(), before);
    }

    /** As above for a bundle whose path was known only afterwards: {@code before} may be a whole snapshot. */
    static void nothingOutside(ScenarioRun run, Path bundlePath, Map<String, String> before) {
        Predicate<String> excluded = outside(run, bundlePath);
        Map<String, String> was = new java.util.TreeMap<>(before);
        was.keySet().removeIf(excluded);
        run.verdict().equal("files created or changed outside the bundle", List.of(),
                Checks.changes(was, run.workspace().snapshot(excluded)));
    }

    /** Entries that are the bundle, inside it or on its way, or adb's own ~/.android: not judged as "outside". */
    static Predicate<String> outside(ScenarioRun run, Path bundlePath) {
        String bundle = run.workspace().key(bundlePath);
        String adbState = run.workspace().key(run.workspace().home().resolve(".android"));
        // The directories leading to the bundle may be new too (a managed <root>/bundles/<id>).
        return key -> key.equals(bundle) || key.startsWith(bundle + "/") || bundle.startsWith(key + "/")
                || key.equals(adbState)
                || key.startsWith(adbState + "/");
    }

    /**
     * The device side: nothing that wakes, unlocks or presses Home; at most one snapshot dispatch,
     * after the read-only readiness check, to the selected package, with the protocol's payload and
     * the manifest's correlation ids; the screenshot of the active physical display ({@code -d ID}), or
     * without {@code -d} on an older dump without isActive, or none when no display qualifies.
     * Judges the services received from index {@code from} on (one capture's).
     */
    static void device(ScenarioRun run, BundleView view, int from) {
        Verdict v = run.verdict();
        List<String> services = run.phone().receivedServices();
        DeviceLog log = new DeviceLog(services.subList(Math.min(from, services.size()), services.size()));
        v.equal("commands that wake, unlock, press Home or inject input (readiness is read-only)", List.of(),
                log.stateChanges());
        // The selected package as the manifest records it (the scenarios judge that record themselves).
        String selected = Json.text(view.device(), "operatorPackage") == null ? ScenarioRun.OPERATOR
                : Json.text(view.device(), "operatorPackage");
        for (List<String> broadcast : log.broadcasts()) {
            boolean documented = broadcast.containsAll(List.of("-a", DeviceLog.ACTION, "-p", selected,
                    "--es", "payload", "--receiver-foreground"));
            v.check(documented, "Operator broadcast form (device-protocol 4)",
                    "am broadcast -a " + DeviceLog.ACTION + " -p " + selected
                            + " --es payload JSON --receiver-foreground", String.join(" ", broadcast));
        }
        List<JsonNode> snapshots = log.dispatches("snapshot_ui");
        v.check(snapshots.size() <= 1, "snapshot_ui dispatches (a dispatched action is never replayed)", "at most 1",
                snapshots.size());
        if (snapshots.size() == 1) {
            int ping = log.firstDispatch("doctor_ping");
            v.check(ping >= 0 && ping < log.firstDispatch("snapshot_ui"),
                    "the read-only readiness check (doctor_ping) before the snapshot", "doctor_ping first",
                    ping < 0 ? "no doctor_ping" : "doctor_ping after snapshot_ui");
            payload(v, snapshots.get(0), view);
        }
        screencaps(v, run.profile(), log);
    }

    private static void payload(Verdict v, JsonNode payload, BundleView view) {
        String commandId = Json.text(payload, "commandId");
        String taskId = Json.text(payload, "taskId");
        v.check(commandId != null && !commandId.isEmpty() && commandId.length() <= 128,
                "snapshot payload commandId (1..128 characters)", "present", commandId);
        v.check(taskId != null && !taskId.isEmpty() && taskId.length() <= 128,
                "snapshot payload taskId (1..128 characters)", "present", taskId);
        v.equal("snapshot payload expectedFormat", "android-ui-automator", Json.text(payload, "expectedFormat"));
        JsonNode timeout = payload.path("timeoutMs");
        v.check(timeout.isIntegralNumber() && timeout.asLong() >= 1000 && timeout.asLong() <= 120_000,
                "snapshot payload timeoutMs", "an integer 1000..120000", timeout);
        JsonNode hierarchy = view.artifact("hierarchy");
        if (hierarchy.has("commandId")) {
            v.equal("hierarchy artifact commandId = the dispatched commandId", commandId, Json.text(hierarchy, "commandId"));
            v.equal("hierarchy artifact taskId = the dispatched taskId", taskId, Json.text(hierarchy, "taskId"));
        }
    }

    private static void screencaps(Verdict v, SimulatorProfile profile, DeviceLog log) {
        List<List<String>> screencaps = log.screencaps();
        if (profile.legacyDisplayDump()) {
            v.equal("screencap -d on an older dump without isActive (default display)", List.of(),
                    screencaps.stream().map(DeviceLog::displayArgument).filter(id -> id != null).toList());
            return;
        }
        List<DisplaySpec> active = profile.displays().stream()
                .filter(d -> d.active() && d.valid() && d.displayId() == 0).toList();
        if (active.size() != 1) {
            v.equal("screencaps with no single active physical display (the screenshot fails instead)", 0,
                    screencaps.size());
            return;
        }
        v.check(!screencaps.isEmpty(), "a screencap of the active display", "screencap -p -d "
                + active.get(0).physicalId(), "none");
        for (List<String> screencap : screencaps) {
            v.equal("screencap -d (the active physical display)", active.get(0).physicalId(),
                    DeviceLog.displayArgument(screencap));
        }
    }

    /** A bundle file equals the bytes the phone gave (the screenshot PNG, the hierarchy XML). */
    static void sameBytes(Verdict v, Path file, byte[] expected, String what) {
        try {
            byte[] actual = Files.readAllBytes(file);
            v.check(Arrays.equals(actual, expected), what + " equals what the phone sent",
                    expected.length + " bytes, sha256 " + sha256(expected),
                    actual.length + " bytes, sha256 " + sha256(actual));
        } catch (IOException e) {
            v.check(false, what + " equals what the phone sent", expected.length + " bytes", "unreadable: " + e.getMessage());
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
