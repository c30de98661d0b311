package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Rewrites control/heartbeat.json every second, bound to the session nonce, until closed. */
final class HeartbeatPulse implements AutoCloseable {
    static final String THREAD_NAME = "video-heartbeat";

    private final ScheduledExecutorService scheduler;
    private final AtomicReference<FinalizationMeter> finalizing;
    private final Runnable beat;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private HeartbeatPulse(ScheduledExecutorService scheduler, AtomicReference<FinalizationMeter> finalizing,
                           Runnable beat) {
        this.scheduler = scheduler;
        this.finalizing = finalizing;
        this.beat = beat;
    }

    static HeartbeatPulse start(Heartbeats sessions, Path bundleDir, String nonce, WorkerIdentity self, WallClock clock) {
        return start(sessions, bundleDir, nonce, self, clock, newScheduler());
    }

    /**
     * Writes the first heartbeat at once, then one every {@link VideoLimits#HEARTBEAT_INTERVAL_MILLIS}
     * on {@code scheduler}, which the pulse owns from now on and shuts down when closed.
     */
    static HeartbeatPulse start(Heartbeats sessions, Path bundleDir, String nonce, WorkerIdentity self, WallClock clock,
                                ScheduledExecutorService scheduler) {
        AtomicReference<FinalizationMeter> finalizing = new AtomicReference<>();
        Runnable beat = () -> {
            String at = clock.now().toString();
            FinalizationMeter meter = finalizing.get();
            // The progress as of this beat's time, so that a reader ages it from "at" correctly.
            sessions.writeHeartbeat(bundleDir, new Heartbeat(nonce, self.pid(), self.startInstant(), at,
                    meter == null ? null : meter.snapshot()));
        };
        beat.run();
        scheduler.scheduleAtFixedRate(beat, VideoLimits.HEARTBEAT_INTERVAL_MILLIS, VideoLimits.HEARTBEAT_INTERVAL_MILLIS,
                TimeUnit.MILLISECONDS);
        return new HeartbeatPulse(scheduler, finalizing, beat);
    }

    /** From now on every heartbeat carries {@code meter}'s progress as of its writing; one is written at once. */
    void finalizing(FinalizationMeter meter) {
        finalizing.set(meter);
        beatNow();
    }

    /**
     * Writes a heartbeat now, on the pulse's own thread (so heartbeat writes never overlap), as when
     * the finalization takes a step; after {@link #close()} it is ignored.
     */
    void beatNow() {
        try {
            scheduler.execute(beat);
        } catch (RejectedExecutionException closed) {
            // The pulse has stopped: the terminal manifest is (being) published, progress is over.
        }
    }

    /** One daemon thread: the pulse never keeps a finished worker JVM alive. */
    static ScheduledExecutorService newScheduler() {
        return Executors.newSingleThreadScheduledExecutor(HeartbeatPulse::heartbeatThread);
    }

    static Thread heartbeatThread(Runnable runnable) {
        Thread thread = new Thread(runnable, THREAD_NAME);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * Stops the heartbeat; when this returns, no heartbeat write is in flight any more. After a
     * finalization, the first close writes one last heartbeat (on this thread, the pulse's own having
     * ended) with the finalization's last progress, which a queued write may have missed: a stop that
     * sees the terminal manifest reports the totals from it.
     */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(VideoLimits.HEARTBEAT_INTERVAL_MILLIS * 2, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (finalizing.get() != null && !closed.getAndSet(true) && scheduler.isTerminated()) {
            beat.run();
        }
    }
}
