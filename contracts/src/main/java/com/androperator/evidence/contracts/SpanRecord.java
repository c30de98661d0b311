package com.androperator.evidence.contracts;

/**
 * One run of equal frame size in a recording's source, and the clip made from it. Times are the
 * source's own timestamps in seconds; {@code verified} is null when the clip failed verification.
 */
public record SpanRecord(
        int index,
        double sourceStartTime,
        double sourceEndTime,
        long frameCount,
        int width,
        int height,
        String outputPath,
        MediaInfo verified,
        BundleError error) {

    public SpanRecord {
        Checks.check(index >= 1, "span.index starts at 1");
        Checks.check(frameCount >= 1, "a span has at least one frame");
        Checks.check(width > 0 && height > 0, "span dimensions must be positive");
        Checks.check(sourceEndTime >= sourceStartTime, "a span ends after it starts");
        Checks.check(outputPath == null || Checks.isBundleRelative(outputPath), "span.outputPath must be bundle-relative");
    }
}
