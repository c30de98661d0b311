package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * One run of equal frame size in a recording's source and the clip made from it, as the video
 * record of captures.json lists it. {@code start}/{@code end} are the source's own timestamps in
 * seconds (the last span has no {@code end}); {@code width}/{@code height} the span's decoded
 * frame size and {@code frames} its frame count; {@code codec}, {@code actualSize} ("WxH") and
 * {@code mediaDurationMs} the clip's media properties as probed (null when nothing could be
 * probed; kept when verification failed); a failed span carries its {@code error}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VideoSegment(
        @Nullable String path,
        double start,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Double end,
        int width,
        int height,
        long frames,
        @Nullable String codec,
        @Nullable VideoSize actualSize,
        @Nullable Long mediaDurationMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable BundleError error) {

    public VideoSegment {
        Checks.check(path == null || Checks.isBundleRelative(path), "segment.path must be bundle-relative");
        Checks.check(start >= 0, "segment.start must not be negative");
        Checks.check(end == null || end >= start, "a segment ends after it starts");
        Checks.check(width > 0 && height > 0, "segment dimensions must be positive");
        Checks.check(frames >= 1, "a segment has at least one frame");
        Checks.check(mediaDurationMs == null || mediaDurationMs >= 0, "segment.mediaDurationMs must not be negative");
    }
}
