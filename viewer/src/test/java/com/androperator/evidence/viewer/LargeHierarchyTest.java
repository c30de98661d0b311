package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A bundle whose hierarchy is about 50 MB (a real capture whose hierarchy, envelope text, sizes and
 * hashes were replaced afterwards): the page draws and lists the first
 * {@link HierarchyOutline#MAX_NODES} nodes and says so, its size stays bounded, chromium loads it
 * with an empty console, and the viewer's own work fits a child JVM with a 256 MiB heap. Prints
 * generation time and page size for this bundle and for the sample phone's; nothing about time is
 * asserted.
 */
class LargeHierarchyTest {
    private static final long TARGET_BYTES = 50L * 1000 * 1000;
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    static Path temp;

    @Test
    void aFiftyMegabyteHierarchyIsCappedOnAPageOfBoundedSizeThatLoadsCleanly() throws Exception {
        Path sample = Bundles.capture(lab, temp.resolve("sample"), "Sample phone", Map.of("originalVerdict", "failed"));
        Path large = Bundles.capture(lab, temp.resolve("large"), "Large hierarchy", Map.of("originalVerdict", "failed"));
        long nodes = replaceHierarchy(large);
        long hierarchyBytes = Files.size(large.resolve("hierarchy.xml"));
        assertThat(hierarchyBytes).isGreaterThan(TARGET_BYTES);
        VerificationReport report = new BundleVerifier().verify(large);

        List<String> figures = new ArrayList<>();
        EvidenceViewer.Outcome.Written page = null;
        for (Path bundle : List.of(sample, large)) {
            Files.deleteIfExists(Path.of(bundle + ".view.html"));
            view(bundle, null);
            for (int run = 1; run <= 3; run++) {
                page = view(bundle, "--overwrite");
                figures.add(String.format("viewer figure: %s run %d: generation %d ms, page %d bytes, hierarchy %d bytes",
                        bundle.getFileName(), run, page.durationMs(), page.bytes(), Files.size(bundle.resolve("hierarchy.xml"))));
            }
        }
        for (Path bundle : List.of(sample, large)) {
            long start = System.nanoTime();
            new BundleVerifier().verify(bundle);
            figures.add(String.format("viewer figure: %s: of which the verifier alone %d ms", bundle.getFileName(),
                    (System.nanoTime() - start) / 1_000_000));
        }
        figures.forEach(System.out::println);
        System.out.println("viewer figure: large bundle conforms: " + report.ok() + " " + report.problems());

        PageSummary summary = page.summary();
        assertThat(summary.nodesWithBounds()).isEqualTo(nodes);
        assertThat(summary.boxesDrawn()).isEqualTo(HierarchyOutline.MAX_NODES);
        assertThat(summary.nodesCapped()).isTrue();
        assertThat(page.bytes()).as("the page's size does not grow with the hierarchy").isLessThan(16L * 1024 * 1024);
        String html = Files.readString(page.page());
        assertThat(html).contains("Only the first " + HierarchyOutline.MAX_NODES + " of " + nodes + " nodes are drawn and listed");

        try (Chromium chromium = Chromium.start()) {
            chromium.open(page.page());
            assertThat(chromium.count("return document.querySelectorAll('[data-bounds]').length")).isEqualTo(HierarchyOutline.MAX_NODES);
            assertThat(chromium.find("#hierarchy-capped").getText()).contains(Long.toString(nodes));
            chromium.find("#search").sendKeys("icon 1234");
            assertThat(chromium.find("#search-count").getText()).isEqualTo("1 of " + HierarchyOutline.MAX_NODES + " nodes match");
            chromium.screenshot("large-hierarchy");
            assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
        }

        // The viewer's own reading and writing fit a 256 MiB heap however large the hierarchy is (its
        // caps bound what it keeps; strings and attributes stream). The verifier is measured apart.
        String alone = childJvm("-Xmx256m", large, temp.resolve("bounded-heap.html"), "without-verifier");
        System.out.println("viewer figure: -Xmx256m child JVM, viewer alone: " + alone);
        String whole = childJvm("-Xmx1g", large, temp.resolve("whole-command.html"), "with-verifier");
        System.out.println("viewer figure: -Xmx1g child JVM, with the verifier: " + whole);
    }

    private static String childJvm(String heap, Path bundle, Path page, String mode) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                "-cp", System.getProperty("java.class.path"), ViewInChildJvm.class.getName(), bundle.toString(), page.toString(), mode)
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor()).as(output).isZero();
        assertThat(output).startsWith("Written");
        return output.strip();
    }

    private static EvidenceViewer.Outcome.Written view(Path bundle, String overwrite) {
        EvidenceViewer.Outcome outcome = new EvidenceViewer().view(bundle.toString(), null, overwrite != null);
        assertThat(outcome).as("%s", outcome).isInstanceOf(EvidenceViewer.Outcome.Written.class);
        return (EvidenceViewer.Outcome.Written) outcome;
    }

    /**
     * Writes a hierarchy of more than 50 MB (rows of a long list, each a layout with an icon and two
     * texts) and makes the envelope, sizes and hashes agree with it; returns its number of nodes.
     */
    private static long replaceHierarchy(Path bundle) throws IOException {
        Path xml = bundle.resolve("hierarchy.xml");
        long nodes = 0;
        try (BufferedWriter out = Files.newBufferedWriter(xml, StandardCharsets.UTF_8)) {
            out.write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
                    + "<node index=\"0\" text=\"\" resource-id=\"android:id/list\" class=\"android.widget.ListView\""
                    + " package=\"com.example.big\" content-desc=\"\" bounds=\"[0,0][1080,2400]\">");
            nodes++;
            for (int row = 0; Files.size(xml) < TARGET_BYTES || row % 100 != 0; row++) {
                int top = (row % 20) * 120;
                out.write("<node index=\"" + row + "\" text=\"\" resource-id=\"com.example.big:id/row\" class=\"android.widget.LinearLayout\""
                        + " package=\"com.example.big\" content-desc=\"\" clickable=\"true\" bounds=\"[0," + top + "][1080," + (top + 120) + "]\">"
                        + "<node index=\"0\" text=\"\" resource-id=\"com.example.big:id/icon\" class=\"android.widget.ImageView\""
                        + " package=\"com.example.big\" content-desc=\"icon " + row + "\" bounds=\"[20," + (top + 10) + "][120," + (top + 110) + "]\"/>"
                        + "<node index=\"1\" text=\"row " + row + " \" resource-id=\"com.example.big:id/title\" class=\"android.widget.TextView\""
                        + " package=\"com.example.big\" content-desc=\"\" bounds=\"[140," + (top + 10) + "][1060," + (top + 60) + "]\"/>"
                        + "<node index=\"2\" text=\"The quick brown fox jumps over the lazy dog, row " + row + "\""
                        + " resource-id=\"com.example.big:id/summary\" class=\"android.widget.TextView\" package=\"com.example.big\""
                        + " content-desc=\"\" bounds=\"[140," + (top + 60) + "][1060," + (top + 110) + "]\"/></node>");
                nodes += 4;
                if (row % 1000 == 0) {
                    out.flush();
                }
            }
            out.write("</node></hierarchy>");
        }
        String text = Files.readString(xml, StandardCharsets.UTF_8);
        Path captures = bundle.resolve("captures.json");
        JsonNode root = ContractJson.mapper().readTree(Files.readAllBytes(captures));
        for (JsonNode record : root) {
            if (record.get("kind").asString().equals("hierarchy")) {
                ((ObjectNode) record.get("result").get("envelope").get("stepResults").get(0).get("data")).put("text", text);
            }
        }
        Files.write(captures, ContractJson.toBytes(root));
        Path manifest = bundle.resolve("manifest.json");
        JsonNode tree = ContractJson.mapper().readTree(Files.readAllBytes(manifest));
        for (JsonNode artifact : tree.get("artifacts")) {
            Path file = bundle.resolve(artifact.get("path").asString());
            ((ObjectNode) artifact).put("bytes", Files.size(file)).put("sha256", sha256(file));
        }
        Files.write(manifest, ContractJson.toPrettyBytes(tree));
        return nodes;
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read; (read = in.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
