package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.Details;
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
import com.androperator.evidence.contracts.VideoSegment;
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
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.video.model.VideoSession;

/**
 * Finalization on port fakes: an in-memory bundle, an inspector returning chosen frames, an encoder
 * that "writes" each clip, and a verifier with a verdict per clip. Each test names the spec
 * sentence ("Managed video", "Video artifacts and recovery") it pins down.
 */
class VideoFinalizationTest {
    private static final VideoSize REQUESTED = new VideoSize(324, 720);
    private static final String EVIDENCE_ID = "0190f7c2-0000-7000-8000-000000000001";
    private static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    private final FakeVideoBundle bundle = new FakeVideoBundle();
    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final Instant started = Instant.parse("2026-03-01T10:00:00Z");
    private final WallClock wall = clock.wallClockFrom(started);
    private final Map<String, ClipVerification> verdicts = new HashMap<>();
    private final List<FrameSample> frames = new ArrayList<>();

    // ---- "The intermediate MKV is removed only after every clip is verified and its artifact can be read." --

    @Test
    void everyClipVerifiedPromotesEveryClipAndRemovesTheIntermediateMkv() {
        source(frames(324, 720, 30), frames(648, 720, 20), frames(324, 720, 10));

        FinalizedMedia media = finalizeSource();

        assertThat(media.clipArtifacts()).extracting(Artifact::path)
                .containsExactly("video.mp4", "video-0002.mp4", "video-0003.mp4");
        assertThat(media.clipArtifacts()).allSatisfy(clip -> assertThat(clip.status()).isEqualTo(ArtifactStatus.COMPLETE));
        assertThat(bundle.files).containsOnlyKeys("video.mp4", "video-0002.mp4", "video-0003.mp4");
        assertThat(media.source()).isEmpty();
        assertThat(media.allVerified()).isTrue();
        assertThat(media.frameCount()).isEqualTo(60);
        assertThat(media.mediaDurationMs()).as("the sum of verified clip durations").isEqualTo((30 + 20 + 10) * 33L);
        assertThat(media.actualSize()).as("null when clip sizes differ").isNull();
        assertThat(media.segments()).extracting(VideoSegment::frames).containsExactly(30L, 20L, 10L);
        assertThat(media.segments()).extracting(VideoSegment::actualSize).doesNotContainNull();
        assertThat(media.segments().get(2).end()).as("the last span has no end").isNull();

        Manifest manifest = conclude(media, base(List.of()), output("INFO: recording\n"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.errors()).isEmpty();
        assertThat(manifest.artifacts()).extracting(a -> a.kind().wire())
                .containsExactly("video", "video", "video", "encoder_stderr", "capture_envelopes");
        assertConsistent(manifest);
    }

    @Test
    void aSingleSizeRecordingReportsItsActualSize() {
        source(frames(324, 720, 30));

        FinalizedMedia media = finalizeSource();

        assertThat(media.actualSize()).isEqualTo(REQUESTED);
        assertThat(conclude(media, base(List.of()), output("")).video().actualSize()).isEqualTo(REQUESTED);
    }

    // ---- "Successfully verified clips remain available if another clip fails." / MKV kept as partial evidence --

    @Test
    void oneClipFailingKeepsTheVerifiedClipsAndTheMkvAsPartialEvidenceAndTheBundleIsPartial() {
        source(frames(324, 720, 30), frames(648, 720, 20), frames(324, 720, 10));
        MediaInfo probed = new MediaInfo("h264", 648, 720, 396, 12);
        verdicts.put("video-0002.partial.mp4", new ClipVerification.Rejected(new Failure(
                ErrorCodes.VIDEO_VERIFICATION_FAILED, "the full decode ended at frame 12 of 20", Details.fromJson(Map.of())), probed, false));

        FinalizedMedia media = finalizeSource();

        assertThat(media.clipArtifacts()).extracting(Artifact::path, Artifact::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("video.mp4", ArtifactStatus.COMPLETE),
                org.assertj.core.groups.Tuple.tuple("video-0002.partial.mp4", ArtifactStatus.PARTIAL),
                org.assertj.core.groups.Tuple.tuple("video-0003.mp4", ArtifactStatus.COMPLETE));
        Artifact failed = media.clipArtifacts().get(1);
        assertThat(media.clips().get(1).probed()).as("available probe metadata is retained on verification failure")
                .isEqualTo(probed);
        assertThat(media.segments().get(1).codec()).isEqualTo(probed.codec());
        assertThat(media.segments().get(1).mediaDurationMs()).isEqualTo(probed.durationMs());
        assertThat(failed.error().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED);
        assertThat(failed.error().message()).contains("the full decode ended at frame 12 of 20");
        assertThat(bundle.files).containsKeys("video.mp4", "video-0002.partial.mp4", "video-0003.mp4",
                VideoFinalization.SOURCE_NAME);
        assertThat(media.source()).hasValueSatisfying(source -> {
            assertThat(source.kind()).isEqualTo(ArtifactKind.VIDEO);
            assertThat(source.mimeType()).isEqualTo("video/x-matroska");
            assertThat(source.path()).isEqualTo(VideoFinalization.SOURCE_NAME);
            assertThat(source.status()).isEqualTo(ArtifactStatus.PARTIAL);
            assertThat(source.error()).isNotNull();
        });
        assertThat(media.clips().get(1).verified()).isNull();
        assertThat(media.segments().get(1).error()).isEqualTo(failed.error());
        assertThat(media.usable()).isTrue();
        assertThat(media.allVerified()).isFalse();
        assertThat(media.mediaDurationMs()).as("only verified clips count").isEqualTo((30 + 10) * 33L);

        Manifest manifest = conclude(media, base(List.of()), output(""));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.video().actualSize()).isNull();
        assertConsistent(manifest);
    }

