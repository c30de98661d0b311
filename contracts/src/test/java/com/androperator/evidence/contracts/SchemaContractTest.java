package com.androperator.evidence.contracts;

import static com.androperator.evidence.contracts.JsonEdits.all;
import static com.androperator.evidence.contracts.JsonEdits.remove;
import static com.androperator.evidence.contracts.JsonEdits.set;
import static com.androperator.evidence.contracts.JsonEdits.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schemas and the contract records agree: every valid record serializes to a document
 * the schema accepts (and reads back equal), and every invariant is enforced on both sides: the
 * schema rejects the document and the record refuses to be built from it.
 */
class SchemaContractTest {

    // ---- valid instances -------------------------------------------------------------------

    static Stream<Arguments> validManifests() {
        return ContractSamples.validManifests().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validManifests")
    void everyValidManifestValidatesAndRoundTrips(String name, Manifest manifest) {
        byte[] json = ContractJson.toPrettyBytes(manifest);
        assertThat(SchemaCatalog.validate(SchemaCatalog.MANIFEST, ContractJson.mapper().readTree(json))).isEmpty();
        assertThat(ContractJson.read(json, Manifest.class)).isEqualTo(manifest);
    }

    static Stream<Arguments> validCaptures() {
        return ContractSamples.validCaptures().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validCaptures")
    void everyValidCapturesFileValidatesAndRoundTrips(String name, CapturesFile captures) {
        byte[] json = ContractJson.toPrettyBytes(captures);
        assertThat(SchemaCatalog.validate(SchemaCatalog.CAPTURES, ContractJson.mapper().readTree(json))).isEmpty();
        assertThat(ContractJson.read(json, CapturesFile.class)).isEqualTo(captures);
    }

    static Stream<Arguments> validResults() {
        return ContractSamples.validResults().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validResults")
    void everyValidResultValidatesAndRoundTrips(String name, CommandResult result) {
        byte[] json = ContractJson.toBytes(result);
        assertThat(SchemaCatalog.validate(SchemaCatalog.RESULT, ContractJson.mapper().readTree(json))).isEmpty();
        assertThat(ContractJson.read(json, CommandResult.class)).isEqualTo(result);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validResults")
    void everyFailureCarriesAValidErrorPayload(String name, CommandResult result) {
        if (result.ok()) {
            return;
        }
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, errorPayload(result))).isEmpty();
    }

    @Test
    void absentResultFieldsAreOmittedNotNull() {
        JsonNode json = ContractJson.mapper().readTree(ContractJson.toBytes(ContractSamples.validResults().get("complete")));
        assertThat(json.propertyNames()).containsExactly("ok", "status", "manifestPath", "evidenceId");
    }

    @Test
    void everyBundleStatusArtifactStatusAndKindIsCoveredByTheSamples() {
        var manifests = ContractSamples.validManifests().values();
        assertThat(manifests.stream().map(Manifest::status).distinct()).containsExactlyInAnyOrder(BundleStatus.values());
        var artifacts = manifests.stream().flatMap(m -> m.artifacts().stream()).toList();
        assertThat(artifacts.stream().map(Artifact::status).distinct()).containsExactlyInAnyOrder(ArtifactStatus.values());
        assertThat(artifacts.stream().map(Artifact::kind).distinct()).containsExactlyInAnyOrder(ArtifactKind.values());
    }

    // ---- invalid instances: one per invariant, refused by schema and record ------------------

    /**
     * One invariant broken in a valid document. {@code constructorRefuses}: the record's compact
     * constructor (or an enum's creator) is what throws, as opposed to Jackson refusing an unknown
     * property or a wrong JSON type before any constructor runs.
     */
    record Invalid(String invariant, String schemaId, Class<?> type, Supplier<Object> base,
                   Consumer<JsonNode> edit, boolean constructorRefuses) {
        @Override
        public String toString() {
            return invariant;
        }
    }

    private static Invalid manifest(String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.MANIFEST, Manifest.class, ContractSamples::stillComplete, edit, true);
    }

    private static Invalid manifestFrom(String sample, String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.MANIFEST, Manifest.class,
                () -> ContractSamples.validManifests().get(sample), edit, true);
    }

