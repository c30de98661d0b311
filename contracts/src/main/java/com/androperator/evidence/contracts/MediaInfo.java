package com.androperator.evidence.contracts;

/**
 * Properties of one video clip, as probed and fully decoded. Not a bundle shape of its own: a
 * captures.json {@link VideoSegment} carries its codec, size and duration.
 */
public record MediaInfo(String codec, int width, int height, long durationMs, long frameCount) {
    public MediaInfo {
        Checks.nonBlank(codec, "media.codec");
        Checks.check(width > 0 && height > 0, "media dimensions must be positive");
        Checks.check(durationMs >= 0, "media.durationMs must not be negative");
        Checks.check(frameCount >= 0, "media.frameCount must not be negative");
    }
}