    @Test
    void aRejectedOnlyClipMakesTheBundlePartialAndKeepsItsBytesProbeMetadataAndTheMkv() {
        source(frames(324, 720, 30));
        MediaInfo probed = new MediaInfo("h264", 324, 720, 990, 30);
        verdicts.put("video.partial.mp4", new ClipVerification.Rejected(new Failure(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                "the decoder reported: corrupt macroblock", Details.fromJson(Map.of())), probed, false));

        FinalizedMedia media = finalizeSource();
        Manifest manifest = conclude(media, base(List.of()), output(""));

        assertThat(manifest.status()).as("a video artifact has a file").isEqualTo(BundleStatus.PARTIAL);
        Artifact clip = manifest.artifacts().get(0);
        assertThat(clip.path()).isEqualTo("video.partial.mp4");
        assertThat(clip.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(clip.bytes()).isPositive();
        assertThat(media.segments().get(0).actualSize()).isEqualTo(new VideoSize(324, 720));
        assertThat(bundle.files).containsKeys("video.partial.mp4", VideoFinalization.SOURCE_NAME);
        assertThat(manifest.video().mediaDurationMs()).isNull();
        assertConsistent(manifest);
    }

    // ---- "Artifact-read failures retain their underlying error; an unreadable video fails the bundle" -------

    @Test
    void aVerifiedClipThatCannotBeReadIsFailedWithItsReadErrorKeepsTheMkvAndFailsTheBundle() {
        source(frames(324, 720, 30));
        bundle.unreadable.put("video.mp4", FakeVideoBundle.readError("video.mp4"));

        FinalizedMedia media = finalizeSource();

        Artifact clip = media.clipArtifacts().get(0);
        assertThat(clip.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(clip.path()).isNull();
        assertThat(clip.error().code()).as("the underlying error's code").isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(clip.error().message()).contains("Permission denied (EACCES)");
        assertThat(media.usable()).isFalse();
        assertThat(bundle.files).as("the MKV stays unless every clip can be read").containsKey(VideoFinalization.SOURCE_NAME);
        assertThat(media.source()).isPresent();

        Manifest manifest = conclude(media, base(List.of()), output(""));
        assertThat(manifest.status()).as("the retained mkv is a video file").isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.errors()).contains(clip.error());
        assertConsistent(manifest);
    }

    @Test
    void aClipThatCannotBeReadBackBeforeTheManifestFailsTheBundle() {
        source(frames(324, 720, 30));
        FinalizedMedia media = finalizeSource();
        assertThat(media.allVerified()).isTrue();
        bundle.unreadable.put("video.mp4", FakeVideoBundle.readError("video.mp4"));

        Manifest manifest = conclude(media, base(List.of()), output(""));

        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        Artifact clip = manifest.artifacts().get(0);
        assertThat(clip.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(clip.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(clip.error().message()).contains("video.mp4 cannot be read back").contains("Permission denied (EACCES)");
        assertThat(media.segments().get(0).codec()).as("what was verified stays on record").isNotNull();
        assertThat(manifest.video().mediaDurationMs()).isNull();
        assertConsistent(manifest);
    }

    @Test
    void anUnreadableSourceRetainsItsReadError() {
        source(frames(324, 720, 30));
        bundle.unreadable.put(VideoFinalization.SOURCE_NAME, FakeVideoBundle.readError(VideoFinalization.SOURCE_NAME));

        FinalizedMedia media = finalizeSource();
        Manifest manifest = conclude(media, base(List.of()), output(""));

        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(media.source()).hasValueSatisfying(source -> {
            assertThat(source.status()).isEqualTo(ArtifactStatus.FAILED);
            assertThat(source.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
            assertThat(source.error().message()).contains("Permission denied (EACCES)");
        });
        assertConsistent(manifest);
    }

    // ---- "an unreadable receipt or stderr makes usable video partial" ---------------------------------------

    @Test
    void anUnreadableReceiptMakesUsableVideoPartialAndKeepsItsReadError() {
        source(frames(324, 720, 30));
        FinalizedMedia media = finalizeSource();
        bundle.unreadable.put("captures.json", FakeVideoBundle.readError("captures.json"));

        Manifest manifest = conclude(media, base(List.of()), output("INFO: x\n"));

        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(artifact(manifest, ArtifactKind.VIDEO).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact receipt = artifact(manifest, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(receipt.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(receipt.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(receipt.error().message()).contains("Permission denied (EACCES)");
        assertConsistent(manifest);
    }

    @Test
    void anUnreadableStderrMakesUsableVideoPartialAndKeepsItsReadError() {
        source(frames(324, 720, 30));
        FinalizedMedia media = finalizeSource();
        bundle.unreadable.put(VideoFinalization.ENCODER_STDERR, FakeVideoBundle.readError(VideoFinalization.ENCODER_STDERR));

        Manifest manifest = conclude(media, base(List.of()), output("INFO: x\n"));

        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(artifact(manifest, ArtifactKind.VIDEO).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact stderr = artifact(manifest, ArtifactKind.ENCODER_STDERR);
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(stderr.error().message()).contains("Permission denied (EACCES)");
        assertConsistent(manifest);
    }

    @Test
    void aStderrThatCannotBeWrittenAndAReceiptThatChangedAreNotReportedComplete() {
        source(frames(324, 720, 30));
        FinalizedMedia media = finalizeSource();
        bundle.failingWrites.add(VideoFinalization.ENCODER_STDERR_PARTIAL);
        VideoFinalization finalization = finalization();
        List<BundleError> errors = new ArrayList<>();
        Artifact stderr = finalization.recorderOutput(bundle, output("INFO: x\n"), started, started.plusSeconds(3), 3000,
                null, errors);
        Artifact receipt = finalization.receipt(bundle, captures(media), started, clock.nanoTime(), errors);
        bundle.files.put("captures.json", "{}".getBytes(StandardCharsets.UTF_8));

        Manifest manifest = finalization.conclude(bundle, base(List.of()), started.plusSeconds(4).toString(),
                StopReason.REQUESTED, 3000L, media, List.of(stderr, receipt), errors);

        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(artifact(manifest, ArtifactKind.ENCODER_STDERR).status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(artifact(manifest, ArtifactKind.ENCODER_STDERR).error().message())
                .contains("No space left on device (ENOSPC)");
        Artifact changed = artifact(manifest, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(changed.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(changed.error().message()).contains("changed after it was written");
        assertConsistent(manifest);
    }

    // ---- "Metadata failures also produce partial status when the video is usable." -------------------------

    @Test
    void aMetadataFailureMakesUsableVideoPartial() {
        source(frames(324, 720, 30));
        BundleError metadata = new BundleError(ErrorCodes.METADATA_UNAVAILABLE, "metadata",
                "The API level could not be read: getprop timed out", "apiLevel");

        Manifest manifest = conclude(finalizeSource(), base(List.of(metadata)), output(""));

        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.artifacts()).allSatisfy(a -> assertThat(a.status()).isEqualTo(ArtifactStatus.COMPLETE));
        assertThat(manifest.errors()).containsExactly(metadata);
    }

    // ---- encoder.stderr.txt: "Retention is capped at 1 MiB" / "An empty diagnostic artifact is valid and hashed" --

    @Test
    void recorderOutputCutAtOneMebibyteIsAPartialArtifactAndABundleErrorWhileTheVideoStaysUsable() {
        source(frames(324, 720, 30));
        byte[] retained = new byte[VideoLimits.RECORDER_OUTPUT_CAP_BYTES];
        Arrays.fill(retained, (byte) 'x');

        Manifest manifest = conclude(finalizeSource(), base(List.of()),
                new RecorderOutput(retained, 3L * VideoLimits.RECORDER_OUTPUT_CAP_BYTES, true));

        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(artifact(manifest, ArtifactKind.VIDEO).status()).isEqualTo(ArtifactStatus.COMPLETE);
        Artifact stderr = artifact(manifest, ArtifactKind.ENCODER_STDERR);
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(stderr.path()).isEqualTo("encoder.stderr.partial.txt");
        assertThat(stderr.bytes()).isEqualTo(VideoLimits.RECORDER_OUTPUT_CAP_BYTES);
        assertThat(stderr.sha256()).isEqualTo(FakeVideoBundle.sha256(retained));
        assertThat(stderr.error().code()).isEqualTo(ErrorCodes.ARTIFACT_TRUNCATED);
        assertThat(manifest.errors()).containsExactly(stderr.error());
        assertThat(bundle.files).doesNotContainKey(VideoFinalization.ENCODER_STDERR);
        assertConsistent(manifest);
    }

    @Test
    void anEmptyRecorderOutputIsAValidHashedCompleteArtifact() {
        source(frames(324, 720, 30));

        Manifest manifest = conclude(finalizeSource(), base(List.of()), output(""));

        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        Artifact stderr = artifact(manifest, ArtifactKind.ENCODER_STDERR);
        assertThat(stderr.status()).isEqualTo(ArtifactStatus.COMPLETE);
        assertThat(stderr.path()).isEqualTo("encoder.stderr.txt");
        assertThat(stderr.bytes()).isZero();
        assertThat(stderr.sha256()).isEqualTo(EMPTY_SHA256);
        assertConsistent(manifest);
    }

    // ---- helpers ----------------------------------------------------------------------------

    private VideoFinalization finalization() {
        MediaInspector inspector = source -> new Inspection.Inspected(frames);
        ClipEncoder encoder = (source, run, target, output) -> {
            bundle.put(output.getFileName().toString(),
                    ("h264 clip " + run.index() + " " + target.width() + "x" + target.height())
                            .getBytes(StandardCharsets.UTF_8));
            clock.advanceMillis(40);
            return new Encoding.Encoded("");
        };
        ClipVerifier verifier = (clip, expected, frameCount) -> {
            clock.advanceMillis(25);
            return verdicts.getOrDefault(clip.getFileName().toString(), new ClipVerification.Verified(
                    new MediaInfo("h264", expected.width(), expected.height(), frameCount * 33L, frameCount)));
        };
        return new VideoFinalization(inspector, encoder, verifier, wall, clock);
    }

    private FinalizedMedia finalizeSource() {
        return finalization().finalizeSource(bundle, REQUESTED, started, 3000);
    }

    private Manifest conclude(FinalizedMedia media, Manifest base, RecorderOutput output) {
        VideoFinalization finalization = finalization();
        List<BundleError> errors = new ArrayList<>();
        List<Artifact> others = new ArrayList<>();
        others.add(finalization.recorderOutput(bundle, output, started, started.plusSeconds(3), 3000, null, errors));
        others.add(finalization.receipt(bundle, captures(media), started.plusSeconds(3), clock.nanoTime(), errors));
        return finalization.conclude(bundle, base, started.plusSeconds(4).toString(), StopReason.REQUESTED, 3000,
                media, others, errors);
    }

    private CapturesFile captures(FinalizedMedia media) {
        Timing timing = new Timing(started.toString(), started.plusSeconds(3).toString(), 3000);
        String first = media.clips().isEmpty() ? null : media.clips().get(0).artifact().path();
        return new CapturesFile(List.of(new VideoCaptureRecord(VideoCaptureRecord.KIND, VideoSession.SCRCPY,
                "session-1", 0, true, media.allVerified(), media.segments(), media.errors(), first, timing, timing,
                null)));
    }

    private Manifest base(List<BundleError> metadataErrors) {
        DeviceInfo device = new DeviceInfo("emulator-5554", null, "0.1.0", null,
                metadataErrors.isEmpty() ? 34 : null, "14", "Google", "Pixel 8", DeviceType.EMULATOR,
                new DeviceTypeProperties("1", null), new DisplayInfo(1080, 2400, 420, 0));
        return new Manifest(Manifest.SCHEMA_VERSION, EVIDENCE_ID, null, CallerContext.EMPTY, device, started.toString(), null,
                BundleStatus.RECORDING, List.of(), metadataErrors,
                new VideoInfo(30, 0, null, REQUESTED, null, VideoManifests.CODEC, null));
    }

    private static RecorderOutput output(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new RecorderOutput(bytes, bytes.length, false);
    }

    @SafeVarargs
    private void source(List<FrameSample>... runs) {
        double time = 0;
        for (List<FrameSample> run : runs) {
            for (FrameSample frame : run) {
                frames.add(new FrameSample(time, frame.width(), frame.height()));
                time += 1.0 / 30;
            }
        }
        bundle.put(VideoFinalization.SOURCE_NAME, "matroska source".getBytes(StandardCharsets.UTF_8));
    }

    private static List<FrameSample> frames(int width, int height, int count) {
        List<FrameSample> run = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            run.add(new FrameSample(0, width, height));
        }
        return run;
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    /** What the conformance verifier demands of these fields: errors recorded, .partial. names exactly on partials. */
    private static void assertConsistent(Manifest manifest) {
        assertThat(manifest.finishedAt()).isNotNull();
        for (Artifact artifact : manifest.artifacts()) {
            if (artifact.error() != null) {
                assertThat(manifest.errors()).as("the error of %s is recorded", artifact.path()).contains(artifact.error());
            }
            if (artifact.path() != null) {
                assertThat(artifact.path().contains(".partial."))
                        .as(".partial. name of %s (%s)", artifact.path(), artifact.status())
                        .isEqualTo(artifact.status() == ArtifactStatus.PARTIAL);
            }
        }
        if (manifest.status() == BundleStatus.COMPLETE) {
            assertThat(manifest.errors()).isEmpty();
            assertThat(manifest.artifacts()).allSatisfy(a -> assertThat(a.status()).isEqualTo(ArtifactStatus.COMPLETE));
        }
    }
}
