package com.androperator.evidence.kit.report;

import com.androperator.evidence.kit.engine.Finding;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Outcome;
import com.androperator.evidence.kit.engine.Scenario;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The kit's outputs: one console line per scenario, JUnit XML and a JSON report, and the scenario table. */
public final class Reports {
    public static final String JUNIT_FILE = "TEST-androperator-conformance.xml";
    public static final String JSON_FILE = "androperator-conformance.json";

    private Reports() {
    }

    /** {@code PASS name (1.2 s): "spec sentence"}, and under a failure one line per finding. */
    public static void line(PrintStream out, Outcome outcome) {
        Scenario scenario = outcome.scenario();
        String status = switch (outcome.status()) {
            case PASSED -> "PASS";
            case FAILED -> "FAIL";
            case SKIPPED -> "SKIP";
        };
        String time = outcome.status() == Outcome.Status.SKIPPED ? outcome.note()
                : String.format(Locale.ROOT, "%.1f s", outcome.millis() / 1000.0);
        out.println(status + " " + scenario.name() + " (" + time + "): \"" + scenario.spec() + "\"");
        for (Finding finding : outcome.findings()) {
            out.println("     - " + finding.describe() + (finding.codeTable() ? "  [code table]" : ""));
        }
    }

    /** The last lines: skipped scenarios (when any), then {@code N passed, M failed}. */
    public static void summary(PrintStream out, List<Outcome> outcomes) {
        long skipped = count(outcomes, Outcome.Status.SKIPPED);
        if (skipped > 0) {
            out.println(skipped + " skipped (their surface was not given: --cli or --mcp)");
        }
        out.println(count(outcomes, Outcome.Status.PASSED) + " passed, " + count(outcomes, Outcome.Status.FAILED)
                + " failed");
    }

    public static long count(List<Outcome> outcomes, Outcome.Status status) {
        return outcomes.stream().filter(o -> o.status() == status).count();
    }

    /** Writes the JUnit XML and the JSON report into {@code directory}. */
    public static void write(Path directory, List<Outcome> outcomes, String cli, String mcp, Instant started,
                             long millis) {
        try {
            Files.createDirectories(directory);
            try (OutputStream out = Files.newOutputStream(directory.resolve(JUNIT_FILE))) {
                junit(out, outcomes, started, millis);
            }
            Json.writePretty(directory.resolve(JSON_FILE), json(outcomes, cli, mcp, started, millis));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the reports to " + directory, e);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit report", e);
        }
    }

    private static void junit(OutputStream stream, List<Outcome> outcomes, Instant started, long millis)
            throws XMLStreamException {
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(stream, "UTF-8");
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", "androperator-conformance");
        xml.writeAttribute("tests", Integer.toString(outcomes.size()));
        xml.writeAttribute("failures", Long.toString(count(outcomes, Outcome.Status.FAILED)));
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", Long.toString(count(outcomes, Outcome.Status.SKIPPED)));
        xml.writeAttribute("time", seconds(millis));
        xml.writeAttribute("timestamp", started.toString());
        for (Outcome outcome : outcomes) {
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("classname", "androperator-conformance." + outcome.scenario().surface().label()
                    .replace(' ', '-'));
            xml.writeAttribute("name", outcome.scenario().name());
            xml.writeAttribute("time", seconds(outcome.millis()));
            if (outcome.status() == Outcome.Status.FAILED) {
                xml.writeStartElement("failure");
                xml.writeAttribute("message", outcome.findings().isEmpty() ? String.valueOf(outcome.note())
                        : outcome.findings().get(0).describe());
                StringBuilder text = new StringBuilder();
                outcome.findings().forEach(f -> text.append(f.describe()).append(f.codeTable() ? " [code table]" : "")
                        .append('\n'));
                xml.writeCharacters(text.toString());
                xml.writeEndElement();
            } else if (outcome.status() == Outcome.Status.SKIPPED) {
                xml.writeStartElement("skipped");
                xml.writeAttribute("message", outcome.note());
                xml.writeEndElement();
            }
            xml.writeStartElement("system-out");
            xml.writeCharacters("spec: " + outcome.scenario().spec() + "\nchecks: " + outcome.scenario().checks() + "\n");
            xml.writeEndElement();
            xml.writeEndElement();
        }
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndDocument();
        xml.close();
    }

    private static ObjectNode json(List<Outcome> outcomes, String cli, String mcp, Instant started, long millis) {
        ObjectNode report = Json.object();
        report.put("tool", "androperator-conformance");
        report.put("cli", cli);
        report.put("mcp", mcp);
        report.put("startedAt", started.toString());
        report.put("durationMs", millis);
        report.put("passed", count(outcomes, Outcome.Status.PASSED));
        report.put("failed", count(outcomes, Outcome.Status.FAILED));
        report.put("skipped", count(outcomes, Outcome.Status.SKIPPED));
        ArrayNode scenarios = report.putArray("scenarios");
        for (Outcome outcome : outcomes) {
            ObjectNode entry = scenarios.addObject();
            entry.put("name", outcome.scenario().name());
            entry.put("surface", outcome.scenario().surface().label());
            entry.put("spec", outcome.scenario().spec());
            entry.put("checks", outcome.scenario().checks());
            entry.put("status", outcome.status().name().toLowerCase(Locale.ROOT));
            entry.put("durationMs", outcome.millis());
            entry.put("note", outcome.note());
            ArrayNode findings = entry.putArray("findings");
            for (Finding finding : outcome.findings()) {
                findings.addObject().put("check", finding.check()).put("expected", finding.expected())
                        .put("actual", finding.actual()).put("codeTable", finding.codeTable());
            }
        }
        return report;
    }

    /** The scenario table of the README, in Markdown: name, surface, what it checks, the spec sentence. */
    public static void table(PrintStream out, List<Scenario> scenarios) {
        out.println("| # | scenario | surface | checks | spec sentence |");
        out.println("| ---: | --- | --- | --- | --- |");
        int number = 1;
        for (Scenario scenario : scenarios) {
            out.println("| " + number++ + " | `" + scenario.name() + "` | " + scenario.surface().label() + " | "
                    + cell(scenario.checks()) + (scenario.needsRealFfmpeg() ? " (needs ffmpeg 6.1+)" : "") + " | "
                    + cell(scenario.spec()) + " |");
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\t", " ").replace("\n", " ");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }
}
