package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipEncoder;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.port.video.ClipVerifier;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.port.video.MediaInspector;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.video.FinalizedMedia.Clip;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.model.FrameSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Turns a recording into the artifacts of its terminal manifest.
 *
 * <p>The source: inspect every decoded frame of the whole source, split it into runs of equal
 * size, encode each run to its own .partial MP4 and verify it by probe and full decode. Only
 * verified clips lose .partial. The source is removed only when it is whole (the inspection found
 * no decoder error, no failed container check and no early end) and every clip is verified and
 * can be read back; otherwise it stays as partial evidence. The clips of a damaged source are
 * made and verified all the same, but stay partial. Nothing is ever recaptured.
 *
 * <p>The diagnostics: the recorder's retained output (encoder.stderr.txt, both of its streams;
 * an empty one is valid and hashed; one cut at 1 MiB stays a .partial. artifact with an error) and
 * the host recorder receipt (captures.json).
 *
 * <p>The conclusion: every listed artifact is read back before the terminal manifest is derived,
 * so that nothing unreadable is reported complete. A read failure keeps its underlying error; an
 * unreadable clip is no longer usable (so an unreadable video fails the bundle), while an
 * unreadable receipt or stderr, like a metadata failure, makes usable video partial.
 */
public final class VideoFinalization {
    /** The intermediate source in the bundle once recording has ended. */
    public static final String SOURCE_NAME = BundleFileNames.RECORDING_SOURCE;
    /** While recording, the source lives in the worker's control/ directory, outside the listed bundle. */
    public static final String LIVE_SOURCE = BundleFileNames.CONTROL + "/" + SOURCE_NAME;
    public static final String ENCODER_STDERR = BundleFileNames.ENCODER_STDERR;
    public static final String ENCODER_STDERR_PARTIAL = BundleFileNames.ENCODER_STDERR_PARTIAL;
    public static final String MP4 = "video/mp4";
    public static final String MKV = "video/x-matroska";
    static final String TEXT = "text/plain";
    private static final String JSON = "application/json";

    private final MediaInspector inspector;
    private final ClipEncoder encoder;
    private final ClipVerifier verifier;
    private final WallClock wallClock;
    private final MonotonicClock monotonicClock;
    private final FailureErrors failures = new FailureErrors();
    private final ArtifactReadBack readBack = new ArtifactReadBack(failures);
    private final StoredArtifacts writes = new StoredArtifacts(failures);

    public VideoFinalization(MediaInspector inspector, ClipEncoder encoder, ClipVerifier verifier,
                             WallClock wallClock, MonotonicClock monotonicClock) {
        this.inspector = inspector;
        this.encoder = encoder;
        this.verifier = verifier;
        this.wallClock = wallClock;
        this.monotonicClock = monotonicClock;
    }

    // ---- the source ---------------------------------------------------------------------------

    /**
     * @param requestedSize the exact size of the first clip; later clips stay within its longest edge
     * @param recordingStartedAt host UTC time the recorder started, for the source artifact's timing
     * @param recordingDurationMs monotonic duration of the recording, for the source artifact's timing
     */
    public FinalizedMedia finalizeSource(VideoBundleFiles bundle, VideoSize requestedSize,
                                         Instant recordingStartedAt, long recordingDurationMs) {
        return finalizeSource(bundle, requestedSize, recordingStartedAt, recordingDurationMs,
                FinalizationMeter.unobserved(monotonicClock));
    }

