package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.video.RealFfmpeg;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.report.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import tools.jackson.databind.JsonNode;

/**
 * The kit against this project's own CLI and MCP server, every scenario, through the launcher and
 * the shaded jar: every scenario passes, code-table expectations included (the reference vocabulary
 * of reference-compat section 2, which issue 10 moved our tool to). The kit's expectations are never
 * weakened for our tool.
 */
class KitAgainstOurToolsIT {
    @TempDir
    Path temp;

    @Test
    void everyScenarioPassesAgainstOurCliAndMcpServer() throws Exception {
        Path report = temp.resolve("report");
        KitProcess.Run run = KitProcess.run(temp, report, "run", "--cli", "bin/androperator", "--mcp",
                "bin/androperator-mcp", "--ffmpeg", RealFfmpeg.ffmpegDirectory().toString());

        assertThat(run.report()).as(run.toString()).isNotNull();
        JsonNode scenarios = run.report().path("scenarios");
        assertThat(scenarios.size()).as("scenarios").isGreaterThanOrEqualTo(30);
        List<String> failed = new ArrayList<>();
        for (JsonNode scenario : scenarios) {
            String name = Json.text(scenario, "name");
            if (!"passed".equals(Json.text(scenario, "status"))) {
                failed.add(name);
            }
            scenario.path("findings").forEach(f -> failed.add(name + ": " + Json.text(f, "check") + ": expected "
                    + Json.text(f, "expected") + ", got " + Json.text(f, "actual")
                    + (f.path("codeTable").asBoolean() ? " (code table)" : "")));
        }
        assertThat(failed).as("scenarios that did not pass, and their findings").isEmpty();
        assertThat(run.lines().get(run.lines().size() - 1)).isEqualTo(scenarios.size() + " passed, 0 failed");
        assertThat(run.exit()).isZero();
        assertThat(run.stdout()).contains("PASS capture-complete (", "PASS operator-corrupt-chunk (",
                "PASS selection-no-devices (", "PASS selection-multiple-devices (",
                "\"A complete capture can contain context.originalVerdict: \"failed\".");
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(report.resolve(Reports.JUNIT_FILE).toFile()).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo(Integer.toString(scenarios.size()));
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).isEqualTo("0");
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "conformance-against-our-tools.txt"), run.stdout());
        System.out.println("kit run time against bin/androperator and bin/androperator-mcp: "
                + run.report().path("durationMs").asLong() + " ms for " + scenarios.size() + " scenarios");
    }
}
