package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.contracts.VideoSize;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What finalization made of the source: one clip per span in clip order, the retained source
 * (only when some clip is not verified and readable, or the source is damaged), the segments of
 * captures.json's video record (one per span, with the clip's media properties), the errors, the number of decoded source frames, and what the source
 * inspection observed (for captures.json; null when there was no inspection). Whether the result
 * is usable, fully verified, its media duration and its common size all follow from the clips.
 */
public record FinalizedMedia(List<Clip> clips, Optional<Artifact> source, List<VideoSegment> segments,
                             List<BundleError> errors, long frameCount,
                             @Nullable SourceInspection inspection) {
    public FinalizedMedia {
        clips = List.copyOf(clips);
        Objects.requireNonNull(source, "source");
        segments = List.copyOf(segments);
        errors = List.copyOf(errors);
    }

    /**
     * One clip's artifact. {@code probed} is what probing and decoding it found (null when nothing
     * could be probed; kept when verification failed); {@code verified} is its verified media (null
     * unless it passed every check and can be read); {@code usable} says it decodes fully
     * (verified, or decoded but e.g. covering no media time) and is still readable.
     */
    public record Clip(Artifact artifact, @Nullable MediaInfo probed, @Nullable MediaInfo verified, boolean usable) {
        public Clip {
            Objects.requireNonNull(artifact, "artifact");
            if (verified != null && !usable) {
                throw new IllegalArgumentException("a verified clip is usable");
            }
        }
    }

    /** Nothing was finalized: no clip, no retained source. */
    public static FinalizedMedia none(List<BundleError> errors) {
        return new FinalizedMedia(List.of(), Optional.empty(), List.of(), errors, 0, null);
    }

    public List<Artifact> clipArtifacts() {
        return clips.stream().map(Clip::artifact).toList();
    }

    /** At least one clip decodes fully and can be read. */
    public boolean usable() {
        return clips.stream().anyMatch(Clip::usable);
    }

    /** Every clip verified and readable, and at least one exists. */
    public boolean allVerified() {
        return !clips.isEmpty() && clips.stream().allMatch(clip -> clip.verified() != null);
    }

    /** The sum of verified clip durations; null when none verified. */
    public @Nullable Long mediaDurationMs() {
        List<MediaInfo> verified = verifiedMedia();
        return verified.isEmpty() ? null : verified.stream().mapToLong(MediaInfo::durationMs).sum();
    }

    /** The common size of the clips when every clip verified; null when sizes differ or not all verified. */
    public @Nullable VideoSize actualSize() {
        if (!allVerified()) {
            return null;
        }
        List<MediaInfo> verified = verifiedMedia();
        MediaInfo first = verified.get(0);
        for (MediaInfo media : verified) {
            if (media.width() != first.width() || media.height() != first.height()) {
                return null;
            }
        }
        return new VideoSize(first.width(), first.height());
    }

    private List<MediaInfo> verifiedMedia() {
        return clips.stream().map(Clip::verified).filter(Objects::nonNull).toList();
    }
}
