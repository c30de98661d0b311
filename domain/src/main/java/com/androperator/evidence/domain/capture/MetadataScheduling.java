package com.androperator.evidence.domain.capture;

import java.util.function.Supplier;

/**
 * When a capture reads its device metadata. The spec orders only the screenshot and the
 * hierarchy (screenshot first, hierarchy dispatched after it); metadata is a set of separate,
 * unsynchronized adb observations within the same budget, so it overlaps the Operator round trip.
 */
public enum MetadataScheduling {
    /**
     * Once the screenshot step is done, the reads run on their own thread (their own adb streams)
     * while the hierarchy's Operator commands are in flight; the capture waits for them before it
     * persists. A silent Operator no longer uses up the budget they need.
     */
    OVERLAPPED,
    /**
     * After the hierarchy step, on the capturing thread: for unit tests whose fakes spend a manual
     * clock, where concurrent reads would race it.
     */
    AFTER_HIERARCHY;

    /** {@code read} started as this scheduling says; {@link Pending#await()} gives its result. */
    <T> Pending<T> start(String name, Supplier<T> read) {
        return this == OVERLAPPED ? new Threaded<>(name, read) : read::get;
    }

    /** Work started by {@link #start}. */
    @FunctionalInterface
    interface Pending<T> {
        /** The result, once the work is over; the work's own thread has ended by then. */
        T await();
    }

    /**
     * One platform thread for one capture's reads. Every read is bounded by the capture's deadline
     * and ended at once by its cancellation, so waiting for the thread is bounded too; an interrupt
     * of the waiting thread is kept for its caller, never a reason to leave the thread running.
     */
    private static final class Threaded<T> implements Pending<T> {
        private final Thread thread;
        private T result;
        private Throwable failure;

        Threaded(String name, Supplier<T> read) {
            thread = new Thread(() -> {
                try {
                    result = read.get();
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            }, name);
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public T await() {
            boolean interrupted = false;
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            // join() orders the thread's writes before these reads.
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            return result;
        }
    }
}
