package com.androperator.evidence.mcp;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Gives the heap back once the server is idle: when no tool call has been running for
 * {@link #IDLE}, one full collection runs, and the launcher's free-heap ratios
 * ({@code -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30}) then shrink the heap to about what is
 * live and 30% more.
 *
 * <p>Why not G1's periodic collection, which did this before: it fires after 10 s without a
 * collection, and a server capturing now and then (a capture allocates about 4 MB of a heap of
 * hundreds) goes that long between collections while it works. Each time it shrank the heap the
 * server was using, and the next captures grew it again, touching every page afresh: on a virtual
 * machine whose page faults cost about 3 ms a megabyte, a burst after a shrink paid about 0.6 s of
 * CPU for 200 MB (docs/benchmarks.md, "Thirteenth pass").
 *
 * <p>Idle means no tool call in flight. Resource reads (answered on the reader thread) and a video
 * recording that runs on after its start call answered are not counted: the collection may pause
 * them once for a few tens of milliseconds, which changes no result. A call that arrives during the
 * collection waits for it.
 */
final class IdleHeapReturn {
    /**
     * As long as the periodic collection waited, which returned memory within a second of a burst's
     * end when a collection happened to be due, and otherwise up to 10 s later; now it is 10 s after.
     */
    static final Duration IDLE = Duration.ofSeconds(10);

    /** Starts an idle clock: runs its task once the idle time has passed, unless cancelled first. */
    @FunctionalInterface
    interface IdleClock {
        Future<?> start(Runnable whenIdle);
    }

    private final IdleClock clock;
    private final Runnable collect;
    private int running;
    /** Counts every start and every idle clock, so a clock that fires late sees it is stale. */
    private long generation;
    private @Nullable Future<?> pending;

    /** The server's: {@link System#gc()} after {@link #IDLE} with no call in flight, timed by a daemon thread. */
    static IdleHeapReturn forServer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "mcp-idle-heap-return");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return new IdleHeapReturn(whenIdle -> timer.schedule(whenIdle, IDLE.toMillis(), TimeUnit.MILLISECONDS), System::gc);
    }

    /** Starts the first clock at once: the start-up's garbage goes too, as it did with the periodic collection. */
    IdleHeapReturn(IdleClock clock, Runnable collect) {
        this.clock = clock;
        this.collect = collect;
        startClock();
    }

    /** A tool call starts: no collection until the server is idle again. */
    synchronized void callStarted() {
        running++;
        generation++;
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    /** A tool call has answered: the last one out starts the idle clock. */
    synchronized void callEnded() {
        running--;
        if (running == 0) {
            startClock();
        }
    }

    private synchronized void startClock() {
        long started = ++generation;
        pending = clock.start(() -> collectIfStillIdle(started));
    }

    private void collectIfStillIdle(long started) {
        synchronized (this) {
            if (running > 0 || generation != started) {
                return; // a call started after this clock did: cancelling raced with the timer
            }
            pending = null;
        }
        collect.run();
    }
}
