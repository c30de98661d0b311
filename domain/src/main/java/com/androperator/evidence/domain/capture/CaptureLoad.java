package com.androperator.evidence.domain.capture;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many captures one JVM runs at once, against the processors it may use: whether a capture's
 * host work may have a thread of its own ({@link CaptureScheduling#imageCheck}).
 *
 * <p>Why: the PNG decode on its own thread overlaps the Operator round trip, which shortens a
 * capture only while a processor would otherwise wait. With more captures running than
 * processors, every processor already has a capture's work to do, so the thread buys no time and
 * its hand-offs cost CPU. In the benchmark's rounds of 16 phones at once on 2 processors, checking
 * on the capturing thread cost the MCP server 1.8 ms less CPU a capture (27.6 against 29.5, four
 * interleaved runs; docs/benchmarks.md, "Twentieth pass"), while a capture on its own keeps the
 * overlap.
 */
public final class CaptureLoad {
    /** The JVM's own: every capture it runs counts, whichever entrypoint started it. */
    private static final CaptureLoad JVM = new CaptureLoad(Runtime.getRuntime().availableProcessors());

    private final int processors;
    private final AtomicInteger running = new AtomicInteger();

    /**
     * @param processors the processors the captures share (at least 1): with more captures running
     *                   than this, a capture's PNG check stays on its capturing thread
     */
    public CaptureLoad(int processors) {
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

    /** One capture fewer: a capture that entered is over. */
    void leave() {
        if (running.getAndDecrement() < 1) {
            running.incrementAndGet();
            throw new IllegalStateException("a capture left a load it had not entered");
        }
    }

    /** Whether the captures running now, this one included, leave a processor for a helper thread. */
    boolean leavesAProcessorSpare() {
        return running.get() <= processors;
    }

    /** Captures running now. */
    int running() {
        return running.get();
    }
}