    /** The same, counting its work in {@code meter} as it goes (what status and a pending stop report). */
    public FinalizedMedia finalizeSource(VideoBundleFiles bundle, VideoSize requestedSize,
                                         Instant recordingStartedAt, long recordingDurationMs, FinalizationMeter meter) {
        List<BundleError> errors = new ArrayList<>();
        StoreResult sourceFile = bundle.describe(SOURCE_NAME);
        if (sourceFile instanceof StoreResult.StoreFailed failed) {
            if (isAbsent(failed.failure())) {
                errors.add(VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.FINALIZATION,
                        "The recorder left no capture file (" + SOURCE_NAME + "): " + failed.failure().message() + ".",
                        VideoStage.SOURCE));
                return FinalizedMedia.none(errors);
            }
            // It exists but cannot be read: keep the underlying error, and the file stays listed as failed.
            BundleError error = failures.of(failed.failure(), VideoStage.FINALIZATION,
                    "The recorded source cannot be read", VideoStage.SOURCE);
            errors.add(error);
            return new FinalizedMedia(List.of(), Optional.of(failedSource(recordingStartedAt, recordingDurationMs,
                    error)), List.of(), errors, 0, null);
        }
        Inspection inspection = inspector.inspect(bundle.directory().resolve(SOURCE_NAME));
        SourceInspection observed = inspection.diagnostics();
        if (inspection instanceof Inspection.NotInspected notInspected) {
            BundleError error = failures.of(notInspected.failure(), VideoStage.FINALIZATION,
                    "Frame inspection of the source failed", VideoStage.SOURCE);
            errors.add(error);
            return new FinalizedMedia(List.of(), Optional.of(retainedSource(bundle, recordingStartedAt,
                    recordingDurationMs, error, errors)), List.of(), errors, 0, observed);
        }
        // A damaged source (a decoder error, a failed container check, an early end) is never the
        // base of a complete clip: what decoded is still encoded and verified, so that nothing
        // captured is lost, but every clip keeps its .partial name and the source stays as evidence.
        BundleError damage = null;
        List<FrameSample> frames;
        if (inspection instanceof Inspection.Damaged damaged) {
            damage = failures.of(damaged.failure(), VideoStage.FINALIZATION, "The recorded source is damaged or ends "
                    + "early, so it is kept as partial evidence and no clip made from it is complete", VideoStage.SOURCE);
            errors.add(damage);
            frames = damaged.frames();
        } else {
            frames = ((Inspection.Inspected) inspection).frames();
        }
        if (frames.isEmpty()) {
            BundleError error = damage != null ? damage : VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                    VideoStage.FINALIZATION, "The source holds no decodable video frame; it is kept as partial evidence.",
                    VideoStage.SOURCE);
            if (damage == null) {
                errors.add(error);
            }
            return new FinalizedMedia(List.of(), Optional.of(retainedSource(bundle, recordingStartedAt,
                    recordingDurationMs, error, errors)), List.of(), errors, 0, observed);
        }

        List<FrameRun> runs = FrameRuns.of(frames);
        meter.inspected(frames.size(), runs.size());
        int initialEdge = VideoSizing.longestEdge(requestedSize);
        List<Clip> clips = new ArrayList<>();
        for (FrameRun run : runs) {
            VideoSize target = run.index() == 1 ? requestedSize : VideoSizing.laterClip(run.size(), initialEdge);
            Clip clip = encodeAndVerify(bundle, run, target, damage != null, meter);
            if (clip.artifact().error() != null) {
                errors.add(clip.artifact().error());
            }
            // The intermediate source goes only once every clip's artifact can be read back.
            clips.add(readBack.of(bundle, clip, VideoStage.FINALIZATION, errors));
        }
        List<VideoSegment> segments = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            segments.add(segmentOf(runs.get(i), clips.get(i), i == runs.size() - 1));
        }
        boolean allVerified = clips.stream().allMatch(clip -> clip.verified() != null);
        Optional<Artifact> source = Optional.empty();
        if (damage != null) {
            source = Optional.of(retainedSource(bundle, recordingStartedAt, recordingDurationMs, damage, errors));
        } else if (allVerified) {
            if (!bundle.remove(SOURCE_NAME)) {
                BundleError error = VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.FINALIZATION,
                        "Every clip verified, but the intermediate " + SOURCE_NAME + " could not be removed.",
                        VideoStage.SOURCE);
                errors.add(error);
                source = Optional.of(retainedSource(bundle, recordingStartedAt, recordingDurationMs, error, errors));
            }
        } else {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.FINALIZATION,
                    "Not every clip verified and can be read, so the source is kept as partial evidence (it does not "
                            + "promise correctly framed playback across display size changes).", VideoStage.SOURCE);
            errors.add(error);
            source = Optional.of(retainedSource(bundle, recordingStartedAt, recordingDurationMs, error, errors));
        }
        return new FinalizedMedia(clips, source, segments, errors, frames.size(), observed);
    }

    /** A span as captures.json lists it, with its clip's media properties; the last span has no end. */
    private static VideoSegment segmentOf(FrameRun run, Clip clip, boolean last) {
        MediaInfo media = clip.probed();
        return new VideoSegment(clip.artifact().path(), run.startSeconds(), last ? null : run.endSeconds(),
                run.size().width(), run.size().height(), run.frameCount(), media == null ? null : media.codec(),
                media == null ? null : new VideoSize(media.width(), media.height()),
                media == null ? null : media.durationMs(), clip.artifact().error());
    }

    /** {@code damagedSource}: a clip that verifies still keeps its .partial name, with an error saying why. */
    private Clip encodeAndVerify(VideoBundleFiles bundle, FrameRun run, VideoSize target, boolean damagedSource,
                                 FinalizationMeter meter) {
        String partialName = FrameRuns.partialClipName(run.index());
        String finalName = FrameRuns.clipName(run.index());
        Instant started = wallClock.now();
        long startNanos = monotonicClock.nanoTime();
        Encoding encoding = encoder.encode(bundle.directory().resolve(SOURCE_NAME), run, target,
                bundle.directory().resolve(partialName));
        bundle.makePrivate(partialName);
        if (encoding instanceof Encoding.NotEncoded notEncoded) {
            meter.verified(0);
            BundleError error = failures.of(notEncoded.failure(), VideoStage.SEGMENT,
                    "Encoding clip " + run.index() + " failed", VideoStage.VIDEO);
            return new Clip(partialOrFailed(bundle, partialName, started, startNanos, error), null, null, false);
        }
        meter.encoded(run.frameCount());
        ClipVerification verification = verifier.verify(bundle.directory().resolve(partialName), target, run.frameCount());
        boolean decoded = verification instanceof ClipVerification.Verified
                || verification instanceof ClipVerification.Rejected rejected && rejected.fullyDecoded();
        meter.verified(decoded ? run.frameCount() : 0);
        if (verification instanceof ClipVerification.Rejected rejected) {
            // Available probe metadata is retained on verification failure.
            BundleError error = failures.of(rejected.failure(), VideoStage.SEGMENT,
                    "Clip " + run.index() + " failed verification", VideoStage.VIDEO);
            return new Clip(partialOrFailed(bundle, partialName, started, startNanos, error), rejected.probed(),
                    null, false);
        }
        MediaInfo media = ((ClipVerification.Verified) verification).media();
        if (damagedSource) {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.SEGMENT,
                    "Clip " + run.index() + " holds the " + run.frameCount() + " frame(s) that decoded from a damaged "
                            + "source (see " + SOURCE_NAME + "): it decodes fully, but frames of the recording may be "
                            + "missing or concealed, so it keeps its .partial name.", VideoStage.VIDEO);
            return new Clip(partialOrFailed(bundle, partialName, started, startNanos, error), media, null, true);
        }
        if (run.zeroDuration()) {
            BundleError error = VideoStage.error(ErrorCodes.VIDEO_VERIFICATION_FAILED, VideoStage.SEGMENT,
                    "Clip " + run.index() + " covers no media time (" + run.frameCount() + " frame(s) at one timestamp, an "
                            + "idle screen): it decodes but a zero-duration recording is not complete.", VideoStage.VIDEO);
            return new Clip(partialOrFailed(bundle, partialName, started, startNanos, error), media, null, true);
        }
        StoreResult promoted = bundle.promote(partialName, finalName);
        if (promoted instanceof StoreResult.StoreFailed failed) {
            BundleError error = failures.of(failed.failure(), VideoStage.SEGMENT,
                    "Clip " + run.index() + " verified but could not be renamed", VideoStage.VIDEO);
            return new Clip(partialOrFailed(bundle, partialName, started, startNanos, error), media, null, true);
        }
        StoreResult.Stored present = (StoreResult.Stored) promoted;
        Instant finished = wallClock.now();
        Artifact artifact = new Artifact(ArtifactKind.VIDEO, present.path(), MP4, ArtifactStatus.COMPLETE,
                present.bytes(), present.sha256(), started.toString(), finished.toString(), elapsedMs(startNanos),
                null, null, null, null);
        return new Clip(artifact, media, media, true);
    }

    /** The clip's .partial file kept as partial; failed when there is none, or it is empty (then it is removed). */
    private Artifact partialOrFailed(VideoBundleFiles bundle, String partialName, Instant started, long startNanos,
                                     BundleError error) {
        StoreResult file = bundle.describe(partialName);
        Instant finished = wallClock.now();
        if (file instanceof StoreResult.Stored present && present.bytes() > 0) {
            return new Artifact(ArtifactKind.VIDEO, present.path(), MP4, ArtifactStatus.PARTIAL, present.bytes(),
                    present.sha256(), started.toString(), finished.toString(), elapsedMs(startNanos), null, null, null,
                    error);
        }
        if (file instanceof StoreResult.Stored) {
            bundle.remove(partialName);
        }
        return new Artifact(ArtifactKind.VIDEO, null, MP4, ArtifactStatus.FAILED, null, null, started.toString(),
                finished.toString(), elapsedMs(startNanos), null, null, null, error);
    }

    /**
     * The source kept as partial evidence: a {@code video} artifact (capture.partial.mkv,
     * video/x-matroska) with {@code why}; if it cannot be read, a failed artifact with the read error.
     */
    private Artifact retainedSource(VideoBundleFiles bundle, Instant recordingStartedAt, long recordingDurationMs,
                                    BundleError why, List<BundleError> errors) {
        StoreResult file = bundle.describe(SOURCE_NAME);
        if (file instanceof StoreResult.Stored present && present.bytes() > 0) {
            return new Artifact(ArtifactKind.VIDEO, present.path(), MKV, ArtifactStatus.PARTIAL, present.bytes(),
                    present.sha256(), recordingStartedAt.toString(),
                    recordingStartedAt.plusMillis(recordingDurationMs).toString(), recordingDurationMs, null, null,
                    null, why);
        }
        if (file instanceof StoreResult.Stored) {
            // An empty source holds nothing to keep; a listed file is never empty.
            bundle.remove(SOURCE_NAME);
            return failedSource(recordingStartedAt, recordingDurationMs, why);
        }
        BundleError unreadable = failures.of(((StoreResult.StoreFailed) file).failure(), VideoStage.FINALIZATION,
                "The retained source cannot be read", VideoStage.SOURCE);
        errors.add(unreadable);
        return failedSource(recordingStartedAt, recordingDurationMs, unreadable);
    }

    private static Artifact failedSource(Instant recordingStartedAt, long recordingDurationMs, BundleError error) {
        return new Artifact(ArtifactKind.VIDEO, null, MKV, ArtifactStatus.FAILED, null, null,
                recordingStartedAt.toString(), recordingStartedAt.plusMillis(recordingDurationMs).toString(),
                recordingDurationMs, null, null, null, error);
    }

    // ---- the diagnostics ----------------------------------------------------------------------

    /**
     * encoder.stderr.txt: the recorder's two output streams as retained. Complete (also when
     * empty) unless retention was cut at 1 MiB or {@code incomplete} says the recorder is still
     * running; then it keeps its .partial. name and is partial with an error. A write failure
     * keeps its underlying error.
     *
     * @param incomplete null, or the caller's already recorded error saying why the output is not final
     * @param errors     receives every new error
     */
    public Artifact recorderOutput(VideoBundleFiles bundle, RecorderOutput output, Instant started, Instant finished,
                                   long durationMs, @Nullable BundleError incomplete, List<BundleError> errors) {
        return writes.recorderOutput(bundle, output, started, finished, durationMs, incomplete, errors);
    }

    /** captures.json, the host recorder receipt; a write failure keeps its underlying error. */
    public Artifact receipt(VideoBundleFiles bundle, CapturesFile captures, Instant started, long startNanos,
                            List<BundleError> errors) {
        StoreResult stored = bundle.writeCaptures(captures);
        String finished = wallClock.now().toString();
        if (stored instanceof StoreResult.Stored present) {
            return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, present.path(), JSON, ArtifactStatus.COMPLETE,
                    present.bytes(), present.sha256(), started.toString(), finished, elapsedMs(startNanos), null, null,
                    null, null);
        }
        return writes.notStored(ArtifactKind.CAPTURE_ENVELOPES, JSON, (StoreResult.StoreFailed) stored,
                "captures.json could not be saved", VideoStage.CAPTURES, started.toString(), finished,
                elapsedMs(startNanos), errors);
    }

    // ---- the conclusion -----------------------------------------------------------------------

    /**
     * The terminal manifest. Every listed artifact is read back first: one that cannot be read, or
     * whose bytes changed, becomes failed with that underlying error, and a clip that fails so is
     * no longer usable. Complete only when every clip verified and nothing (metadata, recorder,
     * receipt, stderr, read-back) has an error; otherwise partial when any video artifact (a clip or
     * the retained source) has a file, else failed.
     */
    public Manifest conclude(VideoBundleFiles bundle, Manifest base, String finishedAt, StopReason stopReason,
                             long hostDurationMs, FinalizedMedia media, List<Artifact> others,
                             List<BundleError> moreErrors) {
        List<BundleError> errors = new ArrayList<>(moreErrors);
        List<Clip> clips = new ArrayList<>();
        for (Clip clip : media.clips()) {
            clips.add(readBack.of(bundle, clip, VideoStage.PERSISTENCE, errors));
        }
        Optional<Artifact> source = media.source().map(artifact -> readBack.of(bundle, artifact, VideoStage.PERSISTENCE,
                errors));
        List<Artifact> checked = new ArrayList<>();
        for (Artifact artifact : others) {
            checked.add(readBack.of(bundle, artifact, VideoStage.PERSISTENCE, errors));
        }
        FinalizedMedia readable = new FinalizedMedia(clips, source, media.segments(), media.errors(), media.frameCount(),
                media.inspection());
        return VideoManifests.terminal(base, finishedAt, stopReason, hostDurationMs, readable, checked, errors);
    }

    /** A describe failure that means "there is no such file" rather than "it cannot be read". */
    private static boolean isAbsent(Failure failure) {
        return failure.storageCauseIfAny().filter(cause -> CauseCodes.ENOENT.equals(cause.causeCode())).isPresent();
    }

    private long elapsedMs(long startNanos) {
        return Math.max(0, (monotonicClock.nanoTime() - startNanos) / 1_000_000L);
    }

    /**
     * Every failure so far whose cause was exhausted storage, as "CAUSE (what failed: why)", in
     * order: a disk that filled up during finalization is named as such, in the session state too.
     */
    public List<String> storageExhaustion() {
        return failures.storageExhaustion();
    }
}
