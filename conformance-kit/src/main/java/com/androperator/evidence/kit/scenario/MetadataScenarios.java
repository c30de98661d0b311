package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.engine.Verdict;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Device metadata: classification, and unavailable values as null with an error. */
final class MetadataScenarios {
    private static final String UNKNOWN = "Unexpected nonempty values without a \"1\", malformed or empty inventories,"
            + " and failed or timed-out reads produce unknown.";
    private static final String UNAVAILABLE = "Unavailable metadata is null with an associated error; unknown device type"
            + " is unknown. Missing metadata makes otherwise usable evidence partial.";

    private MetadataScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                new Scenario("device-type-emulator", Surface.CLI,
                        "deviceType: emulator if either ro.kernel.qemu or ro.boot.qemu is \"1\", ...",
                        "ro.kernel.qemu=1: emulator, deviceTypeProperties {\"1\", null}, complete",
                        Phones.qemu("1", null), false, run -> classified(run, "emulator", "1", null)),
                new Scenario("device-type-emulator-conflicting", Surface.CLI,
                        "deviceType: emulator if either ro.kernel.qemu or ro.boot.qemu is \"1\", including conflicting"
                                + " \"0\"/\"1\" indicators.",
                        "ro.kernel.qemu=0 and ro.boot.qemu=1: emulator, both raw values kept",
                        Phones.qemu("0", "1"), false, run -> classified(run, "emulator", "0", "1")),
                new Scenario("device-type-physical", Surface.CLI,
                        "A successfully read, parseable property inventory is inferred to be physical when both flags are"
                                + " absent, empty, or \"0\".",
                        "ro.kernel.qemu empty, ro.boot.qemu=0: physical, {null, \"0\"} (empty values are null), complete",
                        Phones.qemu("", "0"), false, run -> classified(run, "physical", null, "0")),
                new Scenario("device-type-unknown", Surface.CLI, UNKNOWN,
                        "ro.kernel.qemu=yes: unknown, the raw value kept, a metadata error for deviceType, partial",
                        Phones.qemu("yes", null), false, run -> {
                            BundleView bundle = classified(run, "unknown", "yes", null);
                            Checks.bundleError(run.verdict(), bundle, ExpectedCodes.METADATA_DEVICE_TYPE);
                        }),
                new Scenario("metadata-empty-property-inventory", Surface.CLI, UNKNOWN,
                        "getprop prints nothing: deviceType unknown with its error; apiLevel, androidVersion,"
                                + " manufacturer and model null; partial",
                        Phones.change(b -> b.properties(Map.of())), false, MetadataScenarios::noProperties),
                new Scenario("metadata-getprop-fails", Surface.CLI, UNAVAILABLE,
                        "getprop fails: every property value null with its error, deviceType unknown, the screenshot"
                                + " and hierarchy still complete, partial",
                        Phones.change(b -> b.fault("getprop", ServiceFault.fail(1, "getprop: Permission denied"))),
                        false, MetadataScenarios::noProperties),
                new Scenario("metadata-display-unavailable", Surface.CLI, UNAVAILABLE,
                        "wm size, wm density and dumpsys input fail: display width, height, density and rotation null,"
                                + " each with a metadata error; partial",
                        Phones.change(b -> b.fault("wm size", ServiceFault.fail(1, "wm: service not found"))
                                .fault("wm density", ServiceFault.fail(1, "wm: service not found"))
                                .fault("dumpsys input", ServiceFault.fail(1, "Can't find service: input"))),
                        false, MetadataScenarios::noDisplay));
    }

    private static BundleView classified(ScenarioRun run, String type, String kernel, String boot) {
        String expected = type.equals("unknown") ? "partial" : "complete";
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), expected);
        Verdict v = run.verdict();
        JsonNode device = bundle.device();
        v.equal("device.deviceType", type, Json.text(device, "deviceType"));
        JsonNode properties = device.path("deviceTypeProperties");
        v.equal("deviceTypeProperties[ro.kernel.qemu]", kernel, Json.text(properties, "ro.kernel.qemu"));
        v.equal("deviceTypeProperties[ro.boot.qemu]", boot, Json.text(properties, "ro.boot.qemu"));
        return bundle;
    }

    private static void noProperties(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "partial");
        Verdict v = run.verdict();
        JsonNode device = bundle.device();
        v.equal("device.deviceType", "unknown", Json.text(device, "deviceType"));
        for (String field : List.of("apiLevel", "androidVersion", "manufacturer", "model")) {
            v.check(device.path(field).isNull(), "device." + field + " (unavailable)", "null", device.get(field));
        }
        Checks.bundleError(v, bundle, ExpectedCodes.METADATA_DEVICE_TYPE);
        v.equal("screenshot artifact status", "complete", Json.text(bundle.artifact("screenshot"), "status"));
        v.equal("hierarchy artifact status", "complete", Json.text(bundle.artifact("hierarchy"), "status"));
    }

    private static void noDisplay(ScenarioRun run) {
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture()), "partial");
        Verdict v = run.verdict();
        JsonNode display = bundle.device().path("display");
        for (String field : List.of("width", "height", "density", "rotation")) {
            v.check(display.path(field).isNull(), "device.display." + field + " (unavailable)", "null", display.get(field));
        }
        Checks.bundleError(v, bundle, ExpectedCodes.METADATA_DISPLAY_SIZE);
        Checks.bundleError(v, bundle, ExpectedCodes.METADATA_DISPLAY_DENSITY);
        Checks.bundleError(v, bundle, ExpectedCodes.METADATA_DISPLAY_ROTATION);
        v.equal("screenshot artifact status", "complete", Json.text(bundle.artifact("screenshot"), "status"));
    }
}
