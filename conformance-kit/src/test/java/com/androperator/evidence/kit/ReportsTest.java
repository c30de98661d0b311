package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.kit.engine.Finding;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Outcome;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

class ReportsTest {
    private static final Scenario PASSING = scenario("first-one", "A \"quoted\" <spec> sentence & more.");
    private static final Scenario FAILING = scenario("second-one", "Another sentence.");
    private static final Scenario SKIPPED = new Scenario("third-one", Surface.MCP, "Third.", "checks", null, false, run -> { });
    private static final List<Outcome> OUTCOMES = List.of(
            new Outcome(PASSING, Outcome.Status.PASSED, List.of(), 1234, null),
            new Outcome(FAILING, Outcome.Status.FAILED, List.of(
                    new Finding("hierarchy error code", "\"A\"", "\"B\"", true),
                    new Finding("exit status", "1", "0", false)), 50, null),
            new Outcome(SKIPPED, Outcome.Status.SKIPPED, List.of(), 0, "no --mcp given"));

    @TempDir
    Path temp;

    private static Scenario scenario(String name, String spec) {
        return new Scenario(name, Surface.CLI, spec, "what it checks", Scenario.samplePhone(), false, run -> { });
    }

    @Test
    void oneLinePerScenarioWithItsSpecSentenceThenTheSummaryLast() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        OUTCOMES.forEach(outcome -> Reports.line(out, outcome));
        Reports.summary(out, OUTCOMES);

        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
                "PASS first-one (1.2 s): \"A \"quoted\" <spec> sentence & more.\"",
                "FAIL second-one (0.1 s): \"Another sentence.\"",
                "     - hierarchy error code: expected \"A\", got \"B\"  [code table]",
                "     - exit status: expected 1, got 0",
                "SKIP third-one (no --mcp given): \"Third.\"",
                "1 skipped (their surface was not given: --cli or --mcp)",
                "1 passed, 1 failed");
    }

    @Test
    void junitXmlAndJsonReportEveryScenario() throws Exception {
        Reports.write(temp, OUTCOMES, "bin/androperator", null, Instant.parse("2026-12-01T10:00:00Z"), 1284);

        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(temp.resolve(Reports.JUNIT_FILE).toFile()).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("3");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("1");
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("first-one");
        assertThat(((Element) cases.item(0)).getElementsByTagName("system-out").item(0).getTextContent())
                .contains("spec: A \"quoted\" <spec> sentence & more.");
        Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).isEqualTo("hierarchy error code: expected \"A\", got \"B\"");
        assertThat(((Element) cases.item(2)).getElementsByTagName("skipped").getLength()).isEqualTo(1);

        JsonNode report = Json.read(temp.resolve(Reports.JSON_FILE)).orElseThrow();
        assertThat(report.path("passed").asInt()).isEqualTo(1);
        assertThat(report.path("failed").asInt()).isEqualTo(1);
        assertThat(report.path("skipped").asInt()).isEqualTo(1);
        assertThat(report.path("mcp").isNull()).isTrue();
        JsonNode second = report.path("scenarios").get(1);
        assertThat(second.path("status").asString()).isEqualTo("failed");
        assertThat(second.path("findings").get(0).path("codeTable").asBoolean()).isTrue();
        assertThat(second.path("findings").get(1).path("actual").asString()).isEqualTo("0");
    }
}
