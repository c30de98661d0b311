package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;

/** The error stages and components that video bundles use. */
public final class VideoStage {
    public static final String STARTUP = "startup";
    public static final String RECORDING = "recording";
    public static final String FINALIZATION = "finalization";
    public static final String PERSISTENCE = "persistence";

    public static final String RECORDER = "recorder";
    public static final String SOURCE = "video_source";
    public static final String ENCODER_STDERR = "encoder_stderr";
    public static final String CAPTURES = "captures";

    private VideoStage() {
    }

    public static BundleError error(String code, String stage, String message, String component) {
        return new BundleError(code, stage, message, component);
    }
}
