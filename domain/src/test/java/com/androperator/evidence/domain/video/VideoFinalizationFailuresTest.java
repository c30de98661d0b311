package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.domain.port.video.ClipEncoder;
import com.androperator.evidence.domain.port.video.ClipVerifier;
import com.androperator.evidence.domain.port.video.MediaInspector;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import com.androperator.evidence.domain.model.RetainedFile;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.video.model.VideoSession;

/**
 * What finalization makes of media steps that fail (spec "Video artifacts and recovery"): "Exceeding
 * a subprocess budget fails verification instead of publishing unverified media. Failed
 * verification retains partial bytes and errors." "Only verified clips lose their .partial
 * suffix." "A zero-duration idle recording remains partial, even if one frame decodes."
 * "Artifact-read failures retain their underlying error."
 */
class VideoFinalizationFailuresTest {
    private static final VideoSize REQUESTED = new VideoSize(324, 720);
    private static final String EVIDENCE_ID = "0190f7c2-0000-7000-8000-000000000002";
    private static final Instant STARTED = Instant.parse("2026-03-01T10:00:00Z");
    private static final long ENCODE_MILLIS = 40;
    private static final long VERIFY_MILLIS = 25;

    private final FakeVideoBundle bundle = new FakeVideoBundle();
    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final List<FrameSample> frames = new ArrayList<>();
    private final Map<String, Encoding> encodings = new HashMap<>();
    private final Set<String> encoderLeavesNothing = new HashSet<>();
    private final Map<String, ClipVerification> verdicts = new HashMap<>();
    private final List<String> mediaSteps = new ArrayList<>();
    private Inspection inspection;
    private Runnable duringInspection = () -> { };

    // ---- encoding and verification ----------------------------------------------------------------

    @Test
    void anEncoderThatFailsLeavesItsBytesAsAPartialClipWithItsErrorAndNothingIsVerified() {
        source(30, 1.0 / 30);
        encodings.put("video.partial.mp4", new Encoding.NotEncoded(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "ffmpeg exceeded its 120 s deadline and was killed")));

        FinalizedMedia media = finalizeSource();

