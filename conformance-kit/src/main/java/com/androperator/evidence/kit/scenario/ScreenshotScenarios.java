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
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Screenshots that must never be called complete, and the budget expiring during one. */
final class ScreenshotScenarios {
    private static final String NOT_COMPLETE = "Empty, corrupt, or incomplete PNGs cannot mark an image complete.";
    private static final int CUT_AT = 300_000;

    private ScreenshotScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("screenshot-cut-clean-eof", Surface.CLI, NOT_COMPLETE,
                        "screencap ends cleanly after 300,000 bytes of the PNG: screenshot.partial.png holds exactly those"
                                + " bytes, no screenshot.png, no image geometry; the hierarchy still complete (partial)",
                        Phones.screenshot(Phones.truncatedPng(CUT_AT)), false,
                        run -> retained(run, CUT_AT, ExpectedCodes.SCREENSHOT_UNUSABLE, "partial")),
                new Scenario("screenshot-device-drops", Surface.CLI,
                        "Incomplete artifacts retain names such as screenshot.partial.png or hierarchy.partial.xml.",
                        "the phone's connection is cut after 300,000 bytes: the bytes are kept as screenshot.partial.png,"
                                + " never renamed",
                        Phones.change(b -> b.fault("screencap", ServiceFault.dropAfterBytes(CUT_AT))), false,
                        run -> retained(run, CUT_AT, ExpectedCodes.SCREENSHOT_UNUSABLE, "partial", "failed")),
                new Scenario("screenshot-corrupt-crc", Surface.CLI,
                        "Screenshot bytes must decode as a valid PNG with matching, positive dimensions.",
                        "a whole PNG with one byte of its image data changed (a CRC mismatch) is kept only as partial",
                        Phones.screenshot(Phones.corruptPng()), false,
                        run -> retained(run, Phones.corruptPng().length, ExpectedCodes.SCREENSHOT_UNUSABLE, "partial")),
                new Scenario("screenshot-empty", Surface.CLI, NOT_COMPLETE,
                        "screencap prints nothing: the screenshot artifact is failed with null path, bytes and sha256",
                        Phones.screenshot(new byte[0]), false, ScreenshotScenarios::empty),
                new Scenario("screenshot-over-64-mib", Surface.CLI,
                        "Capture is limited to 64 MiB and decoding to 32 million pixels.",
                        "a screencap stream past 64 MiB: not complete, at most 64 MiB retained, the hierarchy complete",
                        Phones.change(b -> b.eachDisplay(d -> d.withScreenshot(
                                ProfileFile.inMemory("huge.png", Phones.oversizedPng())))), false,
                        ScreenshotScenarios::oversized),
                new Scenario("screenshot-no-active-display", Surface.CLI,
                        "Still screenshots require only ADB: capture explicitly selects the active physical display, ...",
                        "no viewport is active: no screencap is run, the screenshot fails with its own error, the"
                                + " hierarchy is still captured (partial)",
                        Phones.change(b -> b.eachDisplay(d -> d.withActive(false))), false,
                        ScreenshotScenarios::noActiveDisplay),
                new Scenario("screenshot-deadline", Surface.CLI,
                        "Expiring the device-work budget records screenshot or hierarchy cancellation as COMMAND_TIMEOUT"
                                + " and retains completed artifacts and any partial image bytes.",
                        "screencap stalls after 200,000 bytes (--timeout 3000): COMMAND_TIMEOUT, the 200,000 bytes kept"
                                + " as screenshot.partial.png; the hierarchy then has under 1000 ms and is not dispatched",
                        Phones.change(b -> b.fault("screencap", ServiceFault.stallAfterBytes(200_000))), false,
                        ScreenshotScenarios::deadline));
    }

    /**
     * The screenshot is not complete; when its bytes were kept they are exactly the first
     * {@code sent} bytes the phone sent, named screenshot.partial.png, with no image geometry.
     */
    private static BundleView retained(ScenarioRun run, int sent, ExpectedCodes expected, String... statuses) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), statuses);
        Verdict v = run.verdict();
        JsonNode screenshot = bundle.artifact("screenshot");
        v.equal("screenshot artifact status", "partial", Json.text(screenshot, "status"));
        v.equal("screenshot artifact path", "screenshot.partial.png", Json.text(screenshot, "path"));
        v.check(!Files.exists(bundle.dir().resolve("screenshot.png")), "no screenshot.png", "absent", "present");
        v.check(!screenshot.has("image"), "no verified image geometry on a partial screenshot", "absent",
                screenshot.get("image"));
        Checks.artifactError(v, bundle, "screenshot", expected, null);
        byte[] png = CaptureScenarios.activeDisplay(run.profile()).screenshot().read();
        Path partial = bundle.dir().resolve("screenshot.partial.png");
        if (Files.isRegularFile(partial)) {
            CaptureJudge.sameBytes(v, partial, Arrays.copyOf(png, Math.min(sent, png.length)),
                    "screenshot.partial.png (the bytes received)");
        }
        hierarchyComplete(run, bundle, statuses);
        return bundle;
    }

    private static void hierarchyComplete(ScenarioRun run, BundleView bundle, String... statuses) {
        if (Arrays.asList(statuses).equals(List.of("partial"))) {
            run.verdict().equal("hierarchy artifact status (attempted independently)", "complete",
                    Json.text(bundle.artifact("hierarchy"), "status"));
        }
    }

    private static void empty(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "partial");
        Verdict v = run.verdict();
        JsonNode screenshot = bundle.artifact("screenshot");
        v.equal("screenshot artifact status", "failed", Json.text(screenshot, "status"));
        v.check(screenshot.path("path").isNull(), "screenshot path of a failed artifact", "null", screenshot.get("path"));
        v.check(!Files.exists(bundle.dir().resolve("screenshot.png")), "no screenshot.png", "absent", "present");
        Checks.artifactError(v, bundle, "screenshot", ExpectedCodes.SCREENSHOT_UNUSABLE, null);
        hierarchyComplete(run, bundle, "partial");
    }

    private static void oversized(ScenarioRun run) throws IOException {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "partial");
        Verdict v = run.verdict();
        JsonNode screenshot = bundle.artifact("screenshot");
        v.check(!"complete".equals(Json.text(screenshot, "status")), "screenshot artifact status", "partial or failed",
                Json.text(screenshot, "status"));
        v.check(!Files.exists(bundle.dir().resolve("screenshot.png")), "no screenshot.png", "absent", "present");
        Checks.artifactError(v, bundle, "screenshot", ExpectedCodes.SCREENSHOT_UNUSABLE, null);
        Path partial = bundle.dir().resolve("screenshot.partial.png");
        if (Files.isRegularFile(partial)) {
            v.check(Files.size(partial) <= 64L * 1024 * 1024, "bytes retained (capture is limited to 64 MiB)",
                    "at most 67108864", Files.size(partial));
        }
        hierarchyComplete(run, bundle, "partial");
    }

    private static void noActiveDisplay(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "partial");
        Verdict v = run.verdict();
        v.equal("screenshot artifact status", "failed", Json.text(bundle.artifact("screenshot"), "status"));
        Checks.artifactError(v, bundle, "screenshot", ExpectedCodes.SCREENSHOT_UNUSABLE, null);
        hierarchyComplete(run, bundle, "partial");
    }

    private static void deadline(ScenarioRun run) {
        byte[] png = CaptureScenarios.activeDisplay(run.profile()).screenshot().read();
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture().set("--timeout", "3000")), "failed");
        Verdict v = run.verdict();
        JsonNode screenshot = bundle.artifact("screenshot");
        v.equal("screenshot artifact status (partial image bytes retained)", "partial", Json.text(screenshot, "status"));
        Checks.artifactError(v, bundle, "screenshot", ExpectedCodes.SCREENSHOT_DEADLINE, null);
        Path partial = bundle.dir().resolve("screenshot.partial.png");
        if (Files.isRegularFile(partial)) {
            CaptureJudge.sameBytes(v, partial, Arrays.copyOf(png, 200_000), "screenshot.partial.png (the bytes received)");
        }
        Checks.artifactError(v, bundle, "hierarchy", ExpectedCodes.HIERARCHY_DEADLINE, null);
        v.equal("Operator broadcasts (under 1000 ms left: timed out without dispatch)", 0,
                new DeviceLog(run.phone().receivedServices()).broadcasts().size());
    }
}
