package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.BundleFileNames;

/** The bundle-relative file names of a still bundle (spelled once, in {@link BundleFileNames}) and their types. */
final class ArtifactFiles {
    static final String SCREENSHOT_PARTIAL = BundleFileNames.SCREENSHOT_PARTIAL;
    static final String SCREENSHOT = BundleFileNames.SCREENSHOT;
    static final String HIERARCHY_PARTIAL = BundleFileNames.HIERARCHY_PARTIAL;
    static final String HIERARCHY = BundleFileNames.HIERARCHY;
    static final String CAPTURES = BundleFileNames.CAPTURES;
    static final String MANIFEST = BundleFileNames.MANIFEST;

    static final String PNG = "image/png";
    static final String XML = "application/xml";
    static final String JSON = "application/json";

    private ArtifactFiles() {
    }
}