    private static Invalid manifestStructure(String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.MANIFEST, Manifest.class, ContractSamples::stillComplete, edit, false);
    }

    private static Invalid captures(String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.CAPTURES, CapturesFile.class, ContractSamples::stillCaptures, edit, true);
    }

    private static Invalid videoCaptures(String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.CAPTURES, CapturesFile.class, ContractSamples::videoCaptures, edit, true);
    }

    private static Invalid result(String sample, String invariant, Consumer<JsonNode> edit) {
        return new Invalid(invariant, SchemaCatalog.RESULT, CommandResult.class,
                () -> ContractSamples.validResults().get(sample), edit, true);
    }

    static Stream<Invalid> invalidDocuments() {
        String partialHierarchy = "still partial: hierarchy partial, captures failed, metadata unavailable";
        String videoComplete = "video complete";
        String recording = "video recording";
        Map<String, Object> extraError = Map.of("code", "X", "stage", "s", "message", "m", "component", "c");
        return Stream.of(
                // manifest
                manifest("schemaVersion is 1", set("/schemaVersion", 2)),
                manifest("evidenceId is non-blank", set("/evidenceId", " ")),
                manifest("label is at most 2048 characters", set("/label", "x".repeat(2049))),
                manifest("context is required", set("/context", null)),
                manifest("a still bundle is terminal", set("/status", "recording")),
                manifest("a still bundle has finishedAt", set("/finishedAt", null)),
                manifest("startedAt is UTC with Z", set("/startedAt", "2024-05-01T12:00:00+02:00")),
                manifest("finishedAt is an ISO-8601 timestamp", set("/finishedAt", "2024-05-01 10:00:01")),
                manifest("status is a known word", set("/status", "done")),
                manifest("a complete bundle has no errors", set("/errors", List.of(extraError))),
                manifestFrom("still partial: hierarchy failed", "a partial bundle has errors", set("/errors", List.of())),
                manifestFrom("still failed", "a failed bundle has errors", set("/errors", List.of())),
                manifestFrom(recording, "finishedAt is null while a video records", set("/finishedAt", ContractSamples.T2)),
                manifestFrom(videoComplete, "a terminal video has finishedAt", set("/finishedAt", null)),
                manifestFrom(videoComplete, "requestedDurationSeconds is 1..180", set("/video/requestedDurationSeconds", 181)),
                manifestFrom(videoComplete, "video.requestedSize is required", set("/video/requestedSize", null)),
                new Invalid("video sizes are \"WxH\" strings, not objects", SchemaCatalog.MANIFEST, Manifest.class,
                        () -> ContractSamples.validManifests().get(videoComplete), set("/video/actualSize",
                        Map.of("width", 576, "height", 1280)), false),
                manifestFrom(videoComplete, "video sizes are positive", set("/video/actualSize", "0x1280")),
                manifestFrom(videoComplete, "requestedSize is \"WxH\"", set("/video/requestedSize", "576 x 1280")),
                manifestFrom(videoComplete, "hostDurationMs is not negative", set("/video/hostDurationMs", -1)),
                new Invalid("hostDurationMs is never null", SchemaCatalog.MANIFEST, Manifest.class,
                        () -> ContractSamples.validManifests().get(recording), set("/video/hostDurationMs", null), false),
                manifestFrom(videoComplete, "stopReason is a known word", set("/video/stopReason", "crashed")),
                // device
                manifest("device is required", set("/device", null)),
                manifest("device.serial is non-blank", set("/device/serial", "")),
                manifest("device.cliVersion is required", set("/device/cliVersion", null)),
                manifest("deviceType is emulator, physical or unknown", set("/device/deviceType", "tablet")),
                manifest("deviceTypeProperties is required", set("/device/deviceTypeProperties", null)),
                manifest("empty emulator flags are recorded as null", set("/device/deviceTypeProperties/ro.boot.qemu", "")),
                manifest("apiLevel is positive", set("/device/apiLevel", 0)),
                manifest("display is required", set("/device/display", null)),
                manifest("display.width is positive", set("/device/display/width", 0)),
                manifest("display.density is positive", set("/device/display/density", -420)),
                manifest("display.rotation is 0..3", set("/device/display/rotation", 4)),
                // artifacts
                manifest("a complete artifact has a file",
                        all(set("/artifacts/1/path", null), set("/artifacts/1/bytes", null), set("/artifacts/1/sha256", null))),
                manifest("a complete artifact has no error", set("/artifacts/1/error", extraError)),
                manifest("a complete artifact has no .partial. name", set("/artifacts/1/path", "hierarchy.partial.xml")),
                manifest("a partial artifact keeps its file",
                        all(set("/artifacts/1/status", "partial"), set("/artifacts/1/error", extraError),
                                set("/artifacts/1/path", null), set("/artifacts/1/bytes", null), set("/artifacts/1/sha256", null))),
                manifest("a partial artifact has an error",
                        all(set("/artifacts/1/status", "partial"), set("/artifacts/1/path", "hierarchy.partial.xml"))),
                manifest("a failed artifact has null path, bytes and sha256",
                        all(set("/artifacts/1/status", "failed"), set("/artifacts/1/error", extraError))),
                manifest("a failed artifact has an error",
                        all(set("/artifacts/1/status", "failed"), set("/artifacts/1/path", null),
                                set("/artifacts/1/bytes", null), set("/artifacts/1/sha256", null))),
                manifest("path, bytes and sha256 are present or null together", set("/artifacts/2/bytes", null)),
                manifest("image appears only on a screenshot",
                        set("/artifacts/1/image", ImageGeometry.ofPixels(1, 1))),
                manifestFrom("still partial: screenshot partial file kept", "image appears only on a complete screenshot",
                        set("/artifacts/0/image", ImageGeometry.ofPixels(1, 1))),
                manifest("image width is positive", set("/artifacts/0/image/captureWidthPx", 0)),
                manifest("image height is positive", set("/artifacts/0/image/captureHeightPx", -2400)),
                manifest("image coordinateSpace is screenshot_pixels", set("/artifacts/0/image/coordinateSpace", "device_pixels")),
                manifest("image origin is top_left", set("/artifacts/0/image/origin", "bottom_left")),
                manifest("a complete file is not empty", set("/artifacts/1/bytes", 0)),
                manifestFrom("still partial: screenshot partial file kept", "a partial file is not empty",
                        set("/artifacts/0/bytes", 0)),
                manifest("sha256 is 64 lowercase hex digits", set("/artifacts/0/sha256", "A".repeat(64))),
                manifest("sha256 has 64 digits", set("/artifacts/0/sha256", "a".repeat(63))),
                manifest("a path has no leading slash", set("/artifacts/0/path", "/screenshot.png")),
                manifest("a path has no .. segment", set("/artifacts/0/path", "shots/../screenshot.png")),
                manifest("a path has no backslash", set("/artifacts/0/path", "shots\\screenshot.png")),
                manifest("a path has no empty segment", set("/artifacts/0/path", "shots//screenshot.png")),
                manifest("artifact durationMs is not negative", set("/artifacts/0/durationMs", -1)),
                manifest("artifact bytes are not negative", set("/artifacts/0/bytes", -1)),
                manifest("artifact startedAt is UTC with Z", set("/artifacts/0/startedAt", "2024-05-01T10:00:00")),
                manifest("artifact finishedAt is a timestamp", set("/artifacts/0/finishedAt", "soon")),
                manifest("artifact kind is a known word", set("/artifacts/0/kind", "thumbnail")),
                manifest("artifact status is a known word", set("/artifacts/0/status", "verified")),
                manifest("artifact mimeType is non-blank", set("/artifacts/0/mimeType", "")),
                manifestStructure("artifact kinds are the reference's (no video_source)",
                        set("/artifacts/0/kind", "video_source")),
                new Invalid("media properties are captures.json's, not an artifact's", SchemaCatalog.MANIFEST,
                        Manifest.class, () -> ContractSamples.validManifests().get(videoComplete),
                        set("/artifacts/0/media", Map.of("codec", "h264", "width", 576, "height", 1280,
                                "durationMs", 9800, "frameCount", 294)), false),
                // errors
                manifestFrom(partialHierarchy, "an error has a stage", remove("/errors/0/stage")),
                manifestFrom(partialHierarchy, "an error has a non-blank code", set("/errors/0/code", "")),
                manifestFrom(partialHierarchy, "an error has a message", set("/errors/0/message", null)),
                // structure: refused by Jackson before a constructor runs
                manifestStructure("context is an object", set("/context", List.of(1, 2))),
                manifestStructure("no unknown manifest property", set("/uploadedTo", "s3")),
                manifestStructure("no unknown artifact property", set("/artifacts/0/base64", "iVBORw0KGgo=")),
                manifestStructure("deviceTypeProperties has exactly its two keys",
                        set("/device/deviceTypeProperties/ro.hardware", "ranchu")),
                manifestStructure("no unknown display property", set("/device/display/refreshRate", 60)),
                // captures
                captures("a capture kind is non-blank", set("/0/kind", " ")),
                captures("a capture source is non-blank", set("/0/source", "")),
                captures("a record has a commandId", remove("/0/commandId")),
                captures("a record has a taskId", set("/1/taskId", "")),
                captures("a record has a result", remove("/0/result")),
                captures("a result says ok", remove("/0/result/ok")),
                captures("a result that is not ok carries its error", set("/1/result", Map.of("ok", false))),
                captures("an ok hierarchy result carries the envelope", remove("/1/result/envelope")),
                captures("a record has startedAt", remove("/0/startedAt")),
                captures("record finishedAt is UTC with Z", set("/0/finishedAt", "2024-05-01T10:00:00+00:00")),
                captures("record durationMs is not negative", set("/1/durationMs", -5)),
                captures("capture artifactPath is bundle-relative", set("/0/artifactPath", "../screenshot.png")),
                captures("timing durationMs is not negative", set("/0/observation/durationMs", -5)),
                captures("timing startedAt is UTC with Z", set("/0/observation/startedAt", "2024-05-01T10:00:00+00:00")),
                captures("persistence timing is UTC", set("/1/persistence/finishedAt", "now")),
                videoCaptures("a video record has a sessionId", remove("/0/sessionId")),
                videoCaptures("a video record has segments", remove("/0/segments")),
                videoCaptures("a video record has errors", set("/0/errors", null)),
                videoCaptures("a video error has a stage", set("/0/errors/0/stage", " ")),
                videoCaptures("a segment has at least one frame", set("/0/segments/0/frames", 0)),
                videoCaptures("segment dimensions are positive", set("/0/segments/1/height", 0)),
                videoCaptures("segment path is bundle-relative", set("/0/segments/0/path", "/tmp/video.mp4")),
                videoCaptures("segment start is not negative", set("/0/segments/0/start", -1.0)),
                videoCaptures("segment mediaDurationMs is not negative", set("/0/segments/0/mediaDurationMs", -1)),
                videoCaptures("segment actualSize is \"WxH\"", set("/0/segments/0/actualSize", "576")),
                videoCaptures("a segment error has a message", set("/0/segments/1/error/message", "")),
                // results
                result("complete", "an ok result has no code", set("/code", "EVIDENCE_CAPTURE_FAILED")),
                result("partial", "a failed result has a code", remove("/code")),
                result("partial", "a failure says what to fix", set("/message", " ")),
                new Invalid("no unknown result property", SchemaCatalog.RESULT, CommandResult.class,
                        () -> ContractSamples.validResults().get("complete"), set("/exitCode", 0), false),
                new Invalid("ok is a boolean", SchemaCatalog.RESULT, CommandResult.class,
                        () -> ContractSamples.validResults().get("complete"), set("/ok", "yes"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidDocuments")
    void eachInvariantIsRefusedByTheSchemaAndByTheRecord(Invalid invalid) {
        JsonNode document = tree(invalid.base().get());
        assertThat(SchemaCatalog.validate(invalid.schemaId(), document))
                .as("the unedited document is valid").isEmpty();
        invalid.edit().accept(document);

        assertThat(SchemaCatalog.validate(invalid.schemaId(), document))
                .as("schema refuses: %s", invalid.invariant()).isNotEmpty();

        byte[] json = ContractJson.mapper().writeValueAsBytes(document);
        var refusal = assertThatThrownBy(() -> ContractJson.read(json, invalid.type()))
                .as("record refuses: %s", invalid.invariant());
        if (invalid.constructorRefuses()) {
            refusal.hasRootCauseInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void theInvalidTableCoversEachInvariantOnce() {
        var names = invalidDocuments().map(Invalid::invariant).toList();
        assertThat(names).doesNotHaveDuplicates().hasSizeGreaterThan(80);
    }

    // ---- where schema and record necessarily differ ---------------------------------------

    /**
     * JSON Schema's maxLength counts code points; the contract counts UTF-16 units. A label of
     * 2048 code points made of astral characters is 4096 UTF-16 units: the record refuses it, the
     * schema cannot, and the conformance verifier reports it.
     */
    @Test
    void labelLengthInUtf16UnitsIsBeyondTheSchema() {
        String astral = "\uD83D\uDCF1".repeat(1025); // 1025 code points, 2050 UTF-16 units
        JsonNode document = tree(ContractSamples.stillComplete());
        set("/label", astral).accept(document);
        assertThat(SchemaCatalog.validate(SchemaCatalog.MANIFEST, document)).isEmpty();
        assertThatThrownBy(() -> ContractJson.read(ContractJson.mapper().writeValueAsBytes(document), Manifest.class))
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
    }

    /** A segment ending before it starts compares two values; the record and the verifier check it. */
    @Test
    void segmentOrderIsBeyondTheSchema() {
        JsonNode document = tree(ContractSamples.videoCaptures());
        set("/0/segments/0/end", 0.0).accept(document);
        set("/0/segments/0/start", 1.0).accept(document);
        assertThat(SchemaCatalog.validate(SchemaCatalog.CAPTURES, document)).isEmpty();
        assertThatThrownBy(() -> ContractJson.read(ContractJson.mapper().writeValueAsBytes(document), CapturesFile.class))
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
    }

    /** The earlier object form ({schemaVersion, evidenceId, captures}) is not captures.json schema version 1. */
    @Test
    void capturesAsAnObjectIsRefused() {
        ObjectNode old = ContractJson.mapper().createObjectNode();
        old.put("schemaVersion", 1);
        old.put("evidenceId", "e-1");
        old.set("captures", tree(ContractSamples.stillCaptures()));
        assertThat(SchemaCatalog.validate(SchemaCatalog.CAPTURES, old)).isNotEmpty();
        assertThatThrownBy(() -> ContractJson.mapper().treeToValue(old, CapturesFile.class));
    }

    /**
     * The reference tool writes monotonic durations as fractional milliseconds: both schemas accept
     * them and the records read them (to whole milliseconds). Records of captures.json are open:
     * a field either tool does not know is ignored, not refused.
     */
    @Test
    void fractionalDurationsAndUnknownRecordFieldsAreRead() {
        JsonNode manifest = tree(ContractSamples.validManifests().get("video complete"));
        set("/artifacts/0/durationMs", 1123.456).accept(manifest);
        set("/video/hostDurationMs", 9900.25).accept(manifest);
        set("/video/mediaDurationMs", 9800.5).accept(manifest);
        assertThat(SchemaCatalog.validate(SchemaCatalog.MANIFEST, manifest)).isEmpty();
        Manifest read = ContractJson.mapper().treeToValue(manifest, Manifest.class);
        assertThat(read.artifacts().get(0).durationMs()).isEqualTo(1123L);
        assertThat(read.video().hostDurationMs()).isEqualTo(9900L);

        JsonNode captures = tree(ContractSamples.stillCaptures());
        set("/0/durationMs", 12.75).accept(captures);
        set("/0/receivedVia", "adb exec-out").accept(captures);
        set("/1/result/envelope/futureField", List.of(1, 2)).accept(captures);
        assertThat(SchemaCatalog.validate(SchemaCatalog.CAPTURES, captures)).isEmpty();
        CapturesFile file = ContractJson.mapper().treeToValue(captures, CapturesFile.class);
        assertThat(file.stillRecords().get(0).durationMs()).isEqualTo(12L);
    }

    /**
     * Rules only the schema states: readers of other languages see them, the Java side gets them
     * from the writer (codes are ErrorCodes constants; details are built by the adapters).
     */
    @Test
    void schemaOnlyRules() {
        ObjectNode lowercase = (ObjectNode) tree(ContractSamples.validResults().get("partial"));
        set("/code", "evidence_capture_failed").accept(lowercase);
        assertThat(SchemaCatalog.validate(SchemaCatalog.RESULT, lowercase)).isNotEmpty();

        ObjectNode noRecovery = (ObjectNode) tree(ContractSamples.validResults().get("refused: storage unwritable"));
        remove("/details/recovery").accept(noRecovery);
        assertThat(SchemaCatalog.validate(SchemaCatalog.RESULT, noRecovery)).isNotEmpty();
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, errorPayload(noRecovery))).isNotEmpty();

        ObjectNode noDependencies = (ObjectNode) tree(ContractSamples.validResults().get("refused: host dependency missing"));
        set("/details/dependencies/0/reason", "broken").accept(noDependencies);
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, errorPayload(noDependencies))).isNotEmpty();
        ObjectNode noHint = (ObjectNode) tree(ContractSamples.validResults().get("refused: host dependency missing"));
        remove("/hint").accept(noHint);
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, errorPayload(noHint))).isNotEmpty();

        // Nullable keys are written explicitly as null; a document that drops one is incomplete.
        JsonNode missingNullable = tree(ContractSamples.stillComplete());
        remove("/device/deviceTypeProperties/ro.boot.qemu").accept(missingNullable);
        assertThat(SchemaCatalog.validate(SchemaCatalog.MANIFEST, missingNullable)).isNotEmpty();
        JsonNode missingLabel = tree(ContractSamples.stillComplete());
        remove("/label").accept(missingLabel);
        assertThat(SchemaCatalog.validate(SchemaCatalog.MANIFEST, missingLabel)).isNotEmpty();
    }

    @Test
    void errorSchemaRefusesIncompletePayloads() {
        ObjectNode payload = errorPayload((ObjectNode) tree(ContractSamples.validResults().get("refused: output exists")));
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, payload)).isEmpty();
        ObjectNode noMessage = payload.deepCopy();
        noMessage.remove("message");
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, noMessage)).isNotEmpty();
        ObjectNode extra = payload.deepCopy();
        extra.put("ok", false);
        assertThat(SchemaCatalog.validate(SchemaCatalog.ERROR, extra)).isNotEmpty();
    }

    private static ObjectNode errorPayload(CommandResult result) {
        return errorPayload((ObjectNode) tree(result));
    }

    /** The {code, message, details, hint} part of a failure result, as MCP and Node errors carry it. */
    private static ObjectNode errorPayload(ObjectNode result) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (String name : List.of("code", "message", "details", "hint")) {
            if (result.has(name)) {
                fields.put(name, result.get(name));
            }
        }
        ObjectNode payload = ContractJson.mapper().createObjectNode();
        fields.forEach(payload::set);
        return payload;
    }
}
