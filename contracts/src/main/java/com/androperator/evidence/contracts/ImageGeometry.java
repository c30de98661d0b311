package com.androperator.evidence.contracts;

/**
 * Geometry of a verified screenshot, read from the saved PNG's header. Distinct from the
 * separately sampled device display metadata and from any viewer's preview size.
 */
public record ImageGeometry(int captureWidthPx, int captureHeightPx, String coordinateSpace, String origin) {
    public static final String SCREENSHOT_PIXELS = "screenshot_pixels";
    public static final String TOP_LEFT = "top_left";

    public ImageGeometry {
        Checks.check(captureWidthPx > 0 && captureHeightPx > 0, "capture dimensions must be positive");
        Checks.check(SCREENSHOT_PIXELS.equals(coordinateSpace), "coordinateSpace must be screenshot_pixels");
        Checks.check(TOP_LEFT.equals(origin), "origin must be top_left");
    }

    public static ImageGeometry ofPixels(int width, int height) {
        return new ImageGeometry(width, height, SCREENSHOT_PIXELS, TOP_LEFT);
    }
}
