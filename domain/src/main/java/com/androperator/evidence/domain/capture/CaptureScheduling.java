package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.budget.HelperThreads;
import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * What of a capture runs beside its device conversation. The spec orders only the device work of
 * the screenshot and the hierarchy (the screenshot attempted first, the hierarchy dispatched after
 * it); metadata is a set of separate, unsynchronized adb observations within the same budget, and
 * the PNG decode is host work on bytes already received, so both overlap the Operator round trip.
 */
public enum CaptureScheduling {
    /**
     * Once the screenshot transfer is done, the metadata reads run on their own thread (their own
     * adb streams) and the PNG check finishes on its own thread, while the hierarchy's Operator
     * commands are in flight; the capture waits for both before it persists. A silent Operator no
     * longer uses up the budget the metadata needs, and a slow decode no longer delays the dispatch.
     * When the JVM runs more than four captures a processor, the PNG check runs on the capturing
     * thread instead ({@link CaptureLoad}); the metadata reads, which mostly wait for the device,
     * keep their thread.
     */
    OVERLAPPED,
    /**
     * Everything on the capturing thread, in order: the PNG checked as the bytes arrive, the
     * screenshot concluded, the hierarchy, then the metadata. For unit tests whose fakes spend a
     * manual clock, where concurrent work would race it.
     */
    SEQUENTIAL;

    /** {@code read} started as this scheduling says; {@link Pending#await()} gives its result. */
    <T> Pending<T> start(String name, Supplier<T> read) {
        return this == OVERLAPPED ? new Threaded<>(name, read) : read::get;
    }

    /**
     * {@code work} done now when sequential; when overlapped, on the thread that awaits it, once
     * the work started meanwhile (the hierarchy) is over.
     */
    <T> Pending<T> conclusion(Supplier<T> work) {
        if (this == OVERLAPPED) {
            return work::get;
        }
        T done = work.get();
        return () -> done;
    }

    /**
     * A PNG check fed on the capturing thread: on its own thread when overlapped and {@code load}
     * leaves room for it, else that check itself, run as the bytes arrive. With many captures a
     * processor the decode's own thread costs CPU and is unlikely to shorten a capture (see
     * {@link CaptureLoad}).
     */
    ImageCheck imageCheck(String name, Supplier<ImageCheck> start, CaptureLoad load) {
        return this == OVERLAPPED && load.leavesRoomForAHelperThread() ? new BackgroundImageCheck(name, start) : start.get();
    }

    /** Work started by {@link #start}. */
    @FunctionalInterface
    interface Pending<T> {
        /** The result, once the work is over; its thread has left it by then. */
        T await();
    }

    /**
     * One capture's reads on a helper thread ({@link HelperThreads}). Every read is bounded by the
     * capture's deadline and ended at once by its cancellation, so waiting for it is bounded too; an
     * interrupt of the waiting thread is kept for its caller, never a reason to leave the read running.
     */
    private static final class Threaded<T> implements Pending<T> {
        private final HelperThreads.Running running;
        // Set by the helper before its end is announced (joinUninterruptibly orders it); never read when the work failed instead.
        @SuppressWarnings("NullAway.Init")
        private T result;
        private @Nullable Throwable failure;

        Threaded(String name, Supplier<T> read) {
            running = HelperThreads.start(name, () -> {
                try {
                    result = read.get();
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            });
        }

        @Override
        public T await() {
            running.joinUninterruptibly();
            // The work's end orders its writes before these reads.
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
