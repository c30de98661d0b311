package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * verify and view of manifests far past the bounds (issue 27, item 4), through bin/androperator
 * with a 256 MiB heap: a JSON result, never an OutOfMemoryError. The manifests are written to disk
 * as streams while the test runs, never held in memory.
 */
class OversizedManifestProcessTest {
    private static final long SIX_HUNDRED_MB = 600L * 1000 * 1000;
    private static final int MILLION = 1_000_000;

    @TempDir
    Path root;

    private CliProcess cli() {
        return new CliProcess(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8",
                "ANDROPERATOR_JAVA_OPTS", "-Xmx256m"), root);
    }

    @Test
    void aManifestOfAMillionArtifactsIsRefusedWithAResult() throws IOException {
        Path bundle = bundleWith(out -> {
            out.write("{\"schemaVersion\":1,\"artifacts\":[");
            for (int i = 0; i < MILLION; i++) {
                out.write((i == 0 ? "" : ",") + "{\"kind\":\"screenshot\",\"path\":\"screenshot-" + i
                        + ".png\",\"mimeType\":\"image/png\",\"status\":\"complete\",\"bytes\":0}");
            }
            out.write("],\"errors\":[]}");
        });
        assertVerifyRefuses(bundle, "DOCUMENT_TOO_LARGE");
        assertViewWritesItsPage(bundle);
    }

    @Test
    void aManifestOf600MegabytesIsRefusedWithAResult() throws IOException {
        Path bundle = bundleWith(out -> {
            out.write("{\"schemaVersion\":1,\"label\":\"");
            char[] block = "x".repeat(1 << 16).toCharArray();
            for (long written = 0; written < SIX_HUNDRED_MB; written += block.length) {
                out.write(block);
            }
            out.write("\"}");
        });
        assertVerifyRefuses(bundle, "DOCUMENT_TOO_LARGE");
        assertViewWritesItsPage(bundle);
    }

    /** Three bytes an artifact: under the 8 MiB cap, so the token bound is what stops it. */
    @Test
    void aSmallManifestOfAMillionEmptyArtifactsIsRefusedWithAResult() throws IOException {
        Path bundle = bundleWith(out -> {
            out.write("{\"artifacts\":[{}");
            for (int i = 1; i < MILLION; i++) {
                out.write(",{}");
            }
            out.write("]}");
        });
        assertVerifyRefuses(bundle, "DOCUMENT_TOO_LARGE");
        assertViewWritesItsPage(bundle);
    }

    private interface Content {
        void write(BufferedWriter out) throws IOException;
    }

    private Path bundleWith(Content content) throws IOException {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        try (BufferedWriter out = Files.newBufferedWriter(bundle.resolve("manifest.json"), StandardCharsets.UTF_8)) {
            content.write(out);
        }
        System.out.printf("manifest.json: %d bytes%n", Files.size(bundle.resolve("manifest.json")));
        return bundle;
    }

    private void assertVerifyRefuses(Path bundle, String code) {
        CliProcess.Run run = cli().run("evidence", "verify", bundle.toString());
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.stderr()).doesNotContain("OutOfMemoryError").doesNotContain("Exception");
        JsonNode report = ContractJson.mapper().readTree(run.stdout());
        assertThat(report.get("ok").asBoolean()).isFalse();
        assertThat(report.get("problems").valueStream()).as(run.stdout())
                .anyMatch(p -> p.get("code").asString().equals(code) && p.get("path").asString().equals("manifest.json"));
    }

    /** view's documented exit: 0 once the page is written, whatever the bundle; the page says why. */
    private void assertViewWritesItsPage(Path bundle) {
        CliProcess.Run run = cli().run("evidence", "view", bundle.toString(), "--out", root.resolve("page.html").toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stderr()).doesNotContain("OutOfMemoryError").doesNotContain("Exception");
        JsonNode result = ContractJson.mapper().readTree(run.stdout());
        assertThat(result.get("details").get("conforms").asBoolean()).isFalse();
    }
}
