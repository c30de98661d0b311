package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.Details;
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
                ImageGeometry.ofPixels(1080, 2400), a.error()));
        assertThat(verifier.verify(bundle.dir).has("IMAGE_GEOMETRY", "screenshot.png")).isTrue();
    }

    @Test
    void missingGeometryIsAcceptedForOlderBundlesButNotByTheStrictVerifier() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.SCREENSHOT, a -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(),
                a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(), a.taskId(),
                null, a.error()));
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
                a.taskId(), a.image(), a.error()));
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
        CapturesFile withoutText = new CapturesFile(List.of(
                TestBundle.screenshotRecord("screenshot.png"),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h",
                        TestBundle.hierarchyResult(Map.of("status", "success", "stepResults", List.of())),
                        TestBundle.T1, TestBundle.T2, 800, "hierarchy.xml", null, null, null)));
        bundle.overwrite("captures.json", TestBundle.json(withoutText));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        assertThat(verifier.verify(bundle.dir).has("ENVELOPE_MISMATCH", "hierarchy.xml")).isTrue();
    }

    /** A bundle whose hierarchy came from the Operator's tagged logcat records, which the record keeps. */
    private TestBundle loggedHierarchyBundle(String loggedText) {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        CapturesFile logged = new CapturesFile(List.of(
                TestBundle.screenshotRecord("screenshot.png"),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h",
                        TestBundle.hierarchyResult(Map.of("status", "success", "stepResults", List.of(Map.of("id",
                                "snap", "actionType", "snapshot_ui", "success", true, "data", Map.of())))),
                        TestBundle.T1, TestBundle.T2, 800, "hierarchy.xml", null, null,
                        Details.fromJson(Map.of("hierarchySource", "logcat", "loggedHierarchy", loggedText)))));
        bundle.overwrite("captures.json", TestBundle.json(logged));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        return bundle;
    }

    @Test
    void aHierarchyLoggedAsTaggedRecordsIsMatchedAgainstTheTextTheRecordKeeps() {
        assertThat(verifier.verify(loggedHierarchyBundle(TestBundle.HIERARCHY_XML).dir).problems()).isEmpty();
    }

    @Test
    void aHierarchyThatDiffersFromTheLoggedTextIsAnEnvelopeMismatch() {
        VerificationReport report = verifier.verify(loggedHierarchyBundle("<hierarchy rotation=\"1\"/>").dir);
        assertThat(report.problems()).extracting(Problem::code).containsExactly("ENVELOPE_MISMATCH");
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
                a.image(), a.error()));
        assertThat(verifier.verify(bundle.dir).has("SIZE_MISMATCH", "hierarchy.xml")).isTrue();
    }

    @Test
    void capturesMustAgreeWithTheManifest() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        CapturesFile other = new CapturesFile(List.of(
                new CaptureRecord("screenshot", "operator", "cmd-x", "task-s",
                        Details.fromJson(Map.of("ok", true, "data", "iVBORw0KGgoAAAANSUhEUg")), TestBundle.T1, TestBundle.T0, 0,
                        "screenshot.png", null, null, null),
                TestBundle.stillCaptures(TestBundle.HIERARCHY_XML, "screenshot.png", "hierarchy.xml").records().get(1)));
        bundle.overwrite("captures.json", TestBundle.json(other));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.has("CORRELATION_MISMATCH", "captures.json")).isTrue();
        assertThat(report.has("CAPTURE_SOURCE", "captures.json")).isTrue();
        assertThat(report.has("TIME_ORDER", "captures.json")).isTrue();
        assertThat(report.has("EMBEDDED_MEDIA", "captures.json")).isTrue();
    }

    @Test
    void capturesMustBeListedAsCaptureEnvelopes() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, a -> new Artifact(ArtifactKind.ENCODER_STDERR, a.path(),
                a.mimeType(), a.status(), a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), null,
                null, null, null));
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
                null, null, truncated));
        VerificationReport report = verifier.verify(bundle.dir);
        // complete with a partial artifact (its error is not even in errors)
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
        assertThat(report.has("ERROR_NOT_RECORDED", "manifest.json")).isTrue();
        assertThat(report.has("PARTIAL_NAME", "encoder.stderr.txt")).isTrue();
    }

    @Test
    void theManifestNeverListsOrHashesItself() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] before = bundle.read("manifest.json");
        Artifact self = new Artifact(ArtifactKind.CAPTURE_ENVELOPES, "manifest.json", "application/json",
                ArtifactStatus.COMPLETE, (long) before.length, TestBundle.sha256(before), TestBundle.T0, TestBundle.T1, 1,
                null, null, null, null);
        bundle.editManifest(m -> TestBundle.still(m.status(), java.util.stream.Stream.concat(m.artifacts().stream(),
                java.util.stream.Stream.of(self)).toList(), m.errors()));
        assertThat(verifier.verify(bundle.dir).has("MANIFEST_LISTED", "manifest.json")).isTrue();
    }

    @Test
    void contextIsAtMost16KiBOfCompactUtf8() {
        // {"k":"<n characters>"} is n + 8 bytes.
        TestBundle atLimit = TestBundle.stillComplete(root.resolve("at-limit"));
        atLimit.editManifest(m -> withContext(m, Map.of("k", "a".repeat(16_384 - 8))));
        assertThat(verifier.verify(atLimit.dir).problems()).isEmpty();

        TestBundle over = TestBundle.stillComplete(root.resolve("over"));
        over.editManifest(m -> withContext(m, Map.of("k", "a".repeat(16_384 - 7))));
        VerificationReport report = verifier.verify(over.dir);
        assertThat(report.has("CONTEXT_TOO_LARGE", "manifest.json")).isTrue();
        assertThat(report.problems()).extracting(Problem::message).anyMatch(m -> m.contains("16385 bytes"));
    }

    /**
     * A getprop inventory garbled around an emulator flag is unknown (malformed inventories produce
     * unknown) while deviceTypeProperties keeps the raw "1": that is consistent. emulator without a
     * "1" and physical with one are not.
     */
    @Test
    void deviceTypeUnknownMayKeepARawEmulatorFlagButEmulatorAndPhysicalFollowTheFlags() {
        BundleError unknown = new BundleError("DEVICE_TYPE_UNKNOWN", "metadata",
                "The device type is unknown: the getprop output was not a property listing.", "device.deviceType");
        TestBundle garbled = TestBundle.stillComplete(root.resolve("garbled"));
        garbled.editManifest(m -> withDevice(m, DeviceType.UNKNOWN, new DeviceTypeProperties("1", null),
                BundleStatus.PARTIAL, List.of(unknown)));
        assertThat(verifier.verify(garbled.dir).problems()).isEmpty();

        TestBundle emulatorWithoutFlag = TestBundle.stillComplete(root.resolve("emulator"));
        emulatorWithoutFlag.editManifest(m -> withDevice(m, DeviceType.EMULATOR, new DeviceTypeProperties("0", null),
                m.status(), m.errors()));
        assertThat(verifier.verify(emulatorWithoutFlag.dir).has("DEVICE_TYPE_INCONSISTENT", "manifest.json")).isTrue();

        TestBundle unknownWithoutError = TestBundle.stillComplete(root.resolve("unknown"));
        unknownWithoutError.editManifest(m -> withDevice(m, DeviceType.UNKNOWN, new DeviceTypeProperties("1", null),
                m.status(), m.errors()));
        VerificationReport report = verifier.verify(unknownWithoutError.dir);
        assertThat(report.has("METADATA_ERROR_MISSING", "manifest.json")).isTrue();
        assertThat(report.has("STATUS_INCONSISTENT", "manifest.json")).isTrue();
    }

    @Test
    void eachCaptureRecordNamesItsOwnArtifactsPath() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        bundle.overwrite("captures.json", TestBundle.json(TestBundle.stillCaptures(TestBundle.HIERARCHY_XML,
                "hierarchy.xml", "screenshot.png")));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).filteredOn(p -> p.code().equals("CORRELATION_MISMATCH"))
                .extracting(Problem::path)
                .containsExactly("captures.json#/0/artifactPath", "captures.json#/1/artifactPath");
    }

    @Test
    void aStillBundlesCapturesHoldTheScreenshotReceiptAndTheHierarchyResult() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        CapturesFile onlyHierarchy = new CapturesFile(List.of(TestBundle.stillCaptures(
                TestBundle.HIERARCHY_XML, "screenshot.png", "hierarchy.xml").records().get(1)));
        bundle.overwrite("captures.json", TestBundle.json(onlyHierarchy));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).extracting(Problem::code).containsExactly("CAPTURE_RECORD_MISSING");
    }

    @Test
    void theScreenshotReceiptsOkIsTransportCompletionAsABoolean() {
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        tools.jackson.databind.JsonNode invented = com.androperator.evidence.contracts.ContractJson.mapper()
                .readTree(bundle.read("captures.json"));
        ((tools.jackson.databind.node.ObjectNode) invented.get(0).get("result")).put("ok", "verified");
        bundle.overwrite("captures.json", (invented.toPrettyString() + "\n").getBytes(StandardCharsets.UTF_8));
        bundle.replaceArtifact(ArtifactKind.CAPTURE_ENVELOPES, bundle::relisted);
        VerificationReport report = verifier.verify(bundle.dir);
        assertThat(report.problems()).extracting(Problem::code).containsOnly("SCHEMA");
        assertThat(report.problems()).extracting(Problem::path).allMatch(path -> path.startsWith("captures.json"));
    }

    /** Storage cut a hierarchy.partial.xml short: it is a prefix of the envelope's text, and nothing else passes. */
    @Test
    void aPartialHierarchyKeepsAPrefixOfTheEnvelopeText() {
        BundleError cut = new BundleError("STORAGE_FAILED", "persistence", "no space left", "hierarchy");
        byte[] xml = TestBundle.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8);
        TestBundle prefix = TestBundle.stillComplete(root.resolve("prefix"));
        prefix.writeFile("hierarchy.partial.xml", java.util.Arrays.copyOf(xml, 30));
        prefix.editManifest(m -> partialHierarchy(prefix, m, cut));
        assertThat(verifier.verify(prefix.dir).problems()).isEmpty();

        TestBundle other = TestBundle.stillComplete(root.resolve("other"));
        byte[] changed = java.util.Arrays.copyOf(xml, 30);
        changed[29] ^= 0x01;
        other.writeFile("hierarchy.partial.xml", changed);
        other.editManifest(m -> partialHierarchy(other, m, cut));
        assertThat(verifier.verify(other.dir).has("ENVELOPE_MISMATCH", "hierarchy.partial.xml")).isTrue();
    }

    /** A captures file that storage could not finish is listed as captures.partial.json and not parsed. */
    @Test
    void aPartialCapturesFileIsListedUnderItsPartialName() throws IOException {
        BundleError cut = new BundleError("STORAGE_FAILED", "persistence", "no space left", "capture_envelopes");
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        byte[] json = bundle.read("captures.json");
        Files.delete(bundle.dir.resolve("captures.json"));
        bundle.writeFile("captures.partial.json", java.util.Arrays.copyOf(json, 40));
        bundle.editManifest(m -> TestBundle.still(BundleStatus.PARTIAL, m.artifacts().stream()
                .map(a -> a.kind() != ArtifactKind.CAPTURE_ENVELOPES ? a : new Artifact(a.kind(), "captures.partial.json",
                        a.mimeType(), ArtifactStatus.PARTIAL, 40L, TestBundle.sha256(java.util.Arrays.copyOf(json, 40)),
                        a.startedAt(), a.finishedAt(), a.durationMs(), null, null, null, cut))
                .toList(), List.of(cut)));
        assertThat(verifier.verify(bundle.dir).problems()).isEmpty();
    }

    private static Manifest withContext(Manifest m, Map<String, Object> context) {
        return new Manifest(1, m.evidenceId(), m.label(), CallerContext.copyOf(context), m.device(), m.startedAt(), m.finishedAt(), m.status(),
                m.artifacts(), m.errors(), null);
    }

    private static Manifest withDevice(Manifest m, DeviceType type, DeviceTypeProperties flags, BundleStatus status,
                                       List<BundleError> errors) {
        DeviceInfo d = m.device();
        DeviceInfo device = new DeviceInfo(d.serial(), d.operatorPackage(), d.cliVersion(), d.operatorVersion(),
                d.apiLevel(), d.androidVersion(), d.manufacturer(), d.model(), type, flags, d.display());
        return new Manifest(1, m.evidenceId(), m.label(), m.context(), device, m.startedAt(), m.finishedAt(), status,
                m.artifacts(), errors, null);
    }

    private static Manifest partialHierarchy(TestBundle bundle, Manifest m, BundleError cut) {
        try {
            Files.delete(bundle.dir.resolve("hierarchy.xml"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        byte[] kept = bundle.read("hierarchy.partial.xml");
        bundle.overwrite("captures.json", TestBundle.json(TestBundle.stillCaptures(TestBundle.HIERARCHY_XML,
                "screenshot.png", "hierarchy.partial.xml")));
        byte[] captures = bundle.read("captures.json");
        List<Artifact> artifacts = m.artifacts().stream().map(a -> switch (a.kind()) {
            case HIERARCHY -> new Artifact(a.kind(), "hierarchy.partial.xml", a.mimeType(), ArtifactStatus.PARTIAL,
                    (long) kept.length, TestBundle.sha256(kept), a.startedAt(), a.finishedAt(), a.durationMs(),
                    a.commandId(), a.taskId(), null, cut);
            case CAPTURE_ENVELOPES -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(), (long) captures.length,
                    TestBundle.sha256(captures), a.startedAt(), a.finishedAt(), a.durationMs(), null, null, null, null);
            default -> a;
        }).toList();
        return TestBundle.still(BundleStatus.PARTIAL, artifacts, List.of(cut));
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
