package com.androperator.evidence.domain.budget;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a capture's helpers run on (its Operator result reader, its PNG check, its metadata
 * reads), kept across captures: starting and ending three platform threads for every capture cost
 * the MCP server CPU that a reused thread does not (bench/cpu-profile.sh, issue 26). A helper
 * never waits for a free thread: when every kept thread is busy it gets a thread of its own, so its
 * deadline and cancellation are exactly what they were with a thread per helper. While it works
 * the thread carries the helper's name (thread dumps and tests see "operator-result-reader-…"
 * as before) and returns to {@value #IDLE_PREFIX}N before its end is announced, so a helper's name
 * on a live thread still means its work is running. Threads are daemons; an idle one ends after
 * {@link #IDLE_SECONDS} seconds. A kept thread inherits nothing from the capture that happened to
 * start it (no inheritable thread-locals; this class's loader as its context class loader), so an
 * embedding application's context never travels from one capture to the next.
 */
public final class HelperThreads {
    static final String IDLE_PREFIX = "evidence-helper-";
    private static final int KEPT = 64;
    private static final long IDLE_SECONDS = 30;
    private static final AtomicInteger NUMBER = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, KEPT, IDLE_SECONDS, TimeUnit.SECONDS,
            new SynchronousQueue<>(), HelperThreads::idleThread);

    private HelperThreads() {
    }

    /** {@code work} started now on a kept thread, or a new one, named {@code name} while it runs. */
    public static Running start(String name, Runnable work) {
        Running running = new Running();
        Runnable named = () -> running.run(name, work);
        try {
            POOL.execute(named);
        } catch (RejectedExecutionException everyKeptThreadBusy) {
            idleThread(named).start();
        }
        return running;
    }

    private static Thread idleThread(Runnable worker) {
        Thread thread = new Thread(null, worker, IDLE_PREFIX + NUMBER.incrementAndGet(), 0, false);
        thread.setDaemon(true);
        thread.setContextClassLoader(HelperThreads.class.getClassLoader());
        return thread;
    }

    /** One helper's work: awaited as a thread's end was. Its end orders the work's writes before the waiter's reads. */
    public static final class Running {
        private final CountDownLatch ended = new CountDownLatch(1);

        private Running() {
        }

        private void run(String name, Runnable work) {
            Thread thread = Thread.currentThread();
            String idleName = thread.getName();
            thread.setName(name);
            try {
                work.run();
            } catch (RuntimeException | Error e) {
                // Reported under the helper's name, as a thread of its own reported it.
                thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
            } finally {
                thread.setName(idleName);
                // An interrupt meant for this helper's work must not reach the next helper.
                Thread.interrupted();
                ended.countDown();
            }
        }

        /** Whether the work is still running. */
        public boolean isAlive() {
            return ended.getCount() > 0;
        }

        /** Waits for the work's end; an interrupt meanwhile is kept for the caller, never a reason to stop waiting. */
        public void joinUninterruptibly() {
            boolean interrupted = false;
            while (true) {
                try {
                    ended.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** Waits at most {@code millis} for the work's end; true when it has ended. */
        public boolean join(long millis) throws InterruptedException {
            return ended.await(millis, TimeUnit.MILLISECONDS);
        }
    }
}
