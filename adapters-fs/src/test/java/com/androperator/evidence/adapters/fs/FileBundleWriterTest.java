package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.BundleStore.Reservation;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RetainedFile;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileBundleWriterTest {
    private static final String XML = FakeOperator.HIERARCHY_XML;

    @TempDir
    Path root;

    private Path bundle;

    private BundleWriter reserve(FileSystemOps ops) {
        bundle = root.resolve("bundle");
        Reservation reservation = new FileBundleStore(ops).reserve(bundle);
        return ((Reservation.Reserved) reservation).writer();
    }

    private BundleWriter reserve() {
        return reserve(FileSystemOps.SYSTEM);
    }

    // ---- the partial → final flow ---------------------------------------------------------

    @Test
    void aPartialFileIsWrittenNewWithMode0600AndItsHashAndSizeMatchTheFile() throws Exception {
        BundleWriter writer = reserve();
        byte[] png = TestPngs.png(8, 5);

        StoreResult.Stored stored = stored(writer.writePartial("screenshot.partial.png", png));

        Path file = bundle.resolve("screenshot.partial.png");
        assertThat(stored.path()).isEqualTo("screenshot.partial.png");
        assertThat(Files.readAllBytes(file)).isEqualTo(png);
        assertThat(stored.bytes()).isEqualTo(Files.size(file)).isEqualTo(png.length);
        assertThat(stored.sha256()).isEqualTo(sha256(Files.readAllBytes(file)));
        assertThat(mode(file)).isEqualTo("rw-------");
    }

    @Test
    void promotionRenamesAtomicallyAndKeepsTheWrittenHash() throws Exception {
        BundleWriter writer = reserve();
        byte[] png = TestPngs.png(8, 5);
        StoreResult.Stored partial = stored(writer.writePartial("screenshot.partial.png", png));

        StoreResult.Stored promoted = stored(writer.promote("screenshot.partial.png", "screenshot.png"));

        assertThat(Files.exists(bundle.resolve("screenshot.partial.png"))).isFalse();
        assertThat(Files.readAllBytes(bundle.resolve("screenshot.png"))).isEqualTo(png);
        assertThat(promoted).isEqualTo(new StoreResult.Stored("screenshot.png", partial.bytes(), partial.sha256()));
        assertThat(mode(bundle.resolve("screenshot.png"))).isEqualTo("rw-------");
    }

    @Test
    void promotionNeverOverwritesAnExistingFinalFile() throws Exception {
        BundleWriter writer = reserve();
        stored(writer.writePartial("hierarchy.partial.xml", bytes("<hierarchy/>")));
        Files.writeString(bundle.resolve("hierarchy.xml"), "already here");

        Failure failure = failed(writer.promote("hierarchy.partial.xml", "hierarchy.xml"));

        assertThat(failure.details().asMap()).containsEntry("causeCode", "EEXIST");
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"))).isEqualTo("already here");
        assertThat(Files.readString(bundle.resolve("hierarchy.partial.xml"))).isEqualTo("<hierarchy/>");
    }

    @Test
    void promotionNeverReplacesALinkUnderTheFinalNameEvenOneThatPointsNowhere() throws Exception {
        BundleWriter writer = reserve();
        stored(writer.writePartial("hierarchy.partial.xml", bytes("<hierarchy/>")));
        Files.createSymbolicLink(bundle.resolve("hierarchy.xml"), bundle.resolveSibling("nowhere"));

        Failure failure = failed(writer.promote("hierarchy.partial.xml", "hierarchy.xml"));

        assertThat(failure.details().asMap()).containsEntry("causeCode", "EEXIST");
        assertThat(Files.isSymbolicLink(bundle.resolve("hierarchy.xml"))).isTrue();
        assertThat(Files.readString(bundle.resolve("hierarchy.partial.xml"))).isEqualTo("<hierarchy/>");
    }

    @Test
    void aFileAnotherProcessWroteIsFsyncedWhenItIsPromoted() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps();
        BundleWriter writer = reserve(ops);
        Files.write(bundle.resolve("video.partial.mp4"), bytes("encoded elsewhere, e.g. by ffmpeg"));

        stored(writer.promote("video.partial.mp4", "video.mp4"));

        assertThat(ops.forcedFiles()).containsExactly("video.partial.mp4");
    }

    @Test
    void aPartialFileWrittenByAnotherProcessIsHashedFromDisk() throws Exception {
        BundleWriter writer = reserve();
        byte[] clip = bytes("encoded elsewhere, e.g. by ffmpeg");
        Files.write(bundle.resolve("video.partial.mp4"), clip);

        StoreResult.Stored promoted = stored(writer.promote("video.partial.mp4", "video.mp4"));

        assertThat(promoted.bytes()).isEqualTo(clip.length);
        assertThat(promoted.sha256()).isEqualTo(sha256(clip));
    }

    @Test
    void shortWritesStillHashExactlyTheBytesWritten() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps().shortWrites(7));
        byte[] png = TestPngs.png(30, 20);
        StoreResult.Stored stored = stored(writer.writePartial("screenshot.partial.png", png));
        assertThat(Files.readAllBytes(bundle.resolve("screenshot.partial.png"))).isEqualTo(png);
        assertThat(stored.sha256()).isEqualTo(sha256(png));
    }

    @Test
    void namesAreCheckedAndNothingIsOverwritten() throws Exception {
        BundleWriter writer = reserve();
        assertThat(failed(writer.writePartial("screenshot.png", new byte[1])).details().asMap()).containsEntry("causeCode", "EINVAL");
        assertThat(failed(writer.writePartial("../escape.partial.png", new byte[1])).details().asMap()).containsEntry("causeCode", "EINVAL");
        assertThat(failed(writer.writePartial("sub/x.partial.png", new byte[1])).details().asMap()).containsEntry("causeCode", "EINVAL");
        assertThat(failed(writer.promote("x.png", "y.png")).details().asMap()).containsEntry("causeCode", "EINVAL");
        stored(writer.writePartial("x.partial.png", bytes("first")));
        assertThat(failed(writer.promote("x.partial.png", "y.partial.png")).details().asMap()).containsEntry("causeCode", "EINVAL");
        assertThat(failed(writer.writePartial("x.partial.png", bytes("second"))).details().asMap()).containsEntry("causeCode", "EEXIST");
        assertThat(Files.readString(bundle.resolve("x.partial.png"))).isEqualTo("first");
        assertThat(Files.exists(root.resolve("escape.partial.png"))).isFalse();
    }

    // ---- captures and manifest ------------------------------------------------------------

    @Test
    void aCompleteStillBundleWrittenThroughTheWriterConforms() throws Exception {
        BundleWriter writer = reserve();
        Manifest manifest = writeCompleteStillBundle(writer);

        byte[] manifestBytes = Files.readAllBytes(bundle.resolve("manifest.json"));
        assertThat(manifestBytes[manifestBytes.length - 1]).isEqualTo((byte) '\n');
        assertThat(new String(manifestBytes, StandardCharsets.UTF_8)).startsWith("{\n  \"schemaVersion\" : 1,");
        assertThat(ContractJson.read(manifestBytes, Manifest.class)).isEqualTo(manifest);
        assertThat(Files.exists(bundle.resolve("manifest.partial.json"))).isFalse();
        assertThat(Files.exists(bundle.resolve("captures.partial.json"))).isFalse();
        assertThat(mode(bundle.resolve("manifest.json"))).isEqualTo("rw-------");
        assertThat(mode(bundle.resolve("captures.json"))).isEqualTo("rw-------");
        assertThat(mode(bundle)).isEqualTo("rwx------");
        Conformance.assertConforms(bundle);
    }

    @Test
    void capturesJsonIsHashedAsWritten() throws Exception {
        BundleWriter writer = reserve();
        StoreResult.Stored captures = stored(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));
        byte[] onDisk = Files.readAllBytes(bundle.resolve("captures.json"));
        assertThat(captures.path()).isEqualTo("captures.json");
        assertThat(captures.bytes()).isEqualTo(onDisk.length);
        assertThat(captures.sha256()).isEqualTo(sha256(onDisk));
        assertThat(ContractJson.read(onDisk, CapturesFile.class)).isEqualTo(WrittenBundles.stillCaptures(XML));
    }

    @Test
    void aTerminalBundleIsNeverModified() throws Exception {
        BundleWriter writer = reserve();
        writeCompleteStillBundle(writer);
        byte[] before = Files.readAllBytes(bundle.resolve("manifest.json"));

        assertTerminalRefusal(writer.writePartial("late.partial.png", new byte[1]));
        assertTerminalRefusal(writer.promote("late.partial.png", "late.png"));
        assertTerminalRefusal(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));
        assertTerminalRefusal(writer.finalizeManifest(WrittenBundles.still(BundleStatus.FAILED, List.of(),
                List.of(new BundleError("X", "s", "m", null)))));
        // A writer opened later on the same directory refuses too: the manifest on disk decides.
        FileBundleWriter reopened = new FileBundleWriter(bundle);
        assertTerminalRefusal(reopened.writePartial("late.partial.png", new byte[1]));

        assertThat(Files.readAllBytes(bundle.resolve("manifest.json"))).isEqualTo(before);
        assertThat(Files.exists(bundle.resolve("late.partial.png"))).isFalse();
        Conformance.assertConforms(bundle);
    }

    @Test
    void aNonTerminalVideoManifestIsReplacedAtomicallyUntilTheBundleIsTerminal() throws Exception {
        BundleWriter writer = reserve();
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.STARTING, null, List.of(), List.of())));
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.RECORDING, null, List.of(), List.of())));
        assertThat(ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class).status())
                .isEqualTo(BundleStatus.RECORDING);

        StoreResult.Stored clip = stored(writer.writePartial("video.partial.mp4", bytes("tiny clip")));
        stored(writer.promote("video.partial.mp4", "video.mp4"));
        StoreResult stderr = writer.writePartial("encoder.stderr.partial.txt", new byte[0]);
        StoreResult stderrFinal = writer.promote("encoder.stderr.partial.txt", "encoder.stderr.txt");
        StoreResult captures = writer.writeCaptures(new CapturesFile(List.of(new VideoCaptureRecord("video", "scrcpy",
                WrittenBundles.EVIDENCE_ID, 0, true, true, List.of(new VideoSegment("video.mp4", 0, null, 576, 1280, 30,
                        "h264", new VideoSize(576, 1280), 1_000L, null)), List.of(), "video.mp4", null, null, null))));
        stored(stderr);
        List<Artifact> artifacts = List.of(
                new Artifact(ArtifactKind.VIDEO, "video.mp4", "video/mp4", ArtifactStatus.COMPLETE, clip.bytes(),
                        clip.sha256(), WrittenBundles.T0, WrittenBundles.T2, 1_100, null, null, null, null),
                WrittenBundles.artifact(ArtifactKind.ENCODER_STDERR, stderrFinal, "text/plain", ArtifactStatus.COMPLETE,
                        null, null, null, null),
                WrittenBundles.artifact(ArtifactKind.CAPTURE_ENVELOPES, captures, "application/json",
                        ArtifactStatus.COMPLETE, null, null, null, null));
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.COMPLETE, WrittenBundles.T2, artifacts, List.of())));

        assertTerminalRefusal(writer.finalizeManifest(
                WrittenBundles.video(BundleStatus.FINALIZING, null, artifacts, List.of())));
        Conformance.assertConforms(bundle);
    }

    @Test
    void aStaleTemporaryManifestFromAnInterruptedAttemptIsReplaced() throws Exception {
        BundleWriter writer = reserve();
        Files.writeString(bundle.resolve("manifest.partial.json"), "{ cut sho");
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.STARTING, null, List.of(), List.of())));
        assertThat(Files.exists(bundle.resolve("manifest.partial.json"))).isFalse();
        assertThat(ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class).status())
                .isEqualTo(BundleStatus.STARTING);
    }

    @Test
    void noRemovalIsTriedWhenTheListingShowsNoStaleTemporary() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps();
        BundleWriter writer = reserve(ops);

        stored(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.STARTING, null, List.of(), List.of())));

        assertThat(ops.deletes()).as("removing a missing file costs an exception").isEmpty();
    }

    @Test
    void aStaleTemporaryThatCannotBeRemovedFailsTheWriteAndStays() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps().failingDeletes(new IOException("Input/output error")));
        Files.writeString(bundle.resolve("captures.partial.json"), "{ cut sho");

        Failure failure = failed(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));

        assertThat(failure.message()).contains("remove the stale");
        assertThat(Files.readString(bundle.resolve("captures.partial.json"))).isEqualTo("{ cut sho");
        assertThat(bundle.resolve("captures.json")).doesNotExist();
    }

    @Test
    void anEntryThatDiffersOnlyInCaseIsAskedAboutAndLeftAlone() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps();
        BundleWriter writer = reserve(ops);
        Files.writeString(bundle.resolve("CAPTURES.PARTIAL.JSON"), "not ours");
        boolean sameFile = Files.exists(bundle.resolve("captures.partial.json")); // a case-insensitive file system

        stored(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));

        assertThat(ops.deletes()).as("on a case-insensitive file system it is the same file")
                .containsExactly("captures.partial.json");
        assertThat(bundle.resolve("captures.json")).exists();
        if (!sameFile) {
            assertThat(Files.readString(bundle.resolve("CAPTURES.PARTIAL.JSON"))).isEqualTo("not ours");
        }
    }

    @Test
    void aDirectoryThatCannotBeListedIsAskedWithLstatAndTheWriteFailsAsAValue() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps();
        BundleWriter writer = reserve(ops);
        Files.delete(bundle);

        Failure failure = failed(writer.writeCaptures(WrittenBundles.stillCaptures(XML)));

        assertThat(ops.deletes()).as("without a listing the stale temporary is asked about")
                .containsExactly("captures.partial.json");
        assertThat(failure.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(bundle).doesNotExist();
    }

    // ---- failures are values, files already written stay -----------------------------------

    @Test
    void aDiskThatFillsMidWriteIsAStoreFailureAndKeepsWhatWasWritten() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps().onlyFor("screenshot").diskFullAfter(40));
        byte[] png = TestPngs.png(40, 30);

        Failure failure = failed(writer.writePartial("screenshot.partial.png", png));

        Path file = bundle.resolve("screenshot.partial.png");
        assertThat(failure.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(failure.details().asMap()).containsEntry("causeCode", "ENOSPC").containsEntry("path", file.toString());
        assertThat(failure.message()).contains(file.toString()).contains("No space left on device");
        assertThat(Files.size(file)).isEqualTo(40);
        // The hierarchy still goes in: one file's failure does not poison the writer.
        stored(writer.writePartial("hierarchy.partial.xml", bytes(XML)));
    }

    @Test
    void aWriteCutShortDescribesTheFileItLeftFromTheBytesWritten() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps().onlyFor("hierarchy").diskFullAfter(25));
        byte[] xml = bytes(XML);

        StoreResult result = writer.writePartial("hierarchy.partial.xml", xml);

        byte[] onDisk = Files.readAllBytes(bundle.resolve("hierarchy.partial.xml"));
        assertThat(onDisk).hasSize(25).isEqualTo(java.util.Arrays.copyOf(xml, 25));
        assertThat(failed(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isEqualTo(new RetainedFile("hierarchy.partial.xml", 25, sha256(onDisk)));
    }

    @Test
    void theBytesAFailedWriteLeavesAreFsyncedSinceTheyAreRetained() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps().onlyFor("hierarchy").diskFullAfter(25);
        BundleWriter writer = reserve(ops);

        StoreResult result = writer.writePartial("hierarchy.partial.xml", bytes(XML));

        assertThat(retained(result).bytes()).isEqualTo(25);
        assertThat(ops.forcedFiles()).containsExactly("hierarchy.partial.xml");
    }

    @Test
    void aFailedWriteThatCreatedNoFileDescribesNone() throws Exception {
        BundleWriter writer = reserve();
        stored(writer.writePartial("x.partial.png", bytes("first")));
        StoreResult exists = writer.writePartial("x.partial.png", bytes("second"));
        assertThat(failed(exists).details().asMap()).containsEntry("causeCode", "EEXIST");
        assertThat(retained(exists)).isNull();
        assertThat(Files.readString(bundle.resolve("x.partial.png"))).isEqualTo("first");
    }

    @Test
    void capturesThatCannotBeRenamedStayAsTheirPartialFileAndSaySo() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps()
                .failingMovesOf("captures", new IOException("Input/output error")));

        StoreResult result = writer.writeCaptures(WrittenBundles.stillCaptures(XML));

        byte[] onDisk = Files.readAllBytes(bundle.resolve("captures.partial.json"));
        assertThat(Files.exists(bundle.resolve("captures.json"))).isFalse();
        assertThat(failed(result).details().asMap()).containsEntry("causeCode", "EIO");
        assertThat(retained(result)).isEqualTo(new RetainedFile("captures.partial.json", onDisk.length, sha256(onDisk)));
    }

    @Test
    void aManifestWriteThatFailsLeavesThePreviousManifestIntact() throws Exception {
        ScriptedFileSystemOps ops = new ScriptedFileSystemOps().onlyFor("manifest");
        BundleWriter writer = reserve(ops);
        stored(writer.finalizeManifest(WrittenBundles.video(BundleStatus.RECORDING, null, List.of(), List.of())));
        byte[] recording = Files.readAllBytes(bundle.resolve("manifest.json"));

        ops.diskFullAfter(100);
        StoreResult result = writer.finalizeManifest(WrittenBundles.video(BundleStatus.FINALIZING, null,
                List.of(), List.of()));

        assertThat(failed(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isNull();
        assertThat(Files.readAllBytes(bundle.resolve("manifest.json"))).isEqualTo(recording);
        // A manifest cut short is no manifest: nothing is left under its partial name to mislead a reader.
        assertThat(bundle.resolve("manifest.partial.json")).doesNotExist();
    }

    @Test
    void aManifestThatCannotBeRenamedIsRemovedNotLeftAsAPartialFile() throws Exception {
        BundleWriter writer = reserve(new ScriptedFileSystemOps()
                .failingMovesOf("manifest", new IOException("Input/output error")));

        StoreResult result = writer.finalizeManifest(WrittenBundles.still(BundleStatus.COMPLETE, List.of(), List.of()));

        assertThat(failed(result).details().asMap()).containsEntry("causeCode", "EIO");
        assertThat(retained(result)).isNull();
        assertThat(bundle.resolve("manifest.partial.json")).doesNotExist();
        assertThat(bundle.resolve("manifest.json")).doesNotExist();
    }

    static Stream<String> filesOfEveryKind() {
        return Stream.of("screenshot.partial.png", "hierarchy.partial.xml", "captures", "manifest");
    }

    /** A disk already full when a file is created leaves no zero-byte file behind, of any kind. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("filesOfEveryKind")
    void aWriteThatFailsBeforeItsFirstByteLeavesNoEmptyFile(String file) throws Exception {
        String part = file.contains(".") ? file.substring(0, file.indexOf('.')) : file;
        BundleWriter writer = reserve(new ScriptedFileSystemOps().onlyFor(part).diskFullAfter(0));

        StoreResult result = switch (file) {
            case "captures" -> writer.writeCaptures(WrittenBundles.stillCaptures(XML));
            case "manifest" -> writer.finalizeManifest(WrittenBundles.still(BundleStatus.COMPLETE, List.of(), List.of()));
            default -> writer.writePartial(file, bytes(XML));
        };

        assertThat(failed(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isNull();
        try (Stream<Path> left = Files.list(bundle)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aPartialFileHoldsEachPieceAsSoonAsItIsWritten() throws Exception {
        BundleWriter writer = reserve();
        byte[] png = TestPngs.png(64, 48);
        BundleWriter.PartialFile file = writer.createPartial("screenshot.partial.png");
        Path onDisk = bundle.resolve("screenshot.partial.png");
        int half = png.length / 2;

        assertThat(file.write(png, 0, half)).isTrue();
        // Before fsync and close: a process killed now leaves exactly these bytes.
        assertThat(Files.readAllBytes(onDisk)).isEqualTo(java.util.Arrays.copyOf(png, half));
        assertThat(file.write(png, half, png.length - half)).isTrue();
        StoreResult.Stored stored = stored(file.finish());

        assertThat(stored).isEqualTo(new StoreResult.Stored("screenshot.partial.png", png.length, sha256(png)));
        assertThat(Files.readAllBytes(onDisk)).isEqualTo(png);
        assertThat(file.finish()).isEqualTo(stored);
        assertThat(file.write(png, 0, 1)).isFalse();
    }

    /**
     * A spooled string (the hierarchy text of a large envelope) is streamed into captures.json: the
     * file is written once, as serialized, and reads back as the same text, surrogate pairs intact
     * wherever the reads split them.
     */
    @Test
    void capturesStreamASpooledStringIntoTheFileAsTheSameText() throws Exception {
        BundleWriter writer = reserve();
        String text = ("<hierarchy text=\"\uD83D\uDE00 \u00e9 \\ \" \t\">" + "x".repeat(8189)).repeat(40) + "</hierarchy>";
        byte[] utf8 = bytes(text);
        com.androperator.evidence.contracts.StreamedString spooled = new com.androperator.evidence.contracts.StreamedString() {
            @Override
            public long utf8Length() {
                return utf8.length;
            }

            @Override
            public java.io.InputStream openUtf8() {
                // Seven bytes at a time: reads end inside multi-byte characters and between surrogates.
                return new java.io.ByteArrayInputStream(utf8) {
                    @Override
                    public synchronized int read(byte[] b, int off, int len) {
                        return super.read(b, off, Math.min(len, 7));
                    }
                };
            }
        };
        java.util.Map<String, Object> envelope = new java.util.LinkedHashMap<>(WrittenBundles.envelope(XML));
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> step = new java.util.LinkedHashMap<>(
                ((List<java.util.Map<String, Object>>) envelope.get("stepResults")).get(0));
        java.util.Map<String, Object> data = new java.util.LinkedHashMap<>();
        data.put("text", spooled);
        step.put("data", data);
        envelope.put("stepResults", List.of(step));
        CapturesFile original = WrittenBundles.stillCaptures(XML);
        com.androperator.evidence.contracts.CaptureRecord hierarchy = original.stillRecords().get(1);
        java.util.Map<String, Object> result = new java.util.LinkedHashMap<>(hierarchy.result().asMap());
        result.put("envelope", envelope);
        CapturesFile captures = new CapturesFile(List.of(original.records().get(0),
                new com.androperator.evidence.contracts.CaptureRecord(hierarchy.kind(), hierarchy.source(),
                        hierarchy.commandId(), hierarchy.taskId(), Details.fromJson(result), hierarchy.startedAt(), hierarchy.finishedAt(),
                        hierarchy.durationMs(), hierarchy.artifactPath(), hierarchy.observation(),
                        hierarchy.persistence(), hierarchy.details())));

        StoreResult.Stored stored = stored(writer.writeCaptures(captures));

        byte[] file = Files.readAllBytes(bundle.resolve("captures.json"));
        assertThat(stored.sha256()).isEqualTo(sha256(file));
        assertThat(stored.bytes()).isEqualTo(file.length);
        CapturesFile read = ContractJson.read(file, CapturesFile.class);
        @SuppressWarnings("unchecked")
        List<java.util.Map<String, Object>> steps = (List<java.util.Map<String, Object>>) read.stillRecords().get(1)
                .envelope().get("stepResults");
        assertThat(steps.get(0).get("data")).isEqualTo(java.util.Map.of("text", text));
    }

    @Test
    void aFailedRenameOrDirectoryFsyncIsAStoreFailure() throws Exception {
        BundleWriter renames = reserve(new ScriptedFileSystemOps().failingMoves(new IOException("Input/output error")));
        stored(renames.writePartial("a.partial.png", new byte[] {1}));
        assertThat(failed(renames.promote("a.partial.png", "a.png")).details().asMap()).containsEntry("causeCode", "EIO");
        assertThat(failed(renames.writeCaptures(WrittenBundles.stillCaptures(XML))).details().asMap())
                .containsEntry("causeCode", "EIO");
        assertThat(Files.exists(bundle.resolve("a.partial.png"))).isTrue();
        assertThat(Files.exists(bundle.resolve("captures.partial.json"))).as("files already written stay").isTrue();

        // The directory is fsynced before the manifest is written (every entry before it) and after its rename.
        FileBundleWriter fsyncs = new FileBundleWriter(Files.createDirectory(root.resolve("other")),
                new ScriptedFileSystemOps().failingDirectoryForce(new IOException("Input/output error")));
        stored(fsyncs.writePartial("b.partial.png", new byte[] {1}));
        Failure failure = failed(fsyncs.finalizeManifest(WrittenBundles.still(BundleStatus.FAILED, List.of(),
                List.of(new BundleError("X", "s", "m", null)))));
        assertThat(failure.message()).contains("rename manifest.partial.json to").contains("(fsync of the bundle directory before)");
        assertThat(failure.details().asMap()).containsEntry("causeCode", "EIO");
        assertThat(Files.exists(root.resolve("other").resolve("manifest.json"))).as("no manifest without its files").isFalse();
        assertThat(Files.exists(root.resolve("other").resolve("manifest.partial.json"))).isFalse();
    }

    @Test
    void aBundleDirectoryDeletedMidwayIsAStoreFailureNotAnException() throws Exception {
        BundleWriter writer = reserve();
        stored(writer.writePartial("screenshot.partial.png", TestPngs.png(4, 4)));
        deleteRecursively(bundle);

        Failure write = failed(writer.writePartial("hierarchy.partial.xml", bytes(XML)));
        assertThat(write.details().asMap()).containsEntry("causeCode", "ENOENT");
        Failure promote = failed(writer.promote("screenshot.partial.png", "screenshot.png"));
        assertThat(promote.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(failed(writer.writeCaptures(WrittenBundles.stillCaptures(XML))).details().asMap())
                .containsEntry("causeCode", "ENOENT");
        Failure manifest = failed(writer.finalizeManifest(WrittenBundles.still(BundleStatus.FAILED, List.of(),
                List.of(new BundleError("STORAGE_FAILED", "persist", "gone", null)))));
        assertThat(manifest.message()).contains(bundle.resolve("manifest.partial.json").toString());
    }

    @Test
    void aBundleDirectoryReplacedByAFileIsAStoreFailure() throws Exception {
        BundleWriter writer = reserve();
        deleteRecursively(bundle);
        Files.writeString(bundle, "not a directory any more");

        Failure failure = failed(writer.writePartial("screenshot.partial.png", new byte[] {1, 2}));

        assertThat(failure.details().asMap()).containsEntry("causeCode", "ENOTDIR");
        assertThat(Files.readString(bundle)).isEqualTo("not a directory any more");
    }

    // ---- helpers ------------------------------------------------------------------------

    private Manifest writeCompleteStillBundle(BundleWriter writer) {
        byte[] png = TestPngs.png(12, 20);
        ImageVerification verified = new PngVerifier().verify(png);
        assertThat(verified).isInstanceOf(ImageVerification.Verified.class);
        stored(writer.writePartial("screenshot.partial.png", png));
        StoreResult screenshot = writer.promote("screenshot.partial.png", "screenshot.png");
        stored(writer.writePartial("hierarchy.partial.xml", bytes(XML)));
        StoreResult hierarchy = writer.promote("hierarchy.partial.xml", "hierarchy.xml");
        StoreResult captures = writer.writeCaptures(WrittenBundles.stillCaptures(XML));
        Manifest manifest = WrittenBundles.still(BundleStatus.COMPLETE, List.of(
                WrittenBundles.artifact(ArtifactKind.SCREENSHOT, screenshot, "image/png", ArtifactStatus.COMPLETE,
                        "cmd-s", "task-s", ImageGeometry.ofPixels(12, 20), null),
                WrittenBundles.artifact(ArtifactKind.HIERARCHY, hierarchy, "application/xml", ArtifactStatus.COMPLETE,
                        "cmd-h", "task-h", null, null),
                WrittenBundles.artifact(ArtifactKind.CAPTURE_ENVELOPES, captures, "application/json",
                        ArtifactStatus.COMPLETE, null, null, null, null)), List.of());
        StoreResult.Stored stored = stored(writer.finalizeManifest(manifest));
        assertThat(stored.path()).isEqualTo("manifest.json");
        return manifest;
    }

    private static void assertTerminalRefusal(StoreResult result) {
        Failure failure = failed(result);
        assertThat(failure.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(failure.details().asMap()).containsEntry("causeCode", "ETERMINAL");
        assertThat(failure.message()).contains("never modified");
    }

    private static StoreResult.Stored stored(StoreResult result) {
        assertThat(result).isInstanceOf(StoreResult.Stored.class);
        return (StoreResult.Stored) result;
    }

    /** The file a failed write says it left under its partial name, null when none. */
    private static RetainedFile retained(StoreResult result) {
        return ((StoreResult.StoreFailed) result).retained();
    }

    private static Failure failed(StoreResult result) {
        assertThat(result).isInstanceOf(StoreResult.StoreFailed.class);
        return ((StoreResult.StoreFailed) result).failure();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
