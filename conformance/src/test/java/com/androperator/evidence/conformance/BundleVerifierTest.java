package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class BundleVerifierTest {
    @TempDir
    Path root;

    private final BundleVerifier verifier = BundleVerifier.strict();

    static Stream<Arguments> goodBundles() {
        return Stream.of(
                Arguments.of("still complete", (Function<Path, TestBundle>) TestBundle::stillComplete),
                Arguments.of("still partial: hierarchy failed", (Function<Path, TestBundle>) TestBundle::stillPartialHierarchyFailed),
                Arguments.of("still partial: partial screenshot kept", (Function<Path, TestBundle>) TestBundle::stillPartialScreenshotKept),
                Arguments.of("still failed", (Function<Path, TestBundle>) TestBundle::stillFailed),
                Arguments.of("video complete with a tiny clip", (Function<Path, TestBundle>) TestBundle::videoComplete));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goodBundles")
    void goodBundlesConform(String name, Function<Path, TestBundle> build) {
        TestBundle bundle = build.apply(root.resolve("bundle"));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).isEmpty();
        assertThat(report.ok()).isTrue();
        Conformance.assertConforms(bundle.dir);
    }

    // ---- tampering: each is rejected with a problem naming the file ------------------------

    @ParameterizedTest
    @ValueSource(strings = {"screenshot.png", "hierarchy.xml", "captures.json"})
    void aFlippedByteInAListedFileIsAHashMismatch(String file) {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        flipByte(bundle, file);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.ok()).isFalse();
        assertThat(report.has("HASH_MISMATCH", file)).as(report.toString()).isTrue();
    }

    @Test
    void aFlippedByteInTheManifestIsReported() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] manifest = bundle.read("manifest.json");
        String text = new String(manifest, StandardCharsets.UTF_8);
        // Flip one bit inside the first sha256 value: still valid JSON, no longer the file's hash.
        int at = text.indexOf("\"sha256\" : \"") + 12;
        manifest[at] ^= 0x01;
        bundle.overwrite("manifest.json", manifest);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.ok()).isFalse();
        assertThat(report.problems()).anyMatch(p -> p.path().startsWith("manifest.json") || p.path().equals("screenshot.png"));
    }

    @Test
    void aManifestThatIsNotJsonIsReported() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] manifest = bundle.read("manifest.json");
        manifest[0] = 'X';
        bundle.overwrite("manifest.json", manifest);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("JSON_INVALID", "manifest.json")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"screenshot.png", "hierarchy.xml", "captures.json"})
    void aMissingListedFileIsReported(String file) throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Files.delete(bundle.dir.resolve(file));
        assertThat(verifier.verify(bundle.dir).has("MISSING_FILE", file)).isTrue();
    }

    @Test
    void aMissingManifestIsReported() throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Files.delete(bundle.dir.resolve("manifest.json"));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("MISSING_FILE", "manifest.json")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"notes.txt", "manifest.partial.json", "screenshot.partial.png", "session.json"})
    void anExtraFileIsUnlisted(String extra) {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.writeFile(extra, new byte[] {1, 2, 3});
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("UNLISTED_FILE", extra)).isTrue();
    }

    @Test
    void anExtraDirectoryIsUnlistedButControlIsAllowedInVideoBundles() {
        TestBundle still = TestBundle.stillComplete(root.resolve("still"));
        still.mkdir("control");
        assertThat(verifier.verify(still.dir).has("UNLISTED_FILE", "control")).isTrue();

        TestBundle video = TestBundle.videoComplete(root.resolve("video"));
        video.writeFile("control/another-request.json", new byte[] {'{', '}'});
        assertThat(verifier.verify(video.dir).problems()).isEmpty();
        video.writeFile("stray.bin", new byte[] {0});
        assertThat(verifier.verify(video.dir).has("UNLISTED_FILE", "stray.bin")).isTrue();
    }

    @Test
    void aWrongStatusIsInconsistent() {
        TestBundle partial = TestBundle.stillPartialHierarchyFailed(root.resolve("partial"));
        partial.editManifest(m -> TestBundle.still(BundleStatus.FAILED, m.artifacts(), m.errors()));
        VerificationReport report = verifier.verify(partial.dir);
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
        assertThat(report.problems()).anyMatch(p -> p.path().equals("manifest.json#/status"));

        TestBundle failed = TestBundle.stillFailed(root.resolve("failed"));
        failed.editManifest(m -> TestBundle.still(BundleStatus.PARTIAL, m.artifacts(), m.errors()));
        assertThat(verifier.verify(failed.dir).has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
    }

    @Test
    void completeWithAFailedArtifactIsInconsistentAndItsErrorUnrecorded() {
        TestBundle bundle = TestBundle.stillPartialHierarchyFailed(root.resolve("bundle"));
        // The schema forbids complete with errors, so the errors go too; the status is still wrong.
        bundle.editManifest(m -> TestBundle.still(BundleStatus.COMPLETE, m.artifacts(), List.of()));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
        assertThat(report.has("ERROR_NOT_RECORDED", "manifest.json")).isTrue();
    }

    @Test
    void wrongGeometryIsReportedOnTheScreenshot() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.SCREENSHOT, a -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(),
                a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(), a.taskId(),
                ImageGeometry.ofPixels(1080, 2400), a.media(), a.error()));
        assertThat(verifier.verify(bundle.dir).has("IMAGE_GEOMETRY", "screenshot.png")).isTrue();
    }

    @Test
    void missingGeometryIsAcceptedForOlderBundlesButNotByTheStrictVerifier() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.SCREENSHOT, a -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(),
                a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(), a.taskId(),
                null, a.media(), a.error()));
        assertThat(new BundleVerifier().verify(bundle.dir).problems()).isEmpty();
        assertThat(verifier.verify(bundle.dir).has("IMAGE_GEOMETRY", "manifest.json")).isTrue();
    }

    @Test
    void aRenamedPartialFileIsMissingAndUnlisted() throws IOException {
        TestBundle bundle = TestBundle.stillPartialScreenshotKept(root.resolve("bundle"));
        Files.move(bundle.dir.resolve("screenshot.partial.png"), bundle.dir.resolve("screenshot.png"));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("MISSING_FILE", "screenshot.partial.png")).isTrue();
        assertThat(report.has("UNLISTED_FILE", "screenshot.png")).isTrue();
    }

    @Test
    void aPartialArtifactRelistedUnderAFinalNameIsAPartialNameProblem() throws IOException {
        TestBundle bundle = TestBundle.stillPartialScreenshotKept(root.resolve("bundle"));
        Files.move(bundle.dir.resolve("screenshot.partial.png"), bundle.dir.resolve("screenshot.png"));
        bundle.replaceArtifact(ArtifactKind.SCREENSHOT, a -> new Artifact(a.kind(), "screenshot.png", a.mimeType(),
                a.status(), a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(),
                a.taskId(), a.image(), a.media(), a.error()));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("PARTIAL_NAME", "screenshot.png")).isTrue();
    }

    @Test
    void aHierarchyThatDiffersFromTheEnvelopeIsAnEnvelopeMismatch() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.overwrite("hierarchy.xml", "<hierarchy rotation=\"1\"/>".getBytes(StandardCharsets.UTF_8));
        bundle.replaceArtifact(ArtifactKind.HIERARCHY, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).extracting(Problem::code).containsExactly("ENVELOPE_MISMATCH");
        assertThat(report.has("ENVELOPE_MISMATCH", "hierarchy.xml")).isTrue();
    }

    @Test
    void aCompleteHierarchyWithoutEnvelopeTextIsAnEnvelopeMismatch() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        CapturesFile withoutText = new CapturesFile(1, TestBundle.EVIDENCE_ID, List.of(
                TestBundle.screenshotRecord("screenshot.png"),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h", "hierarchy.xml",
                        new com.androperator.evidence.contracts.Timing(TestBundle.T1, TestBundle.T2, 800), null,
                        Map.of("status", "success", "stepResults", List.of()), null, null)), null);
        bundle.overwrite("captures.json", TestBundle.json(withoutText));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        assertThat(verifier.verify(bundle.dir).has("ENVELOPE_MISMATCH", "hierarchy.xml")).isTrue();
    }

    @Test
    void aCorruptPngWithMatchingHashIsInvalid() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] png = bundle.read("screenshot.png");
        png[png.length - 5] ^= 0x40; // inside the IEND CRC
        bundle.overwrite("screenshot.png", png);
        bundle.replaceArtifact(ArtifactKind.SCREENSHOT, bundle::relisted);
        assertThat(verifier.verify(bundle.dir).has("PNG_INVALID", "screenshot.png")).isTrue();
    }

    @Test
    void malformedXmlWithMatchingHashIsInvalid() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        String broken = "<hierarchy><node></hierarchy>";
        bundle.overwrite("hierarchy.xml", broken.getBytes(StandardCharsets.UTF_8));
        bundle.replaceArtifact(ArtifactKind.HIERARCHY, bundle::relisted);
        bundle.overwrite("captures.json", TestBundle.json(TestBundle.stillCaptures(broken, "screenshot.png", "hierarchy.xml")));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).extracting(Problem::code).containsExactly("XML_INVALID");
        assertThat(report.has("XML_INVALID", "hierarchy.xml")).isTrue();
    }

    @Test
    void modesArePrivate() throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Files.setPosixFilePermissions(bundle.dir.resolve("screenshot.png"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(bundle.dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("MODE", "screenshot.png")).isTrue();
        assertThat(report.has("MODE", ".")).isTrue();
    }

    @Test
    void aSymlinkInPlaceOfAListedFileIsNotARegularFile() throws IOException {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        Path outside = Files.write(root.resolve("outside.png"), bundle.read("screenshot.png"));
        Files.delete(bundle.dir.resolve("screenshot.png"));
        Files.createSymbolicLink(bundle.dir.resolve("screenshot.png"), outside);
        assertThat(verifier.verify(bundle.dir).has("NOT_REGULAR_FILE", "screenshot.png")).isTrue();
    }

    @Test
    void sizeMismatchIsReported() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.HIERARCHY, a -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(),
                a.bytes() + 1, a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(), a.taskId(),
                a.image(), a.media(), a.error()));
        assertThat(verifier.verify(bundle.dir).has("SIZE_MISMATCH", "hierarchy.xml")).isTrue();
    }

    @Test
    void capturesMustAgreeWithTheManifest() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        CapturesFile other = new CapturesFile(1, "another-evidence-id", List.of(
                new CaptureRecord("screenshot", "operator", "cmd-x", "task-s", "screenshot.png",
                        new com.androperator.evidence.contracts.Timing(TestBundle.T1, TestBundle.T0, 0), null,
                        Map.of("ok", true, "data", "iVBORw0KGgoAAAANSUhEUg"), null, null),
                TestBundle.stillCaptures(TestBundle.HIERARCHY_XML, "screenshot.png", "hierarchy.xml").captures().get(1)),
                null);
        bundle.overwrite("captures.json", TestBundle.json(other));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("EVIDENCE_ID_MISMATCH", "captures.json")).isTrue();
        assertThat(report.has("CORRELATION_MISMATCH", "captures.json")).isTrue();
        assertThat(report.has("CAPTURE_SOURCE", "captures.json")).isTrue();
        assertThat(report.has("TIME_ORDER", "captures.json")).isTrue();
        assertThat(report.has("EMBEDDED_MEDIA", "captures.json")).isTrue();
    }

    @Test
    void capturesMustBeListedAsCaptureEnvelopes() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, a -> new Artifact(ArtifactKind.VIDEO_SOURCE, a.path(),
                a.mimeType(), a.status(), a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), null,
                null, null, null, null));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("CAPTURES_LISTING", "manifest.json")).isTrue();
    }

    @Test
    void aLabelOverTheUtf16LimitIsReportedEvenWhenTheSchemaCannotSeeIt() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] manifest = bundle.read("manifest.json");
        String astral = "\uD83D\uDCF1".repeat(1025); // 1025 code points, 2050 UTF-16 units
        String edited = new String(manifest, StandardCharsets.UTF_8)
                .replace("\"Settings observation\"", "\"" + astral + "\"");
        bundle.overwrite("manifest.json", edited.getBytes(StandardCharsets.UTF_8));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("LABEL_TOO_LONG", "manifest.json")).isTrue();
    }

    @Test
    void timesMustBeInOrder() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.editManifest(m -> new Manifest(1, m.evidenceId(), m.label(), m.context(), m.device(), TestBundle.T3,
                TestBundle.T0, m.status(), m.artifacts(), m.errors(), null));
        assertThat(verifier.verify(bundle.dir).has("TIME_ORDER", "manifest.json")).isTrue();
    }

    @Test
    void missingMetadataCannotBeComplete() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        DeviceInfo d = TestBundle.device();
        DeviceInfo unknownModel = new DeviceInfo(d.serial(), d.operatorPackage(), d.cliVersion(), d.operatorVersion(),
                d.apiLevel(), d.androidVersion(), d.manufacturer(), null, d.deviceType(), d.deviceTypeProperties(),
                d.display());
        bundle.editManifest(m -> new Manifest(1, m.evidenceId(), m.label(), m.context(), unknownModel, m.startedAt(),
                m.finishedAt(), m.status(), m.artifacts(), m.errors(), null));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
        assertThat(report.has("METADATA_ERROR_MISSING", "manifest.json")).isTrue();
    }

    @Test
    void deviceTypeFollowsTheEmulatorFlags() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        DeviceInfo d = TestBundle.device();
        DeviceInfo physicalWithFlag = new DeviceInfo(d.serial(), d.operatorPackage(), d.cliVersion(),
                d.operatorVersion(), d.apiLevel(), d.androidVersion(), d.manufacturer(), d.model(), DeviceType.PHYSICAL,
                new DeviceTypeProperties("0", "1"), d.display());
        bundle.editManifest(m -> new Manifest(1, m.evidenceId(), m.label(), m.context(), physicalWithFlag,
                m.startedAt(), m.finishedAt(), m.status(), m.artifacts(), m.errors(), null));
        assertThat(verifier.verify(bundle.dir).has("DEVICE_TYPE_INCONSISTENT", "manifest.json")).isTrue();
    }

    @Test
    void schemaViolationsNameTheFileAndPointer() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        String edited = new String(bundle.read("manifest.json"), StandardCharsets.UTF_8)
                .replace("\"coordinateSpace\" : \"screenshot_pixels\"", "\"coordinateSpace\" : \"device_pixels\"");
        bundle.overwrite("manifest.json", edited.getBytes(StandardCharsets.UTF_8));
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).anyMatch(p -> p.code().equals("SCHEMA")
                && p.path().equals("manifest.json#/artifacts/0/image/coordinateSpace"));
    }

    @Test
    void videoStatusRequiresEveryArtifactComplete() {
        TestBundle bundle = TestBundle.videoComplete(root.resolve("bundle"));
        BundleError truncated = new BundleError("ARTIFACT_TRUNCATED", "finalize", "stderr over 1 MiB", "encoder_stderr");
        bundle.replaceArtifact(ArtifactKind.ENCODER_STDERR, a -> new Artifact(a.kind(), a.path(), a.mimeType(),
                ArtifactStatus.PARTIAL, a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), null,
                null, null, null, truncated));
        VerificationReport report = verifier.verify(bundle.dir);
        // complete with a partial artifact (its error is not even in errors)
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
        assertThat(report.has("ERROR_NOT_RECORDED", "manifest.json")).isTrue();
        assertThat(report.has("PARTIAL_NAME", "encoder.stderr.txt")).isTrue();
    }

    @Test
    void reportSerializesAsOkAndProblems() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.writeFile("extra.txt", new byte[0]);
        String json = ContractJson.toJson(verifier.verify(bundle.dir));
        assertThat(json).startsWith("{\"ok\":false,\"problems\":[{\"code\":\"UNLISTED_FILE\",\"path\":\"extra.txt\",\"message\":");
    }

    private static void flipByte(TestBundle bundle, String file) {
        byte[] bytes = bundle.read(file);
        bytes[bytes.length / 2] ^= 0x01;
        bundle.overwrite(file, bytes);
    }
}
