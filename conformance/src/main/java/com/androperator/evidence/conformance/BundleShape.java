package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleFileNames;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What a bundle looks like: its file names, which artifact kinds a still bundle holds, and which
 * content check proves each kind complete. The rules ask this class rather than naming files or
 * kinds themselves, so a change of bundle shape is a change here.
 */
final class BundleShape {
    static final String MANIFEST = BundleFileNames.MANIFEST;
    static final String CAPTURES = BundleFileNames.CAPTURES;
    static final String CAPTURES_PARTIAL = BundleFileNames.CAPTURES_PARTIAL;
    static final String SESSION = BundleFileNames.SESSION;
    static final String CONTROL = BundleFileNames.CONTROL;
    /** The recording source a video bundle keeps when not every clip verified: a partial {@code video}. */
    static final String RETAINED_SOURCE = BundleFileNames.RECORDING_SOURCE;
    static final String RETAINED_SOURCE_TYPE = "video/x-matroska";
    static final String PARTIAL_MARK = BundleFileNames.PARTIAL_MARK;
    /** Caller context: at most 16 KiB of compact UTF-8 JSON. */
    static final int MAX_CONTEXT_BYTES = 16 * 1024;

    /** The captures a still bundle always records, even when they failed. */
    static final List<ArtifactKind> STILL_CAPTURES = List.of(ArtifactKind.SCREENSHOT, ArtifactKind.HIERARCHY);
    static final Set<ArtifactKind> STILL_KINDS = Set.of(ArtifactKind.SCREENSHOT, ArtifactKind.HIERARCHY,
            ArtifactKind.CAPTURE_ENVELOPES);

    /** How a complete artifact's bytes are proven, beyond size and hash. */
    enum Content {
        PNG,
        XML,
        CAPTURES_JSON,
        UTF8_TEXT,
        /** Video is verified by the writer with ffmpeg; the verifier checks its size and hash. */
        NONE
    }

    private BundleShape() {
    }

    static Content contentOf(ArtifactKind kind) {
        return switch (kind) {
            case SCREENSHOT -> Content.PNG;
            case HIERARCHY -> Content.XML;
            case CAPTURE_ENVELOPES -> Content.CAPTURES_JSON;
            case ENCODER_STDERR -> Content.UTF8_TEXT;
            case VIDEO -> Content.NONE;
        };
    }

    /**
     * Where an artifact stands in a terminal video bundle's list, in the reference's order: the
     * clips, the retained source, encoder.stderr.txt, captures.json.
     */
    static int videoOrder(ArtifactKind kind, String mimeType) {
        return switch (kind) {
            case VIDEO -> RETAINED_SOURCE_TYPE.equals(mimeType) ? 1 : 0;
            case ENCODER_STDERR -> 2;
            case CAPTURE_ENVELOPES -> 3;
            default -> 4;
        };
    }

    static boolean isCapturesFile(String path) {
        return CAPTURES.equals(path) || CAPTURES_PARTIAL.equals(path);
    }

    /** Files a video bundle may hold beside its artifacts: the session state and stop requests. */
    static boolean isVideoControl(String relative) {
        return relative.equals(SESSION) || relative.equals(CONTROL) || relative.startsWith(CONTROL + "/");
    }

    static boolean hasPartialName(String path) {
        return fileName(path).contains(PARTIAL_MARK);
    }

    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    static ArtifactKind kindOf(String wire) {
        return Arrays.stream(ArtifactKind.values()).filter(k -> k.wire().equals(wire)).findFirst().orElse(null);
    }
}
