package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import java.time.Instant;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Counts a finalization's work as it happens ({@link FinalizationProgress}) and hands each change to
 * {@code published} (the worker's heartbeat, which status and stop read). Thread-safe: the heartbeat
 * thread takes {@link #snapshot()} while finalization advances it.
 */
public final class FinalizationMeter {
    /** A meter that counts and tells no one (finalization outside a worker, unit tests). */
    public static FinalizationMeter unobserved(MonotonicClock clock) {
        return new FinalizationMeter(clock, Instant.EPOCH, progress -> { });
    }

    private final MonotonicClock clock;
    private final String startedAt;
    private final long startNanos;
    private final Consumer<FinalizationProgress> published;
    private String phase = FinalizationProgress.INSPECTING;
    private @Nullable Long framesTotal;
    private long framesDecoded;
    private long framesEncoded;
    private @Nullable Integer clips;
    private int clipsDone;

    public FinalizationMeter(MonotonicClock clock, Instant startedAt, Consumer<FinalizationProgress> published) {
        this.clock = clock;
        this.startedAt = startedAt.toString();
        this.startNanos = clock.nanoTime();
        this.published = published;
    }

    /** The source's inspection decoded {@code frames} frames, to be made into {@code clipCount} clips. */
    void inspected(long frames, int clipCount) {
        update(() -> {
            framesTotal = frames;
            framesDecoded += frames;
            clips = clipCount;
            phase = FinalizationProgress.ENCODING;
        });
    }

    /** One clip of {@code frames} frames was encoded; its verification starts. */
    void encoded(long frames) {
        update(() -> {
            framesEncoded += frames;
            phase = FinalizationProgress.VERIFYING;
        });
    }

    /** One clip's verifying decode ended; the next clip is encoded, or persistence begins. */
    void verified(long frames) {
        update(() -> {
            framesDecoded += frames;
            clipsDone++;
            phase = clips != null && clipsDone < clips ? FinalizationProgress.ENCODING : FinalizationProgress.PERSISTING;
        });
    }

    /** Nothing more is decoded or encoded (no frame, or a failed inspection): the last writes. */
    void persisting() {
        update(() -> phase = FinalizationProgress.PERSISTING);
    }

    /** The progress now; the estimate is the rate so far applied to the work left. */
    public synchronized FinalizationProgress snapshot() {
        long elapsed = Math.max(0, (clock.nanoTime() - startNanos) / 1_000_000L);
        long done = framesDecoded + framesEncoded;
        Long estimate = null;
        if (framesTotal != null && done > 0) {
            long left = Math.max(0, 3 * framesTotal - done);
            estimate = FinalizationProgress.PERSISTING.equals(phase) ? 0L : Math.round((double) elapsed * left / done);
        }
        return new FinalizationProgress(phase, startedAt, elapsed, framesTotal, framesDecoded, framesEncoded, clips,
                Math.min(clipsDone, clips == null ? clipsDone : clips), estimate);
    }

    private void update(Runnable change) {
        FinalizationProgress now;
        synchronized (this) {
            change.run();
            now = snapshot();
        }
        published.accept(now);
    }
}
