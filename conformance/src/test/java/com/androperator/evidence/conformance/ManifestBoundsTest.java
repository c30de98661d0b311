package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ParserLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bounds on manifest.json (ParserLimits): past each, its own problem and nothing more read. */
class ManifestBoundsTest {
    @TempDir
    Path root;

    @Test
    void oneArtifactPastTheCapIsTooMany() throws IOException {
        StringBuilder manifest = new StringBuilder("{\"artifacts\":[{}");
        manifest.append(",{}".repeat(ParserLimits.BUNDLE_MANIFEST_MAX_ARTIFACTS));
        VerificationReport report = verify(manifest.append("]}").toString());
        assertThat(report.has("TOO_MANY_ARTIFACTS", "manifest.json")).as(report.toString()).isTrue();
        assertThat(report.problems()).extracting(Problem::code).doesNotContain("SCHEMA");
    }

    @Test
    void aByteOverEightMibIsTooLarge() throws IOException {
        String padding = " ".repeat((int) ParserLimits.BUNDLE_MANIFEST_MAX_BYTES - 1);
        VerificationReport report = verify("{" + padding + "}");
        assertThat(report.has("DOCUMENT_TOO_LARGE", "manifest.json")).as(report.toString()).isTrue();
    }

    @Test
    void tokensPastTheCapAreTooLargeEvenUnderEightMib() throws IOException {
        String zeros = ",0".repeat((int) ParserLimits.BUNDLE_MANIFEST_MAX_TOKENS);
        VerificationReport report = verify("{\"context\":[0" + zeros + "]}");
        assertThat(report.problems()).as(report.toString()).anyMatch(p -> p.code().equals("DOCUMENT_TOO_LARGE")
                && p.message().contains(ParserLimits.BUNDLE_MANIFEST_MAX_TOKENS + " JSON tokens"));
    }

    private VerificationReport verify(String manifest) throws IOException {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        Files.writeString(bundle.resolve("manifest.json"), manifest);
        return new BundleVerifier().verify(bundle);
    }
}
