package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bundles are readable both ways: what the reference tool writes passes {@code evidence verify},
 * and what this project writes follows the reference's rules (a JSON Schema transcription of
 * them, independent of the published schemas). The earlier shapes (captures.json as an object,
 * object sizes, a {@code video_source} kind, media on artifacts) are not schemaVersion 1 as the
 * reference defines it, and are refused.
 */
class ReferenceCompatibilityTest {
    @TempDir
    Path root;

    static Stream<String> referenceBundles() {
        return ReferenceBundles.BUNDLES.keySet().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceBundles")
    void aBundleTheReferenceWrotePassesEvidenceVerify(String name) {
        Path bundle = ReferenceBundles.materialize(name, root);
        VerificationReport report = BundleVerifier.strict().verify(bundle);
        assertThat(report.problems()).as(name).isEmpty();
        assertThat(report.ok()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceBundles")
    void theTranscriptionAcceptsTheReferencesOwnBundles(String name) {
        assertThat(ReferenceRules.violations(ReferenceBundles.materialize(name, root))).as(name).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceBundles")
    void theReferenceBundlesCarryFractionalDurations(String name) throws IOException {
        JsonNode manifest = read(ReferenceBundles.materialize(name, root).resolve("manifest.json"));
        assertThat(manifest.get("artifacts")).anySatisfy(a -> assertThat(a.get("durationMs").isIntegralNumber()).isFalse());
        if (manifest.has("video")) {
            assertThat(manifest.get("video").get("hostDurationMs").isIntegralNumber()).isFalse();
            assertThat(manifest.get("video").get("requestedSize").isString()).isTrue();
        }
    }

    @Test
    void capturesAsTheEarlierObjectIsRefused() throws IOException {
        Path bundle = ReferenceBundles.materialize("still-complete", root);
        ObjectNode old = ContractJson.mapper().createObjectNode();
        old.put("schemaVersion", 1);
        old.put("evidenceId", "f2a8c0de-3c1b-4e5f-9a7d-1b2c3d4e5f60");
        old.set("captures", read(bundle.resolve("captures.json")));
        relist(bundle, "captures.json", old);
        VerificationReport report = BundleVerifier.strict().verify(bundle);
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("JSON_INVALID captures.json"));
        assertThat(ReferenceRules.violations(bundle)).isNotEmpty();
    }

    @Test
    void objectSizesAndANullHostDurationAreRefused() throws IOException {
        Path bundle = ReferenceBundles.materialize("video-complete", root);
        ObjectNode manifest = (ObjectNode) read(bundle.resolve("manifest.json"));
        ObjectNode video = (ObjectNode) manifest.get("video");
        video.set("requestedSize", ContractJson.mapper().valueToTree(java.util.Map.of("width", 576, "height", 1280)));
        video.putNull("hostDurationMs");
        write(bundle.resolve("manifest.json"), manifest);
        VerificationReport report = BundleVerifier.strict().verify(bundle);
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("SCHEMA manifest.json#/video/requestedSize"));
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("SCHEMA manifest.json#/video/hostDurationMs"));
    }

    @Test
    void aVideoSourceKindAndMediaOnAnArtifactAreRefused() throws IOException {
        Path bundle = ReferenceBundles.materialize("video-partial-fold", root);
        ObjectNode manifest = (ObjectNode) read(bundle.resolve("manifest.json"));
        ArrayNode artifacts = (ArrayNode) manifest.get("artifacts");
        ((ObjectNode) artifacts.get(2)).put("kind", "video_source");
        ((ObjectNode) artifacts.get(0)).set("media", ContractJson.mapper().valueToTree(java.util.Map.of("codec", "h264")));
        write(bundle.resolve("manifest.json"), manifest);
        VerificationReport report = BundleVerifier.strict().verify(bundle);
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("SCHEMA manifest.json#/artifacts/2/kind"));
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("SCHEMA manifest.json#/artifacts/0"));
    }

    @Test
    void aVideoBundleOutOfTheReferencesOrderOrStatusRuleIsReported() throws IOException {
        Path bundle = ReferenceBundles.materialize("video-partial-fold", root);
        ObjectNode manifest = (ObjectNode) read(bundle.resolve("manifest.json"));
        ArrayNode artifacts = (ArrayNode) manifest.get("artifacts");
        JsonNode mkv = artifacts.remove(2);
        artifacts.add(mkv);
        manifest.put("status", "failed");
        write(bundle.resolve("manifest.json"), manifest);
        VerificationReport report = BundleVerifier.strict().verify(bundle);
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("ARTIFACT_ORDER manifest.json#/artifacts/4"));
        assertThat(report.problems()).anySatisfy(p -> assertThat(p.code() + " " + p.path()).startsWith("STATUS_INCONSISTENT manifest.json#/status"));
    }

    private static JsonNode read(Path file) throws IOException {
        return ContractJson.mapper().readTree(Files.readAllBytes(file));
    }

    private static void write(Path file, JsonNode value) throws IOException {
        Files.write(file, (value.toPrettyString() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Rewrites {@code name} and lists its new size and hash in the manifest, so only its shape is wrong. */
    private static void relist(Path bundle, String name, JsonNode value) throws IOException {
        write(bundle.resolve(name), value);
        byte[] bytes = Files.readAllBytes(bundle.resolve(name));
        ObjectNode manifest = (ObjectNode) read(bundle.resolve("manifest.json"));
        for (JsonNode artifact : manifest.get("artifacts")) {
            if (name.equals(artifact.path("path").asString(null))) {
                ((ObjectNode) artifact).put("bytes", bytes.length);
                ((ObjectNode) artifact).put("sha256", TestBundle.sha256(bytes));
            }
        }
        write(bundle.resolve("manifest.json"), manifest);
    }
}
