package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.standins.AcceptingMcpProxy;
import com.androperator.evidence.kit.standins.BrokenCli;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The kit catches false accepts: each broken stand-in (our CLI or MCP server wrapped so that it breaks
 * the contract in one way) fails the scenario it breaks, named in the kit's output and report, while
 * a scenario it does not touch still passes.
 */
class BrokenStandInsIT {
    @TempDir
    Path temp;

    static Stream<Arguments> standIns() {
        return Stream.of(
                Arguments.of("flips a screenshot byte after capture", BrokenCli.Mode.FLIP_SCREENSHOT_BYTE.name(),
                        "capture-complete", "option-output-exists", "bundle conforms", "HASH_MISMATCH"),
                Arguments.of("reports complete for a partial bundle", BrokenCli.Mode.COMPLETE_FOR_PARTIAL.name(),
                        "operator-failed-envelope", "capture-complete", "result status", "complete"),
                Arguments.of("writes into an existing directory", BrokenCli.Mode.WRITE_INTO_EXISTING.name(),
                        "option-output-exists", "capture-complete", "files created or changed", "created out/bundle/manifest.json"),
                Arguments.of("drops deadlineOwner from captures.json", BrokenCli.Mode.DROP_DEADLINE_OWNER.name(),
                        "operator-deadline-during-snapshot", "capture-complete", "details.deadlineOwner", "null"),
                Arguments.of("accepts outputDir over MCP", "ACCEPT_OUTPUT_DIR", "mcp-rejects-output-dir",
                        "mcp-capture-managed-root", "with outputDir: ok", "true"));
    }

    @ParameterizedTest(name = "a stand-in that {0} fails {2}")
    @MethodSource("standIns")
    void eachBrokenStandInFailsTheScenarioItBreaks(String what, String mode, String broken, String untouched,
                                                    String check, String actual) throws Exception {
        Path report = temp.resolve("report");
        List<String> args = new ArrayList<>(List.of("run", "--only", broken + "," + untouched));
        if (mode.equals("ACCEPT_OUTPUT_DIR")) {
            args.addAll(List.of("--mcp", wrapper("broken-mcp", AcceptingMcpProxy.class.getName(),
                    KitProcess.ROOT.resolve("bin/androperator-mcp").toString()).toString()));
        } else {
            args.addAll(List.of("--cli", wrapper("broken-cli", BrokenCli.class.getName(), mode,
                    KitProcess.ROOT.resolve("bin/androperator").toString()).toString()));
        }

        KitProcess.Run run = KitProcess.run(temp, report, args.toArray(String[]::new));

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(run.stdout()).as(run.toString()).contains("FAIL " + broken + " (", "PASS " + untouched + " (");
        assertThat(run.lines().get(run.lines().size() - 1)).isEqualTo("1 passed, 1 failed");
        JsonNode scenario = run.scenario(broken);
        assertThat(Json.text(scenario, "status")).isEqualTo("failed");
        List<String> findings = new ArrayList<>();
        scenario.path("findings").forEach(f -> findings.add(Json.text(f, "check") + " | " + Json.text(f, "actual")));
        assertThat(findings).as(what).anySatisfy(f -> assertThat(f).contains(check).contains(actual));
        assertThat(Json.text(run.scenario(untouched), "status")).isEqualTo("passed");
    }

    /** An executable script that runs {@code mainClass} of these tests with {@code args}, then the kit's own. */
    private Path wrapper(String name, String mainClass, String... args) throws IOException, URISyntaxException {
        StringBuilder classpath = new StringBuilder();
        for (Class<?> type : new Class<?>[] {BrokenCli.class, tools.jackson.databind.json.JsonMapper.class,
                tools.jackson.core.JsonParser.class, com.fasterxml.jackson.annotation.JsonProperty.class}) {
            if (classpath.length() > 0) {
                classpath.append(':');
            }
            classpath.append(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()));
        }
        StringBuilder script = new StringBuilder("#!/usr/bin/env bash\nexec java -cp '" + classpath + "' " + mainClass);
        for (String arg : args) {
            script.append(" '").append(arg).append('\'');
        }
        script.append(" \"$@\"\n");
        Path file = temp.resolve(name);
        Files.writeString(file, script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
