package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler without threads: a periodic task runs only when the test's manual clock has passed
 * its next due time and {@link #runDue()} is called (from a fake pause, say). Like a real executor,
 * it runs nothing once shut down, and awaitTermination of an interrupted caller throws.
 */
final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
    private final ManualMonotonicClock clock;
    private final Runnable onShutdown;
    private final List<Periodic> periodic = new ArrayList<>();
    private final List<Runnable> immediate = new ArrayList<>();
    private boolean shutdown;

    /** A periodic task and when it is next due on the manual clock. */
    static final class Periodic {
        final Runnable task;
        final long periodNanos;
        final long initialDelayNanos;
        long nextNanos;

        Periodic(Runnable task, long initialDelayNanos, long periodNanos, long nextNanos) {
            this.task = task;
            this.initialDelayNanos = initialDelayNanos;
            this.periodNanos = periodNanos;
            this.nextNanos = nextNanos;
        }
    }

    ManualScheduler(ManualMonotonicClock clock, Runnable onShutdown) {
        this.clock = clock;
        this.onShutdown = onShutdown;
    }

    /** Runs the tasks handed to execute (in order), then every periodic task as often as its period has passed, unless shut down. */
    void runDue() {
        while (!shutdown && !immediate.isEmpty()) {
            immediate.remove(0).run();
        }
        for (Periodic task : periodic) {
            while (!shutdown && clock.nanoTime() - task.nextNanos >= 0) {
                task.task.run();
                task.nextNanos += task.periodNanos;
            }
        }
    }

    List<Periodic> periodic() {
        return List.copyOf(periodic);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        if (shutdown) {
            throw new java.util.concurrent.RejectedExecutionException("shut down");
        }
        periodic.add(new Periodic(command, unit.toNanos(initialDelay), unit.toNanos(period),
                clock.nanoTime() + unit.toNanos(initialDelay)));
        return new NoFuture();
    }

    @Override
    public void shutdown() {
        shutdownNow();
    }

    @Override
    public List<Runnable> shutdownNow() {
        if (!shutdown) {
            shutdown = true;
            onShutdown.run();
        }
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted while awaiting termination");
        }
        return shutdown;
    }

    /** Queued for the next {@link #runDue()}, as a real scheduler runs it soon on its own thread; none once shut down. */
    @Override
    public void execute(Runnable command) {
        if (shutdown) {
            throw new java.util.concurrent.RejectedExecutionException("shut down");
        }
        immediate.add(command);
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException("the heartbeat only schedules at a fixed rate");
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException("the heartbeat only schedules at a fixed rate");
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException("the heartbeat only schedules at a fixed rate");
    }

    private static final class NoFuture implements ScheduledFuture<Object> {
        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed other) {
            return 0;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return false;
        }

        @Override
        public Object get() {
            return null;
        }

        @Override
        public Object get(long timeout, TimeUnit unit) {
            return null;
        }
    }
}
