package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.SpanRecord;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.video.VideoBundleFiles.Stored;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the recorded source into verified clips: inspect every decoded frame of the whole source,
 * split it into runs of equal size, encode each run to its own .partial MP4 and verify it by probe
 * and full decode. Only verified clips lose .partial. The source is removed only when every clip
 * is verified and readable; otherwise it stays as partial evidence. Nothing is ever recaptured.
 */
public final class VideoFinalization {
    /** The intermediate source in the bundle once recording has ended. */
    public static final String SOURCE_NAME = "capture.partial.mkv";
    /** While recording, the source lives in the worker's control/ directory, outside the listed bundle. */
    public static final String LIVE_SOURCE = "control/" + SOURCE_NAME;
    public static final String MP4 = "video/mp4";
    public static final String MKV = "video/x-matroska";

    private final MediaInspector inspector;
    private final ClipEncoder encoder;
    private final ClipVerifier verifier;
    private final WallClock wallClock;
    private final MonotonicClock monotonicClock;

    public VideoFinalization(MediaInspector inspector, ClipEncoder encoder, ClipVerifier verifier,
                             WallClock wallClock, MonotonicClock monotonicClock) {
        this.inspector = inspector;
        this.encoder = encoder;
        this.verifier = verifier;
        this.wallClock = wallClock;
        this.monotonicClock = monotonicClock;
    }

