package com.androperator.evidence.domain.capture;

/** The bundle-relative file names of a still bundle. */
final class ArtifactFiles {
    static final String SCREENSHOT_PARTIAL = "screenshot.partial.png";
    static final String SCREENSHOT = "screenshot.png";
    static final String HIERARCHY_PARTIAL = "hierarchy.partial.xml";
    static final String HIERARCHY = "hierarchy.xml";
    static final String CAPTURES = "captures.json";
    static final String MANIFEST = "manifest.json";

    static final String PNG = "image/png";
    static final String XML = "application/xml";
    static final String JSON = "application/json";

    private ArtifactFiles() {
    }
}
