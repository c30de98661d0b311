package com.androperator.evidence.domain.video;

/** The fixed budgets and caps of managed video, as the spec states them. */
public final class VideoLimits {
    public static final int MIN_DURATION_SECONDS = 1;
    public static final int MAX_DURATION_SECONDS = 180;
    public static final int DEFAULT_LONGEST_EDGE = 1280;
    /** A requested size may differ from the display's aspect ratio by at most this fraction. */
    public static final double ASPECT_TOLERANCE = 0.01;

    /** Start waits at most this long for the live recorder to open its capture file. */
    public static final long START_ACKNOWLEDGEMENT_MILLIS = 5_000;
    /** Stop waits at most this long for a terminal manifest; past it the result is pending. */
    public static final long STOP_WAIT_MILLIS = 15_000;
    /** Device selection and the metadata reads of a start share this budget. */
    public static final long START_DEVICE_WORK_MILLIS = 10_000;

    public static final long PROBE_DEADLINE_MILLIS = 10_000;
    public static final long MEDIA_STEP_DEADLINE_MILLIS = 120_000;
    public static final long MAX_SINGLE_ALLOCATION_BYTES = 268_435_456L;
    public static final int CODEC_THREADS = 2;
    /** Combined stdout and stderr retained from one video subprocess; more kills it. */
    public static final long SUBPROCESS_OUTPUT_CAP_BYTES = 16L * 1024 * 1024;
    /** encoder.stderr.txt keeps at most this much of the recorder's output. */
    public static final int RECORDER_OUTPUT_CAP_BYTES = 1024 * 1024;

    /** The worker rewrites its heartbeat this often. */
    public static final long HEARTBEAT_INTERVAL_MILLIS = 1_000;
    /** A heartbeat older than this no longer shows that the worker lives. */
    public static final long HEARTBEAT_STALE_MILLIS = 3_000;
    /** How long a worker that never claimed its session may stay silent before it counts as lost. */
    public static final long WORKER_CLAIM_GRACE_MILLIS = 30_000;
    /** After SIGINT the recorder has this long to finish its file before it counts as unresponsive. */
    public static final long RECORDER_STOP_GRACE_MILLIS = 10_000;
    /** The worker's own bound past the requested duration, behind scrcpy's --time-limit. */
    public static final long WORKER_DURATION_SLACK_MILLIS = 5_000;
    /** A recorder exiting cleanly this close to its limit reached the duration cap. */
    public static final long DURATION_CAP_TOLERANCE_MILLIS = 1_500;
    /**
     * How long start waits for a device lock whose holder has published its terminal manifest and
     * is only releasing the lock (its session not yet settled).
     */
    public static final long LOCK_SETTLE_MILLIS = 3_000;
    /**
     * Disk space the worker sets aside while it records and gives back just before its last
     * writes: more than the retained recorder output, captures.json, the manifest and session.json
     * together, with their temporary copies.
     */
    public static final long FINAL_PERSISTENCE_RESERVE_BYTES = 4L * 1024 * 1024;
    /** How long the worker waits for the recorder to open its file before giving up on startup. */
    public static final long WORKER_STARTUP_MILLIS = 10_000;

    private VideoLimits() {
    }
}
