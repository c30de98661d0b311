package com.androperator.evidence.contracts;

/**
 * The bundle-relative file names of still and video bundles (the reference tool's, see
 * reference-compat.md section 1): the one place they are spelled. Writers, readers, the verifier,
 * the viewer and the conformance kit all name files through these. A file whose name holds
 * {@link #PARTIAL_MARK} is unverified or cut short.
 */
public final class BundleFileNames {
    /** Every unverified or cut-short file's name contains this. */
    public static final String PARTIAL_MARK = ".partial.";

    public static final String MANIFEST = "manifest.json";
    /** Where manifest.json is written before its atomic rename. */
    public static final String MANIFEST_PARTIAL = "manifest.partial.json";
    public static final String CAPTURES = "captures.json";
    public static final String CAPTURES_PARTIAL = "captures.partial.json";

    public static final String SCREENSHOT = "screenshot.png";
    public static final String SCREENSHOT_PARTIAL = "screenshot.partial.png";
    public static final String HIERARCHY = "hierarchy.xml";
    public static final String HIERARCHY_PARTIAL = "hierarchy.partial.xml";

    /** A video bundle's session state, beside the manifest. */
    public static final String SESSION = "session.json";
    /** A video bundle's worker directory (heartbeat, stop requests, worker log, space reserve, live source). */
    public static final String CONTROL = "control";
    public static final String HEARTBEAT = "heartbeat.json";
    /** A stop request is {@code stop-<requestId>.json} under control/. */
    public static final String STOP_REQUEST_PREFIX = "stop-";
    public static final String WORKER_LOG = "worker.log";
    public static final String SPACE_RESERVE = "space-reserve";
    /** The recorder's source: under control/ while recording, then in the bundle (a partial video when kept). */
    public static final String RECORDING_SOURCE = "capture.partial.mkv";
    public static final String ENCODER_STDERR = "encoder.stderr.txt";
    public static final String ENCODER_STDERR_PARTIAL = "encoder.stderr.partial.txt";

    private BundleFileNames() {
    }

    /** The name of verified clip {@code index} (1-based): video.mp4, then video-0002.mp4, ... */
    public static String clip(int index) {
        return index == 1 ? "video.mp4" : String.format("video-%04d.mp4", index);
    }

    /** The name of clip {@code index} before it is verified: video.partial.mp4, video-0002.partial.mp4, ... */
    public static String clipPartial(int index) {
        return index == 1 ? "video.partial.mp4" : String.format("video-%04d.partial.mp4", index);
    }

    /** The stop request file of {@code requestId}, under control/. */
    public static String stopRequest(String requestId) {
        return STOP_REQUEST_PREFIX + requestId + ".json";
    }
}