    /**
     * @param requestedSize the exact size of the first clip; later clips stay within its longest edge
     * @param recordingStartedAt host UTC time the recorder started, for the source artifact's timing
     * @param recordingDurationMs monotonic duration of the recording, for the source artifact's timing
     */
    public FinalizedMedia finalizeSource(VideoBundleFiles bundle, VideoSize requestedSize,
                                         Instant recordingStartedAt, long recordingDurationMs) {
        List<BundleError> errors = new ArrayList<>();
        Stored sourceFile = bundle.describe(SOURCE_NAME);
        if (!(sourceFile instanceof Stored.Present)) {
            String why = sourceFile instanceof Stored.Failed failed ? failed.failure().message() : "it does not exist";
            errors.add(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.FINALIZATION,
                    "The recorder left no readable capture file (" + SOURCE_NAME + "): " + why + ".", VideoStage.SOURCE));
            return new FinalizedMedia(List.of(), Optional.empty(), List.of(), errors, false, false, null, null, 0);
        }
        Inspection inspection = inspector.inspect(bundle.directory().resolve(SOURCE_NAME));
        if (inspection instanceof Inspection.NotInspected notInspected) {
            BundleError error = fromFailure(notInspected.failure(), "Frame inspection of the source failed",
                    VideoStage.SOURCE);
            errors.add(error);
            return new FinalizedMedia(List.of(), Optional.of(retainedSource(bundle, recordingStartedAt,
                    recordingDurationMs, error)), List.of(), errors, false, false, null, null, 0);
        }
        List<FrameSample> frames = ((Inspection.Inspected) inspection).frames();
        if (frames.isEmpty()) {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.FINALIZATION,
                    "The source holds no decodable video frame; it is kept as partial evidence.", VideoStage.SOURCE);
            errors.add(error);
            return new FinalizedMedia(List.of(), Optional.of(retainedSource(bundle, recordingStartedAt,
                    recordingDurationMs, error)), List.of(), errors, false, false, null, null, 0);
        }

        List<FrameRun> runs = FrameRuns.of(frames);
        int initialEdge = VideoSizing.longestEdge(requestedSize);
        List<Artifact> clips = new ArrayList<>();
        List<SpanRecord> spans = new ArrayList<>();
        List<MediaInfo> verified = new ArrayList<>();
        boolean usable = false;
        for (FrameRun run : runs) {
            VideoSize target = run.index() == 1 ? requestedSize : VideoSizing.laterClip(run.size(), initialEdge);
            ClipResult result = encodeAndVerify(bundle, run, target);
            clips.add(result.artifact());
            if (result.artifact().error() != null) {
                errors.add(result.artifact().error());
            }
            if (result.verified() != null) {
                verified.add(result.verified());
            }
            usable |= result.usable();
            spans.add(new SpanRecord(run.index(), run.startSeconds(), run.endSeconds(), run.frameCount(),
                    run.size().width(), run.size().height(), result.artifact().path(), result.verified(),
                    result.artifact().error()));
        }
        boolean allVerified = verified.size() == runs.size();
        Optional<Artifact> source = Optional.empty();
        if (allVerified && everyClipReadable(bundle, clips)) {
            if (!bundle.remove(SOURCE_NAME)) {
                BundleError error = VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.FINALIZATION,
                        "Every clip verified, but the intermediate " + SOURCE_NAME + " could not be removed.",
                        VideoStage.SOURCE);
                errors.add(error);
                source = Optional.of(retainedSource(bundle, recordingStartedAt, recordingDurationMs, error));
            }
        } else {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.FINALIZATION,
                    "Not every clip verified, so the source is kept as partial evidence (it does not promise correctly "
                            + "framed playback across display size changes).", VideoStage.SOURCE);
            errors.add(error);
            source = Optional.of(retainedSource(bundle, recordingStartedAt, recordingDurationMs, error));
        }
        Long mediaDuration = verified.isEmpty() ? null : verified.stream().mapToLong(MediaInfo::durationMs).sum();
        VideoSize actual = commonSize(verified, allVerified);
        return new FinalizedMedia(clips, source, spans, errors, usable, allVerified,
                mediaDuration, actual, frames.size());
    }

    private record ClipResult(Artifact artifact, MediaInfo verified, boolean usable) {
    }

    private ClipResult encodeAndVerify(VideoBundleFiles bundle, FrameRun run, VideoSize target) {
        String partialName = FrameRuns.partialClipName(run.index());
        String finalName = FrameRuns.clipName(run.index());
        Instant started = wallClock.now();
        long startNanos = monotonicClock.nanoTime();
        Encoding encoding = encoder.encode(bundle.directory().resolve(SOURCE_NAME), run, target,
                bundle.directory().resolve(partialName));
        bundle.makePrivate(partialName);
        if (encoding instanceof Encoding.NotEncoded notEncoded) {
            BundleError error = fromFailure(notEncoded.failure(), "Encoding clip " + run.index() + " failed", finalName);
            return new ClipResult(partialOrFailed(bundle, partialName, started, startNanos, null, error), null, false);
        }
        ClipVerification verification = verifier.verify(bundle.directory().resolve(partialName), target, run.frameCount());
        if (verification instanceof ClipVerification.Rejected rejected) {
            BundleError error = fromFailure(rejected.failure(), "Clip " + run.index() + " failed verification", finalName);
            return new ClipResult(partialOrFailed(bundle, partialName, started, startNanos, rejected.probed(), error),
                    null, false);
        }
        MediaInfo media = ((ClipVerification.Verified) verification).media();
        if (run.zeroDuration()) {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.FINALIZATION,
                    "Clip " + run.index() + " covers no media time (" + run.frameCount() + " frame(s) at one timestamp, an "
                            + "idle screen): it decodes but a zero-duration recording is not complete.", finalName);
            return new ClipResult(partialOrFailed(bundle, partialName, started, startNanos, media, error), null, true);
        }
        Stored promoted = bundle.promote(partialName, finalName);
        if (promoted instanceof Stored.Failed failed) {
            BundleError error = fromFailure(failed.failure(), "Clip " + run.index() + " verified but could not be renamed",
                    finalName);
            return new ClipResult(partialOrFailed(bundle, partialName, started, startNanos, media, error), null, true);
        }
        Stored.Present present = (Stored.Present) promoted;
        Instant finished = wallClock.now();
        Artifact artifact = new Artifact(ArtifactKind.VIDEO, present.path(), MP4, ArtifactStatus.COMPLETE,
                present.bytes(), present.sha256(), started.toString(), finished.toString(), elapsedMs(startNanos),
                null, null, null, media, null);
        return new ClipResult(artifact, media, true);
    }

    private Artifact partialOrFailed(VideoBundleFiles bundle, String partialName, Instant started, long startNanos,
                                     MediaInfo probed, BundleError error) {
        Stored file = bundle.describe(partialName);
        Instant finished = wallClock.now();
        if (file instanceof Stored.Present present) {
            return new Artifact(ArtifactKind.VIDEO, present.path(), MP4, ArtifactStatus.PARTIAL, present.bytes(),
                    present.sha256(), started.toString(), finished.toString(), elapsedMs(startNanos), null, null, null,
                    probed, error);
        }
        return new Artifact(ArtifactKind.VIDEO, null, MP4, ArtifactStatus.FAILED, null, null, started.toString(),
                finished.toString(), elapsedMs(startNanos), null, null, null, probed, error);
    }

    private Artifact retainedSource(VideoBundleFiles bundle, Instant recordingStartedAt, long recordingDurationMs,
                                    BundleError why) {
        Stored file = bundle.describe(SOURCE_NAME);
        Instant finished = recordingStartedAt.plusMillis(recordingDurationMs);
        if (file instanceof Stored.Present present) {
            return new Artifact(ArtifactKind.VIDEO_SOURCE, present.path(), MKV, ArtifactStatus.PARTIAL, present.bytes(),
                    present.sha256(), recordingStartedAt.toString(), finished.toString(), recordingDurationMs, null, null,
                    null, null, why);
        }
        BundleError unreadable = file instanceof Stored.Failed failed
                ? fromFailure(failed.failure(), "The retained source could not be read", VideoStage.SOURCE)
                : why;
        return new Artifact(ArtifactKind.VIDEO_SOURCE, null, MKV, ArtifactStatus.FAILED, null, null,
                recordingStartedAt.toString(), finished.toString(), recordingDurationMs, null, null, null, null, unreadable);
    }

    private static boolean everyClipReadable(VideoBundleFiles bundle, List<Artifact> clips) {
        for (Artifact clip : clips) {
            if (!(bundle.describe(clip.path()) instanceof Stored.Present present) || !present.sha256().equals(clip.sha256())) {
                return false;
            }
        }
        return true;
    }

    private static VideoSize commonSize(List<MediaInfo> verified, boolean allVerified) {
        if (verified.isEmpty() || !allVerified) {
            return null;
        }
        MediaInfo first = verified.get(0);
        for (MediaInfo media : verified) {
            if (media.width() != first.width() || media.height() != first.height()) {
                return null;
            }
        }
        return new VideoSize(first.width(), first.height());
    }

    private long elapsedMs(long startNanos) {
        return Math.max(0, (monotonicClock.nanoTime() - startNanos) / 1_000_000L);
    }

    static BundleError fromFailure(Failure failure, String what, String component) {
        return VideoStage.error(failure.code(), VideoStage.FINALIZATION, what + ": " + failure.message(), component);
    }
}
