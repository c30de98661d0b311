package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ScreenSize;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.ByteBuffer;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Complete still captures: what a complete bundle holds, and the device observations behind it. */
final class CaptureScenarios {
    static final String CONTEXT = "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\",\"attempt\":1.50}";
    static final String LABEL = "Settings observation \u00e9\u00e8 \uD83D\uDE00";

    private CaptureScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("capture-complete", Surface.CLI,
                        "A complete capture can contain context.originalVerdict: \"failed\". These are independent facts."
                                + " Never replace the caller's original verdict with capture status.",
                        "exit 0 and the result object; a conforming complete bundle whose context and label are exactly"
                                + " the caller's; screenshot.png and hierarchy.xml byte for byte what the phone sent; image"
                                + " geometry from the PNG; one readiness check, one snapshot, nothing that wakes the phone",
                        Scenario.samplePhone(), false, CaptureScenarios::complete),
                new Scenario("capture-defaults", Surface.CLI,
                        "Optional, defaults to null; ... Optional JSON object, defaults to `{}`; ...",
                        "without --label and --context-json the manifest has label null and context {}",
                        Scenario.samplePhone(), false, CaptureScenarios::defaults),
                new Scenario("capture-foldable-outer-display", Surface.CLI,
                        "Still screenshots require only ADB: capture explicitly selects the active physical display,"
                                + " including a foldable's outer screen.",
                        "screencap -d <outer physical id>; screenshot.png is the outer screen's PNG with its geometry",
                        Phones.foldableOuterScreen(), false, CaptureScenarios::foldable),
                new Scenario("capture-legacy-display-dump", Surface.CLI,
                        "Older Android dumps without viewport activity metadata retain default display selection.",
                        "no screencap -d on a dump without isActive; rotation from the older SurfaceOrientation value (1)",
                        Phones.change(b -> b.legacyDisplayDump(true).eachDisplay(d -> d.withOrientation(1))), false,
                        run -> rotation(run, 1)),
                new Scenario("capture-rotation-viewport", Surface.CLI,
                        "Rotation uses the primary display's input viewport or the older SurfaceOrientation value (0..3).",
                        "device.display.rotation is the input viewport's orientation (3)",
                        Phones.change(b -> b.eachDisplay(d -> d.withOrientation(3))), false, run -> rotation(run, 3)),
                new Scenario("capture-wm-overrides", Surface.CLI,
                        "Current wm overrides take precedence over physical dimensions/density.",
                        "device.display width/height/density are the Override size and Override density",
                        Phones.change(b -> b.wm(wm -> wm.withOverrideSize(new ScreenSize(720, 1600)).withOverrideDensity(320))),
                        false, CaptureScenarios::overrides),
                new Scenario("capture-large-chunked-hierarchy", Surface.CLI,
                        "Verified raw XML, unchanged from the capture envelope",
                        "a 2 MiB hierarchy (about 2,000 result chunks) arrives complete and byte for byte unchanged",
                        Phones.largeHierarchy(), false, CaptureScenarios::largeHierarchy));
    }

    private static void complete(ScenarioRun run) {
        CaptureJudge.Captured captured = CaptureJudge.run(run, run.capture().set("--label", LABEL)
                .set("--context-json", CONTEXT));
        BundleView bundle = CaptureJudge.ran(run, captured, "complete");
        Verdict v = run.verdict();
        Checks.sameJson(v, "context copied as given (caller's verdict kept)", Json.parse(CONTEXT), bundle.manifest().path("context"));
        v.equal("label as given", LABEL, Json.text(bundle.manifest(), "label"));
        v.equal("manifest schemaVersion", 1, bundle.manifest().path("schemaVersion").asInt(-1));
        v.equal("errors of a complete bundle", 0, bundle.errors().size());
        completeArtifacts(run, bundle);
        JsonNode device = bundle.device();
        v.equal("device.serial", run.serial(), Json.text(device, "serial"));
        v.equal("device.operatorPackage", ScenarioRun.OPERATOR, Json.text(device, "operatorPackage"));
        v.equal("device.operatorVersion", "0.12.1", Json.text(device, "operatorVersion"));
        v.equal("device.apiLevel", 34, device.path("apiLevel").asInt(-1));
        v.equal("device.androidVersion", "14", Json.text(device, "androidVersion"));
        v.equal("device.manufacturer", "Google", Json.text(device, "manufacturer"));
        v.equal("device.model", "Pixel 7", Json.text(device, "model"));
        v.equal("device.deviceType (no qemu flags: physical)", "physical", Json.text(device, "deviceType"));
        display(v, bundle, 1080, 2400, 420, 0);
        v.check(!Json.text(device, "cliVersion").isBlank(), "device.cliVersion", "the tool's version", device.get("cliVersion"));
        JsonNode screenshotRecord = bundle.record("screenshot");
        v.equal("screenshot capture record source", "adb_screencap", Json.text(screenshotRecord, "source"));
        v.equal("screenshot receipt result.ok (transport completion)", true,
                screenshotRecord.path("result").path("ok").asBoolean(false));
        v.check(Json.findAll(bundle.captures(), "envelope").size() + Json.findAll(bundle.captures(), "stepResults").size() > 0,
                "captures.json retains the Operator envelope", "the canonical envelope", "none found");
    }

    /** Every still artifact complete, screenshot and hierarchy byte for byte the phone's, geometry from the PNG. */
    static void completeArtifacts(ScenarioRun run, BundleView bundle) {
        Verdict v = run.verdict();
        for (String kind : List.of("screenshot", "hierarchy", "capture_envelopes")) {
            v.equal(kind + " artifact status", "complete", Json.text(bundle.artifact(kind), "status"));
        }
        v.equal("screenshot path", "screenshot.png", Json.text(bundle.artifact("screenshot"), "path"));
        v.equal("hierarchy path", "hierarchy.xml", Json.text(bundle.artifact("hierarchy"), "path"));
        v.equal("capture_envelopes path", "captures.json", Json.text(bundle.artifact("capture_envelopes"), "path"));
        DisplaySpec display = activeDisplay(run.profile());
        byte[] png = display.screenshot().read();
        CaptureJudge.sameBytes(v, bundle.dir().resolve("screenshot.png"), png, "screenshot.png");
        CaptureJudge.sameBytes(v, bundle.dir().resolve("hierarchy.xml"), run.profile().operator().hierarchy().read(),
                "hierarchy.xml");
        JsonNode image = bundle.artifact("screenshot").path("image");
        ByteBuffer header = ByteBuffer.wrap(png, 16, 8);
        v.equal("image.captureWidthPx (from the verified PNG)", header.getInt(), image.path("captureWidthPx").asInt(-1));
        v.equal("image.captureHeightPx (from the verified PNG)", header.getInt(), image.path("captureHeightPx").asInt(-1));
        v.equal("image.coordinateSpace", "screenshot_pixels", Json.text(image, "coordinateSpace"));
        v.equal("image.origin", "top_left", Json.text(image, "origin"));
    }

    static DisplaySpec activeDisplay(SimulatorProfile profile) {
        return profile.displays().stream().filter(d -> d.active() && d.valid() && d.displayId() == 0).findFirst()
                .orElse(profile.displays().get(0));
    }

    static void display(Verdict v, BundleView bundle, int width, int height, int density, int rotation) {
        JsonNode display = bundle.device().path("display");
        v.equal("device.display.width", width, display.path("width").asInt(-1));
        v.equal("device.display.height", height, display.path("height").asInt(-1));
        v.equal("device.display.density", density, display.path("density").asInt(-1));
        v.equal("device.display.rotation", rotation, display.path("rotation").asInt(-1));
    }

    private static void defaults(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "complete");
        run.verdict().check(bundle.manifest().path("label").isNull(), "label without --label", "null",
                bundle.manifest().get("label"));
        Checks.sameJson(run.verdict(), "context without --context-json", Json.object(), bundle.manifest().path("context"));
    }

    private static void foldable(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "complete");
        completeArtifacts(run, bundle);
    }

    private static void rotation(ScenarioRun run, int rotation) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "complete");
        run.verdict().equal("device.display.rotation", rotation,
                bundle.device().path("display").path("rotation").asInt(-1));
        completeArtifacts(run, bundle);
    }

    private static void overrides(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "complete");
        display(run.verdict(), bundle, 720, 1600, 320, 0);
    }

    private static void largeHierarchy(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "complete");
        completeArtifacts(run, bundle);
        run.verdict().equal("hierarchy artifact bytes", (long) run.profile().operator().hierarchy().read().length,
                bundle.artifact("hierarchy").path("bytes").asLong(-1));
    }
}
