package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;
import org.jspecify.annotations.Nullable;

/**
 * The error stages and component of video bundles, the reference tool's: every video error has
 * component {@code video} and stage {@code startup}, {@code video} (the recording and its source),
 * {@code segment} (one clip), {@code artifact} (writing or reading back a listed file) or
 * {@code recovery}. The message names the file or clip.
 */
public final class VideoStage {
    public static final String STARTUP = "startup";
    public static final String RECORDING = "video";
    public static final String FINALIZATION = "video";
    public static final String SEGMENT = "segment";
    public static final String PERSISTENCE = "artifact";
    public static final String RECOVERY = "recovery";

    /** The one component of video errors. */
    public static final String VIDEO = "video";
    public static final String RECORDER = VIDEO;
    public static final String SOURCE = VIDEO;
    public static final String ENCODER_STDERR = VIDEO;
    public static final String CAPTURES = VIDEO;

    private VideoStage() {
    }

    public static BundleError error(String code, String stage, String message, @Nullable String component) {
        return new BundleError(code, stage, message, component);
    }
}
