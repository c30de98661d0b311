package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.CliCommand;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.ScenarioRun;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.judge.BundleView;
import com.androperator.evidence.kit.judge.Checks;
import com.androperator.evidence.kit.judge.ExpectedCodes;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Every invalid option refused with nothing created, the edges accepted, and device selection. */
final class OptionScenarios {
    private static final String OUTPUT_DIR = "Required absolute new directory; its parent must"
            + " exist. Blank paths, filesystem roots, parent traversal, and existing destinations are rejected.";
    private static final String LABEL = "Optional, defaults to null; at most 2048 UTF-16 code units."
            + " An empty label is valid.";
    private static final String CONTEXT = "Optional JSON object, defaults to `{}`; at most 16 KiB"
            + " UTF-8 when serialized. Arrays, null, and non-JSON values are invalid.";
    /** U+1F600: one code point, two UTF-16 code units, four UTF-8 bytes. */
    private static final String EMOJI = "\uD83D\uDE00";

    private OptionScenarios() {
    }

    static List<Scenario> all() {
        return List.of(
                invalid("option-output-dir-blank", OUTPUT_DIR, "--output-dir", List.of("", "   ")),
                invalid("option-output-dir-relative", OUTPUT_DIR, "--output-dir", List.of("bundle", "./bundle")),
                invalid("option-output-dir-root", OUTPUT_DIR, "--output-dir", List.of("/")),
                invalid("option-output-dir-traversal", OUTPUT_DIR, "--output-dir",
                        List.of("{out}/missing/../bundle", "{out}/../out/bundle")),
                invalid("option-output-dir-missing-parent", OUTPUT_DIR, "--output-dir", List.of("{out}/missing/bundle")),
                invalid("option-operator-package-invalid",
                        "Standard Operator selection; package identifier characters only,"
                                + " with no automatic variant switch.", "--operator-package",
                        List.of(ScenarioRun.OPERATOR + ";reboot", "com.androperator operator", ScenarioRun.OPERATOR + "'")),
                invalid("option-label-too-long", LABEL, "--label", List.of(EMOJI.repeat(1024) + "x", "a".repeat(2049))),
                invalid("option-context-not-an-object", CONTEXT, "--context-json",
                        List.of("[1,2]", "null", "not json", "\"text\"", "42", "{\"a\":1} {}")),
                invalid("option-context-over-16-kib", CONTEXT, "--context-json", List.of(contextOfBytes(16 * 1024 + 1))),
                invalid("option-timeout-out-of-range", "Overall device-work budget, default 30000;"
                        + " integer `1000..120000`.", "--timeout", List.of("999", "120001", "0", "1.5", "abc")),
                new Scenario("option-edges-accepted", Surface.CLI, LABEL,
                        "a label of exactly 2048 UTF-16 units (surrogate pairs), a context of exactly 16 KiB compact"
                                + " UTF-8 given with spaces, --timeout 120000: complete, recorded as given",
                        Scenario.samplePhone(), false, OptionScenarios::edges),
                new Scenario("option-output-exists", Surface.CLI,
                        "EVIDENCE_OUTPUT_EXISTS rejects collisions without overwriting.",
                        "an existing directory (holding a file) and an existing regular file: EVIDENCE_OUTPUT_EXISTS,"
                                + " nothing inside changed, nothing sent to the phone",
                        Scenario.samplePhone(), false, OptionScenarios::exists),
                new Scenario("selection-multiple-devices", Surface.CLI,
                        "Standard explicit device selection. Required when multiple devices are"
                                + " connected.",
                        "two phones, no --device: refused before capture, neither phone asked for anything",
                        Scenario.samplePhone(), false, run -> {
                            run.lab().attach(SampleProfiles.pixel());
                            CaptureJudge.refused(run, run.capture().remove("--device"), ExpectedCodes.MULTIPLE_DEVICES,
                                    "two devices, no --device");
                        }),
                new Scenario("selection-device-not-found", Surface.CLI,
                        "Invalid requests or device-selection failures occur before capture.",
                        "--device of a serial that is not attached: refused, nothing created",
                        Scenario.samplePhone(), false, run -> CaptureJudge.refused(run,
                                run.capture().set("--device", "127.0.0.1:1"), ExpectedCodes.DEVICE_NOT_FOUND,
                                "--device 127.0.0.1:1")),
                new Scenario("selection-no-devices", Surface.CLI,
                        "Invalid requests or device-selection failures occur before capture.",
                        "no device attached and no --device: refused, nothing created",
                        null, false, run -> CaptureJudge.refused(run, CliCommand.of("evidence", "capture")
                                .set("--operator-package", ScenarioRun.OPERATOR)
                                .set("--output-dir", run.workspace().bundle().toString()),
                        ExpectedCodes.NO_DEVICES, "no devices")));
    }

    /** Each value of {@code option} refused as an invalid request, nothing created, nothing sent. */
    private static Scenario invalid(String name, String spec, String option, List<String> values) {
        return new Scenario(name, Surface.CLI, spec, option + " " + String.join(" | ", values.stream()
                .map(OptionScenarios::shown).toList()) + ": each EXECUTION_VALIDATION_FAILED, exit 1, nothing created or"
                + " sent to the phone", Scenario.samplePhone(), false, run -> {
                    for (String value : values) {
                        String given = value.replace("{out}", run.workspace().out().toString());
                        CaptureJudge.refused(run, run.capture().set(option, given), ExpectedCodes.INVALID_REQUEST,
                                option + " " + shown(given));
                    }
                });
    }

    private static String shown(String value) {
        String text = value.length() > 40 ? value.substring(0, 20) + "...(" + value.length() + " chars)" : value;
        return "'" + text + "'";
    }

    /** A context object whose compact UTF-8 JSON is exactly {@code bytes} long, with two-byte characters in it. */
    static String contextOfBytes(int bytes) {
        String prefix = "{\"note\":\"" + "\u00e9".repeat(100);
        int fill = bytes - prefix.getBytes(StandardCharsets.UTF_8).length - "\"}".length();
        return prefix + "y".repeat(fill) + "\"}";
    }

    private static void edges(ScenarioRun run) {
        String label = EMOJI.repeat(1024);
        String context = contextOfBytes(16 * 1024).replace(":", " : ").replace("{", "{ ");
        BundleView bundle = CaptureJudge.ran(run, CaptureJudge.run(run, run.capture().set("--label", label)
                .set("--context-json", context).set("--timeout", "120000")), "complete");
        run.verdict().equal("label of 2048 UTF-16 units, as given", label, Json.text(bundle.manifest(), "label"));
        Checks.sameJson(run.verdict(), "context of 16 KiB, as given", Json.parse(context), bundle.manifest().path("context"));
    }

    private static void exists(ScenarioRun run) throws IOException {
        Path directory = Files.createDirectory(run.workspace().bundle());
        Files.writeString(directory.resolve("notes.txt"), "kept as it is");
        CaptureJudge.refused(run, run.capture(), ExpectedCodes.OUTPUT_EXISTS, "an existing directory");
        Path file = Files.writeString(run.workspace().out().resolve("a-file"), "kept as it is");
        CaptureJudge.refused(run, run.capture().set("--output-dir", file.toString()), ExpectedCodes.OUTPUT_EXISTS,
                "an existing regular file");
    }
}
