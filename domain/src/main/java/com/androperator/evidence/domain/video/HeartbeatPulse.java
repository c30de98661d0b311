package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Rewrites control/heartbeat.json every second, bound to the session nonce, until closed. */
final class HeartbeatPulse implements AutoCloseable {
    private final ScheduledExecutorService scheduler;

    private HeartbeatPulse(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
    }

    static HeartbeatPulse start(SessionStore sessions, Path bundleDir, String nonce, WorkerIdentity self, WallClock clock) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "video-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        Runnable beat = () -> sessions.writeHeartbeat(bundleDir,
                new Heartbeat(nonce, self.pid(), self.startInstant(), clock.now().toString()));
        beat.run();
        scheduler.scheduleAtFixedRate(beat, VideoLimits.HEARTBEAT_INTERVAL_MILLIS, VideoLimits.HEARTBEAT_INTERVAL_MILLIS,
                TimeUnit.MILLISECONDS);
        return new HeartbeatPulse(scheduler);
    }

    /** Stops the heartbeat; when this returns, no heartbeat write is in flight any more. */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(VideoLimits.HEARTBEAT_INTERVAL_MILLIS * 2, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