        Artifact clip = media.clipArtifacts().get(0);
        assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(clip.path()).isEqualTo("video.partial.mp4");
        assertThat(clip.sha256()).isEqualTo(FakeVideoBundle.sha256(bundle.files.get("video.partial.mp4")));
        assertThat(media.clips().get(0).probed()).isNull();
        assertThat(media.segments().get(0).codec()).isNull();
        assertThat(clip.durationMs()).as("the encode's own time").isEqualTo(ENCODE_MILLIS);
        assertThat(clip.error()).isEqualTo(VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                VideoStage.SEGMENT, "Encoding clip 1 failed: ffmpeg exceeded its 120 s deadline and was killed",
                "video"));
        assertThat(mediaSteps).as("an unencoded clip is not verified").containsExactly("inspect", "encode 1");
        assertThat(media.usable()).isFalse();
        assertThat(media.source()).hasValueSatisfying(source -> assertThat(source.status())
                .isEqualTo(ArtifactStatus.PARTIAL));

        Manifest manifest = conclude(media);
        assertThat(manifest.status()).as("a video file is kept (the clip or the retained mkv)").isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.errors()).contains(clip.error());
        assertThat(manifest.video().mediaDurationMs()).isNull();
        assertPartialNamesMatch(manifest);
    }

    @Test
    void anEncoderThatFailsWithoutLeavingAFileIsAFailedClipWithoutAPath() {
        source(30, 1.0 / 30);
        encodings.put("video.partial.mp4", new Encoding.NotEncoded(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "ffmpeg exited with status 1")));
        encoderLeavesNothing.add("video.partial.mp4");

        Artifact clip = finalizeSource().clipArtifacts().get(0);

        assertThat(clip.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(clip.path()).isNull();
        assertThat(clip.bytes()).isNull();
        assertThat(clip.sha256()).isNull();
        assertThat(clip.error().message()).contains("ffmpeg exited with status 1");
    }

    @Test
    void aZeroDurationIdleRecordingStaysPartialEvenThoughItsFrameDecodes() {
        source(1, 0);

        FinalizedMedia media = finalizeSource();

        Artifact clip = media.clipArtifacts().get(0);
        assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(clip.path()).as("only verified clips lose .partial").isEqualTo("video.partial.mp4");
        assertThat(media.clips().get(0).probed()).as("what the verification saw is kept")
                .isEqualTo(new MediaInfo("h264", 324, 720, 0, 1));
        assertThat(media.segments().get(0).mediaDurationMs()).isZero();
        assertThat(clip.error().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED);
        assertThat(clip.error().message()).contains("covers no media time", "1 frame(s) at one timestamp");
        assertThat(media.usable()).as("it decodes").isTrue();
        assertThat(media.allVerified()).isFalse();
        assertThat(media.source()).as("the source is kept while a clip is unverified").isPresent();

        Manifest manifest = conclude(media);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.video().mediaDurationMs()).isNull();
        assertThat(manifest.video().actualSize()).isNull();
        assertPartialNamesMatch(manifest);
    }

    @Test
    void aVerifiedClipThatCannotBeRenamedStaysPartialButUsable() {
        source(30, 1.0 / 30);
        bundle.failingWrites.add("video.mp4");

        FinalizedMedia media = finalizeSource();

        Artifact clip = media.clipArtifacts().get(0);
        assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(clip.path()).isEqualTo("video.partial.mp4");
        assertThat(clip.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(clip.error().message()).startsWith("Clip 1 verified but could not be renamed: Could not write");
        assertThat(clip.durationMs()).isEqualTo(ENCODE_MILLIS + VERIFY_MILLIS);
        assertThat(media.usable()).isTrue();
        assertThat(conclude(media).status()).isEqualTo(BundleStatus.PARTIAL);
    }

    // ---- the source ---------------------------------------------------------------------------------

    @Test
    void aSourceWhoseInspectionFailsIsKeptAsPartialEvidenceAndNothingIsEncoded() {
        source(30, 1.0 / 30);
        inspection = new Inspection.NotInspected(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "frame inspection exceeded its 120 s deadline"));

        FinalizedMedia media = finalizeSource();

        assertThat(media.clips()).isEmpty();
        assertThat(mediaSteps).containsExactly("inspect");
        Artifact source = media.source().orElseThrow();
        assertThat(source.kind()).isEqualTo(ArtifactKind.VIDEO);
        assertThat(source.path()).isEqualTo(VideoFinalization.SOURCE_NAME);
        assertThat(source.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(source.mimeType()).isEqualTo(VideoFinalization.MKV);
        assertThat(source.startedAt()).isEqualTo(STARTED.toString());
        assertThat(source.finishedAt()).isEqualTo(STARTED.plusMillis(3_000).toString());
        assertThat(source.error()).isEqualTo(VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                VideoStage.FINALIZATION, "Frame inspection of the source failed: frame inspection exceeded its 120 s "
                        + "deadline", VideoStage.SOURCE));

        Manifest manifest = conclude(media);
        assertThat(manifest.status()).as("a video file is kept (the clip or the retained mkv)").isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.artifacts()).as("the retained source is listed").contains(source);
        assertPartialNamesMatch(manifest);
    }

    @Test
    void aSourceWithoutADecodableFrameIsKeptAsPartialEvidence() {
        source(0, 0);

        FinalizedMedia media = finalizeSource();

        assertThat(media.clips()).isEmpty();
        assertThat(media.frameCount()).isZero();
        assertThat(media.source().orElseThrow().error().message())
                .isEqualTo("The source holds no decodable video frame; it is kept as partial evidence.");
        assertThat(conclude(media).status()).as("a video file is kept (the clip or the retained mkv)").isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aSourceThatCannotBeReadWhenItIsRetainedIsAFailedArtifactWithItsReadError() {
        source(30, 1.0 / 30);
        inspection = new Inspection.NotInspected(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED, "decode error"));
        duringInspection = () -> bundle.unreadable.put(VideoFinalization.SOURCE_NAME,
                FakeVideoBundle.readError(VideoFinalization.SOURCE_NAME));

        FinalizedMedia media = finalizeSource();

        Artifact source = media.source().orElseThrow();
        assertThat(source.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(source.path()).isNull();
        assertThat(source.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(source.error().message()).startsWith("The retained source cannot be read: ")
                .contains("Permission denied (EACCES)");
        assertThat(media.errors()).extracting(BundleError::message)
                .anyMatch(message -> message.startsWith("Frame inspection of the source failed: decode error"))
                .contains(source.error().message());
    }

    /**
     * "The source inspection must treat every decoder error and an early end of the capture file
     * as failure": what decoded is still encoded and verified, but no clip of a damaged source is
     * complete (each keeps .partial), the source is kept with the inspection's failure, and the
     * bundle is partial, never complete.
     */
    @Test
    void aDamagedSourceKeepsItsSourceAndEveryClipPartialAndTheBundleIsNeverComplete() {
        source(30, 1.0 / 30);
        frames.add(new FrameSample(1.0, 640, 720));
        SourceInspection diagnostics = new SourceInspection(null, null, List.of("the Cluster at byte 550 "
                + "fails its CRC-32"), SourceInspection.Verdict.DAMAGED);
        inspection = new Inspection.Damaged(frames, Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "the Cluster at byte 550 fails its CRC-32"), diagnostics);

        FinalizedMedia media = finalizeSource();

        assertThat(mediaSteps).containsExactly("inspect", "encode 1", "verify video.partial.mp4", "encode 2",
                "verify video-0002.partial.mp4");
        assertThat(media.clipArtifacts()).extracting(Artifact::path, Artifact::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("video.partial.mp4", ArtifactStatus.PARTIAL),
                org.assertj.core.groups.Tuple.tuple("video-0002.partial.mp4", ArtifactStatus.PARTIAL));
        assertThat(media.clips()).allSatisfy(clip -> {
            assertThat(clip.usable()).as("it decodes fully").isTrue();
            assertThat(clip.verified()).as("but it is not verified evidence of the recording").isNull();
            assertThat(clip.probed()).as("its probed media is kept").isNotNull();
            assertThat(clip.artifact().error().message()).contains("decoded from a damaged source",
                    "keeps its .partial name");
        });
        assertThat(bundle.files).containsKeys("video.partial.mp4", "video-0002.partial.mp4", VideoFinalization.SOURCE_NAME)
                .doesNotContainKeys("video.mp4", "video-0002.mp4");
        Artifact source = media.source().orElseThrow();
        assertThat(source.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(source.path()).isEqualTo(VideoFinalization.SOURCE_NAME);
        assertThat(source.error()).isEqualTo(VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                VideoStage.FINALIZATION, "The recorded source is damaged or ends early, so it is kept as partial "
                        + "evidence and no clip made from it is complete: the Cluster at byte 550 fails its CRC-32",
                VideoStage.SOURCE));
        assertThat(media.inspection()).isEqualTo(diagnostics);

        Manifest manifest = conclude(media);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.video().mediaDurationMs()).as("no verified clip").isNull();
        assertPartialNamesMatch(manifest);
    }

    @Test
    void aDamagedSourceWithoutADecodableFrameIsKeptAndTheBundleFails() {
        source(0, 0);
        inspection = new Inspection.Damaged(List.of(), Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "the Segment holds no cluster: no frame was recorded"),
                SourceInspection.only(SourceInspection.Verdict.DAMAGED));

        FinalizedMedia media = finalizeSource();

        assertThat(mediaSteps).containsExactly("inspect");
        assertThat(media.clips()).isEmpty();
        assertThat(media.errors()).singleElement().satisfies(error -> assertThat(error.message())
                .contains("damaged or ends early", "holds no cluster"));
        assertThat(media.source().orElseThrow().status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(conclude(media).status()).as("no clip is usable, but the mkv is kept").isEqualTo(BundleStatus.PARTIAL);
    }

    /** A full disk is named: a media step whose output could not be written is noted with its errno. */
    @Test
    void anEncodeThatRanOutOfStorageIsNotedWithItsErrno() {
        source(30, 1.0 / 30);
        encodings.put("video.partial.mp4", new Encoding.NotEncoded(Failure.ofStorage(ErrorCodes.STORAGE_FAILED,
                "Encoding (ffmpeg libx264) exit status 229: its output could not be written, the storage is full "
                        + "(File too large, EFBIG)", Details.NONE, new StorageCause(null, "EFBIG", "File too large"))));
        VideoFinalization finalization = finalization();

        FinalizedMedia media = finalization.finalizeSource(bundle, REQUESTED, STARTED, 3_000);

        assertThat(media.clipArtifacts().get(0).error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(finalization.storageExhaustion()).singleElement().asString().startsWith("EFBIG (Encoding clip 1 "
                + "failed: Encoding (ffmpeg libx264) exit status 229: its output could not be written");
        assertThat(media.source().orElseThrow().status()).as("the source is kept").isEqualTo(ArtifactStatus.PARTIAL);
    }

    // ---- the diagnostics ----------------------------------------------------------------------------

    @Test
    void recorderOutputThatCannotBeRenamedStaysPartialWithTheRenameError() {
        source(30, 1.0 / 30);
        bundle.failingWrites.add(VideoFinalization.ENCODER_STDERR);

        Manifest manifest = conclude(finalizeSource());

        Artifact stderr = artifact(manifest, ArtifactKind.ENCODER_STDERR);
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(stderr.path()).isEqualTo(VideoFinalization.ENCODER_STDERR_PARTIAL);
        assertThat(stderr.error().stage()).isEqualTo(VideoStage.PERSISTENCE);
        assertThat(stderr.error().component()).isEqualTo(VideoStage.ENCODER_STDERR);
        assertThat(stderr.error().message()).startsWith("The recorder output could not be renamed to encoder.stderr.txt");
        assertThat(manifest.status()).as("usable video with a diagnostic error").isEqualTo(BundleStatus.PARTIAL);
        assertPartialNamesMatch(manifest);
    }

    @Test
    void aReceiptThatCannotBeWrittenIsAFailedArtifactWithItsWriteError() {
        source(30, 1.0 / 30);
        bundle.capturesFailure = Failure.of(ErrorCodes.STORAGE_FAILED, "Could not write captures.json: ENOSPC");

        Manifest manifest = conclude(finalizeSource());

        Artifact receipt = artifact(manifest, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(receipt.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(receipt.path()).isNull();
        assertThat(receipt.error()).isEqualTo(VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.PERSISTENCE,
                "captures.json could not be saved: Could not write captures.json: ENOSPC", VideoStage.CAPTURES));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void aReceiptWriteThatLeftPartialBytesListsThemAsAPartialArtifact() {
        source(30, 1.0 / 30);
        byte[] retained = "{\"schemaVersion\":1,\"evid".getBytes(StandardCharsets.UTF_8);
        bundle.put("captures.partial.json", retained);
        bundle.capturesFailure = Failure.of(ErrorCodes.STORAGE_FAILED, "Could not write captures.json: ENOSPC");
        bundle.capturesRetained = new RetainedFile("captures.partial.json", retained.length,
                FakeVideoBundle.sha256(retained));

        Manifest manifest = conclude(finalizeSource());

        Artifact receipt = artifact(manifest, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(receipt.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(receipt.path()).isEqualTo("captures.partial.json");
        assertThat(receipt.bytes()).isEqualTo(retained.length);
        assertThat(receipt.sha256()).isEqualTo(FakeVideoBundle.sha256(retained));
        assertThat(receipt.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertPartialNamesMatch(manifest);
    }

    // ---- read-back before the manifest ------------------------------------------------------------------

    /** An artifact that cannot be read back is failed with an error naming its file; the component is video's. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"video.partial.mp4, video", "capture.partial.mkv, video", "encoder.stderr.txt, video",
        "captures.json, video"})
    void anArtifactThatCannotBeReadBackNamesItsComponent(String file, String component) {
        source(30, 1.0 / 30);
        verdicts.put("video.partial.mp4", new ClipVerification.Rejected(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "the full decode ended at frame 12 of 30"), null, false));
        FinalizedMedia media = finalizeSource();
        List<BundleError> errors = new ArrayList<>();
        VideoFinalization finalization = finalization();
        List<Artifact> others = List.of(
                finalization.recorderOutput(bundle, output(), STARTED, STARTED.plusSeconds(3), 3_000, null, errors),
                finalization.receipt(bundle, captures(media), STARTED.plusSeconds(3), clock.nanoTime(), errors));
        bundle.unreadable.put(file, FakeVideoBundle.readError(file));

        Manifest manifest = finalization.conclude(bundle, base(), STARTED.plusSeconds(4).toString(),
                StopReason.REQUESTED, 3_000L, media, others, errors);

        assertThat(manifest.errors()).filteredOn(error -> error.message().startsWith(file + " cannot be read back"))
                .singleElement().satisfies(error -> {
                    assertThat(error.component()).isEqualTo(component);
                    assertThat(error.stage()).isEqualTo(VideoStage.PERSISTENCE);
                });
        assertThat(manifest.artifacts()).filteredOn(a -> a.status() == ArtifactStatus.FAILED).singleElement()
                .satisfies(failed -> assertThat(failed.path()).isNull());
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private void source(int count, double frameInterval) {
        for (int i = 0; i < count; i++) {
            frames.add(new FrameSample(i * frameInterval, 324, 720));
        }
        bundle.put(VideoFinalization.SOURCE_NAME, "matroska source".getBytes(StandardCharsets.UTF_8));
    }

    private VideoFinalization finalization() {
        MediaInspector inspector = source -> {
            mediaSteps.add("inspect");
            duringInspection.run();
            return inspection != null ? inspection : new Inspection.Inspected(frames);
        };
        ClipEncoder encoder = (source, run, target, output) -> {
            String name = output.getFileName().toString();
            mediaSteps.add("encode " + run.index());
            clock.advanceMillis(ENCODE_MILLIS);
            if (!encoderLeavesNothing.contains(name)) {
                bundle.put(name, ("h264 clip " + run.index()).getBytes(StandardCharsets.UTF_8));
            }
            return encodings.getOrDefault(name, new Encoding.Encoded(""));
        };
        ClipVerifier verifier = (clip, expected, frameCount) -> {
            mediaSteps.add("verify " + clip.getFileName());
            clock.advanceMillis(VERIFY_MILLIS);
            long durationMs = frames.size() < 2 ? 0 : Math.round(frames.get(frames.size() - 1).timestampSeconds() * 1000);
            return verdicts.getOrDefault(clip.getFileName().toString(), new ClipVerification.Verified(
                    new MediaInfo("h264", expected.width(), expected.height(), durationMs, frameCount)));
        };
        return new VideoFinalization(inspector, encoder, verifier, clock.wallClockFrom(STARTED), clock);
    }

    private FinalizedMedia finalizeSource() {
        return finalization().finalizeSource(bundle, REQUESTED, STARTED, 3_000);
    }

    private Manifest conclude(FinalizedMedia media) {
        VideoFinalization finalization = finalization();
        List<BundleError> errors = new ArrayList<>();
        List<Artifact> others = new ArrayList<>();
        others.add(finalization.recorderOutput(bundle, output(), STARTED, STARTED.plusSeconds(3), 3_000, null, errors));
        others.add(finalization.receipt(bundle, captures(media), STARTED.plusSeconds(3), clock.nanoTime(), errors));
        return finalization.conclude(bundle, base(), STARTED.plusSeconds(4).toString(), StopReason.REQUESTED, 3_000L,
                media, others, errors);
    }

    private static RecorderOutput output() {
        byte[] bytes = "INFO: recording\n".getBytes(StandardCharsets.UTF_8);
        return new RecorderOutput(bytes, bytes.length, false);
    }

    private CapturesFile captures(FinalizedMedia media) {
        Timing timing = new Timing(STARTED.toString(), STARTED.plusSeconds(3).toString(), 3_000);
        return new CapturesFile(List.of(new VideoCaptureRecord(VideoCaptureRecord.KIND, VideoSession.SCRCPY,
                "session-1", 0, true, media.allVerified(), media.segments(), media.errors(), null, timing, timing,
                null)));
    }

    private static Manifest base() {
        DeviceInfo device = new DeviceInfo("emulator-5554", null, "0.1.0", null, 34, "14", "Google", "Pixel 8",
                DeviceType.EMULATOR, new DeviceTypeProperties("1", null), new DisplayInfo(1080, 2400, 420, 0));
        return new Manifest(Manifest.SCHEMA_VERSION, EVIDENCE_ID, null, CallerContext.EMPTY, device, STARTED.toString(), null,
                BundleStatus.FINALIZING, List.of(), List.of(),
                new VideoInfo(30, 3_000L, null, REQUESTED, null, VideoManifests.CODEC, StopReason.REQUESTED));
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    /** The conformance rule on names: ".partial." exactly on partial artifacts; every artifact error is a bundle error. */
    private static void assertPartialNamesMatch(Manifest manifest) {
        for (Artifact artifact : manifest.artifacts()) {
            if (artifact.path() != null) {
                assertThat(artifact.path().contains(".partial.")).as(artifact.path())
                        .isEqualTo(artifact.status() == ArtifactStatus.PARTIAL);
            }
            if (artifact.error() != null) {
                assertThat(manifest.errors()).contains(artifact.error());
            }
        }
    }
}
