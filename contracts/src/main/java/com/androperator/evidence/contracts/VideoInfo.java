package com.androperator.evidence.contracts;

import org.jspecify.annotations.Nullable;

/**
 * The video part of a manifest. Host duration is monotonic and independent of the decoded media
 * timeline; neither substitutes for the other. It is never null (0 while starting) and may be
 * fractional in the reference tool's bundles (read here to whole milliseconds). Sizes are
 * {@code "WxH"}; {@code actualSize} is null when clip sizes differ or not every clip verified;
 * {@code stopReason} is null while recording.
 */
public record VideoInfo(
        int requestedDurationSeconds,
        long hostDurationMs,
        @Nullable Long mediaDurationMs,
        VideoSize requestedSize,
        @Nullable VideoSize actualSize,
        @Nullable String codec,
        @Nullable StopReason stopReason) {

    public VideoInfo {
        Checks.check(requestedDurationSeconds >= 1 && requestedDurationSeconds <= 180,
                "requestedDurationSeconds must be 1..180");
        Checks.check(hostDurationMs >= 0, "hostDurationMs must not be negative");
        Checks.check(mediaDurationMs == null || mediaDurationMs >= 0, "mediaDurationMs must not be negative");
        Checks.required(requestedSize, "video.requestedSize");
    }
}
