package com.androperator.evidence.adapters.media;

import java.nio.ByteBuffer;
import java.util.concurrent.LinkedBlockingDeque;

/**
 * The off-heap input and output buffers of one PNG check's inflater, taken from a small pool and
 * given back when the check ends.
 *
 * <p>Why off the heap: an {@link java.util.zip.Inflater} given arrays holds both in a JNI critical
 * region for the whole of each inflate call. A G1 collection that comes meanwhile (JDK 22+) cannot
 * move the region that holds them: it pins it, keeps all of that region's garbage as old objects,
 * and takes longer ("Evacuation Failure: Pinned"); JDK 17's G1 instead holds the collection back
 * until the call returns. With 16 captures at once, each inflating about 10 MB, most collections
 * found one such call. Direct buffers on both sides let zlib read and write outside the heap.
 *
 * <p>Memory: {@value #BYTES} bytes each way; at most {@value #POOLED} pairs are kept between checks (2 MiB
 * off the heap); a check beyond them makes its own pair, which the collector frees.
 */
final class InflateBuffers {

    /** Large enough that a 10 MB screenshot costs only a few hundred inflate calls. */
    static final int BYTES = 64 * 1024;
    static final int POOLED = 16;
    /** Last in, first out: the pair used last is the likeliest still in the CPU's caches. */
    private static final LinkedBlockingDeque<InflateBuffers> POOL = new LinkedBlockingDeque<>(POOLED);

    /** Holds the compressed bytes of the current piece of a chunk (zlib reads from position to limit). */
    final ByteBuffer input = ByteBuffer.allocateDirect(BYTES);
    /** Receives the inflated bytes of one call (zlib writes from position to limit). */
    final ByteBuffer output = ByteBuffer.allocateDirect(BYTES);

    /** Whether the pair is in the pool (or dropped from it): a second release would hand it to two checks. */
    private boolean released;

    private InflateBuffers() {
    }

    /** A pair from the pool, or a new one when the pool is empty. */
    static InflateBuffers take() {
        InflateBuffers pooled = POOL.pollFirst();
        if (pooled == null) {
            return new InflateBuffers();
        }
        pooled.released = false;
        return pooled;
    }

    /** Gives the pair back for the next check; call once, and use neither buffer afterwards. */
    void release() {
        if (released) {
            throw new IllegalStateException("inflate buffers given back twice");
        }
        released = true;
        input.clear();
        output.clear();
        POOL.offerFirst(this); // a full pool drops it: the collector frees its memory
    }

    /** How many pairs wait in the pool. */
    static int pooled() {
        return POOL.size();
    }
}
