package com.androperator.evidence.domain.capture;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many captures one JVM runs at once, against the processors it may use: whether a capture's
 * PNG check may have a thread of its own ({@link CaptureScheduling#imageCheck}).
 *
 * <p>Why: the PNG decode on its own thread overlaps the Operator round trip, which shortens a
 * capture while a processor would otherwise wait. It costs a copy of the PNG into slices, a hand-off
 * a slice and, once many captures queue slices at once, collections of the slices the shared pool
 * could not hold. With 16 phones at once on 2 processors, checking on the capturing thread cost the
 * MCP server about 1.9 ms less CPU a capture (27.6 against 29.5, four interleaved runs), with 10
 * phones 2.4-3.2 ms less, and with 3 or 6 phones nothing (docs/benchmarks.md, "Twentieth pass").
 * So the helper thread is kept up to {@value #CAPTURES_PER_PROCESSOR} captures a processor, where it
 * cost no measurable CPU in those runs and keeps the overlap. The count is of captures in progress, most of whose time is
 * spent waiting for their device: a cheap stand-in for the host's load, not a measure of it.
 */
final class CaptureLoad {
    /** Captures a processor up to which a PNG check still gets its own thread. */
    static final int CAPTURES_PER_PROCESSOR = 4;
    /** The JVM's own: every capture it runs counts, whichever entrypoint started it. */
    private static final CaptureLoad JVM = new CaptureLoad(Runtime.getRuntime().availableProcessors());

    private final int processors;
    private final AtomicInteger running = new AtomicInteger();

    /**
     * @param processors the processors the captures share (at least 1): with more than
     *                   {@value #CAPTURES_PER_PROCESSOR} captures a processor running, a capture's PNG
     *                   check stays on its capturing thread
     */
    CaptureLoad(int processors) {
        if (processors < 1) {
            throw new IllegalArgumentException("a capture load needs at least one processor, not " + processors);
        }
        this.processors = processors;
    }

    /** The load of this JVM's captures, against the processors the JVM may use (read once, at start). */
    static CaptureLoad ofThisJvm() {
        return JVM;
    }

    /** One capture more; each is followed by one {@link #leave()}. */
    void enter() {
        running.incrementAndGet();
    }

    /** One capture fewer: a capture that entered is over. Never below zero; a leave without an enter is a bug. */
    void leave() {
        int now;
        do {
            now = running.get();
            if (now == 0) {
                throw new IllegalStateException("a capture left a load it had not entered");
            }
        } while (!running.compareAndSet(now, now - 1));
    }

    /** Whether the captures running now, this one included, leave a PNG check room for a thread of its own. */
    boolean leavesRoomForAHelperThread() {
        return running.get() <= (long) CAPTURES_PER_PROCESSOR * processors;
    }

    /** Captures running now. */
    int running() {
        return running.get();
    }
}
