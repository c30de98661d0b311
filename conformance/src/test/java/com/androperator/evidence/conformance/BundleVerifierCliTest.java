package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.ContractJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class BundleVerifierCliTest {
    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return BundleVerifierCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aConformingBundleExitsZeroWithOkJson() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        assertThat(run(bundle.dir.toString())).isZero();
        JsonNode report = ContractJson.mapper().readTree(out.toByteArray());
        assertThat(report.get("ok").asBoolean()).isTrue();
        assertThat(report.get("problems").size()).isZero();
        assertThat(err.size()).isZero();
    }

    @Test
    void aNonConformingBundleExitsOneAndListsProblems() throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Files.delete(bundle.dir.resolve("hierarchy.xml"));
        assertThat(run(bundle.dir.toString())).isEqualTo(1);
        JsonNode report = ContractJson.mapper().readTree(out.toByteArray());
        assertThat(report.get("ok").asBoolean()).isFalse();
        assertThat(report.get("problems").get(0).get("code").asString()).isEqualTo("MISSING_FILE");
        assertThat(report.get("problems").get(0).get("path").asString()).isEqualTo("hierarchy.xml");
        assertThat(report.get("problems").get(0).propertyNames()).containsExactly("code", "path", "message");
    }

    @Test
    void usageErrorsExitTwo() throws IOException {
        assertThat(run()).isEqualTo(2);
        assertThat(run("a", "b")).isEqualTo(2);
        assertThat(run("  ")).isEqualTo(2);
        assertThat(run(root.resolve("missing").toString())).isEqualTo(2);
        Path file = Files.writeString(root.resolve("file.txt"), "x");
        assertThat(run(file.toString())).isEqualTo(2);
        assertThat(out.size()).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: androperator evidence verify <bundleDir>");
    }

    @Test
    void assertConformsThrowsWithTheReport() throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Conformance.assertConforms(bundle.dir);
        Files.writeString(bundle.dir.resolve("stray.txt"), "x");
        assertThatThrownBy(() -> Conformance.assertConforms(bundle.dir))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("UNLISTED_FILE")
                .hasMessageContaining("stray.txt");
    }
}
