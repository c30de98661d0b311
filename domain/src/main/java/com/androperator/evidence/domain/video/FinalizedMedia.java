package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.SpanRecord;
import com.androperator.evidence.contracts.VideoSize;
import java.util.List;
import java.util.Optional;

/**
 * What finalization made of the source: one artifact per clip in clip order, the retained source
 * (only when some clip is not verified), the span records for captures.json and the errors.
 *
 * @param usable          at least one clip decodes fully (verified, or decoded with zero duration)
 * @param allVerified     every clip verified and at least one exists
 * @param mediaDurationMs the sum of verified clip durations, null when none verified
 * @param actualSize      the common size of the verified clips, null when they differ or none verified
 */
public record FinalizedMedia(List<Artifact> clips, Optional<Artifact> source, List<SpanRecord> spans,
                             List<BundleError> errors, boolean usable, boolean allVerified, Long mediaDurationMs,
                             VideoSize actualSize, long frameCount) {
    public FinalizedMedia {
        clips = List.copyOf(clips);
        spans = List.copyOf(spans);
        errors = List.copyOf(errors);
    }
}
