package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.budget.HelperThreads;
import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A PNG check whose pieces are handed over on the capturing thread and checked on a thread of its
 * own (a {@link HelperThreads} thread), so that decoding the image (the costly part of a screenshot, about 16 ms for a 1080x2400
 * screen) overlaps the Operator round trip instead of delaying its dispatch. Still one pass: every
 * piece goes to the check in order, once. Memory stays bounded whatever the source delivers: pieces
 * are copied in slices of at most {@link #SLICE_BYTES} and at most {@link #QUEUED_SLICES} wait, so
 * a transfer faster than the decode waits for it. A slice's array goes back to a pool shared by all
 * checks once the wrapped check has read it ({@link ImageCheck#accept} reads during the call only):
 * a screenshot's megabyte of slices was a quarter of a capture's allocation. The wrapped check is created, used and closed on
 * the check's own thread only (an {@link ImageCheck} is not shared between threads); what it
 * throws is rethrown by {@link #finish()}, and later pieces are then only drained. Used only while
 * {@link CaptureLoad} leaves room for it: with many captures at once, the slices outgrow the pool and
 * the check runs on the capturing thread instead.
 */
final class BackgroundImageCheck implements ImageCheck {
    static final int SLICE_BYTES = 64 * 1024;
    static final int QUEUED_SLICES = 32;
    /** Arrays kept for the next checks: 4 MiB at most; a slice beyond them is a new array. */
    static final int POOLED_ARRAYS = 64;
    /** Last in, first out: the array used last is the likeliest still in the CPU's caches. */
    private static final LinkedBlockingDeque<byte[]> POOL = new LinkedBlockingDeque<>(POOLED_ARRAYS);
    private static final Slice END = new Slice(new byte[0], 0);

    private final BlockingQueue<Slice> slices = new ArrayBlockingQueue<>(QUEUED_SLICES);
    private final HelperThreads.Running running;
    private boolean ended;
    // Written by the check's thread, read after its end was awaited (which orders them).
    private @Nullable ImageVerification verdict;
    private @Nullable RuntimeException failure;
    private @Nullable Error error;

    BackgroundImageCheck(String name, Supplier<ImageCheck> start) {
        running = HelperThreads.start(name, () -> run(start));
    }

    @Override
    public void accept(byte[] bytes, int offset, int length) {
        if (ended) {
            throw new IllegalStateException("the PNG check has finished");
        }
        for (int from = offset; from < offset + length; from += SLICE_BYTES) {
            int count = Math.min(offset + length - from, SLICE_BYTES);
            byte[] array = pooledArray();
            System.arraycopy(bytes, from, array, 0, count);
            Uninterruptibly.put(slices, new Slice(array, count));
        }
    }

    /** An array of {@link #SLICE_BYTES} from the pool, or a new one when the pool is empty. */
    static byte[] pooledArray() {
        byte[] pooled = POOL.pollFirst();
        return pooled != null ? pooled : new byte[SLICE_BYTES];
    }

    /** Gives an array back once nothing reads it; a full pool drops it. */
    static void giveBack(byte[] array) {
        POOL.offerFirst(array);
    }

    /** The first {@code length} bytes of {@code array}: one piece of the PNG, in order. */
    private record Slice(byte[] array, int length) {
    }

    // Null (no verdict) only when no byte was handed over, so the wrapped check never started: the
    // screenshot step creates this check with its first piece, and takes a missing verdict as a rejection.
    @SuppressWarnings("NullAway")
    @Override
    public @Nullable ImageVerification finish() {
        end();
        if (error != null) {
            throw error;
        }
        if (failure != null) {
            throw failure;
        }
        return verdict;
    }

    /** Ends the check's thread (it closes the wrapped check); idempotent. */
    @Override
    public void close() {
        end();
    }

    private void end() {
        if (!ended) {
            ended = true;
            Uninterruptibly.put(slices, END);
            running.joinUninterruptibly();
        }
    }

    private void run(Supplier<ImageCheck> start) {
        ImageCheck check = null;
        boolean broken = false;
        try {
            for (Slice slice = Uninterruptibly.take(slices); slice != END; slice = Uninterruptibly.take(slices)) {
                if (broken) {
                    giveBack(slice.array());
                    continue; // drained, so that the capturing thread never waits on a check that gave up
                }
                try {
                    if (check == null) {
                        check = start.get();
                    }
                    check.accept(slice.array(), 0, slice.length());
                    giveBack(slice.array());
                } catch (RuntimeException e) {
                    failure = e;
                    broken = true;
                } catch (Error e) {
                    error = e;
                    broken = true;
                }
            }
            if (!broken && check != null) {
                try {
                    verdict = check.finish();
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
        } catch (Error e) {
            error = e;
        } finally {
            if (check != null) {
                try {
                    check.close();
                } catch (RuntimeException ignored) {
                    // The verdict is decided; a check that cannot release its inflater changes nothing.
                }
            }
        }
    }
}
