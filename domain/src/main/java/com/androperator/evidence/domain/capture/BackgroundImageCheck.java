package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.budget.HelperThreads;
import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A PNG check whose pieces are handed over on the capturing thread and checked on a thread of its
 * own (a {@link HelperThreads} thread), so that decoding the image (the costly part of a screenshot, about 16 ms for a 1080x2400
 * screen) overlaps the Operator round trip instead of delaying its dispatch. Still one pass: every
 * piece goes to the check in order, once. Memory stays bounded whatever the source delivers: pieces
 * are copied in slices of at most {@link #SLICE_BYTES} and at most {@link #QUEUED_SLICES} wait, so
 * a transfer faster than the decode waits for it. The wrapped check is created, used and closed on
 * the check's own thread only (an {@link ImageCheck} is not shared between threads); what it
 * throws is rethrown by {@link #finish()}, and later pieces are then only drained.
 */
final class BackgroundImageCheck implements ImageCheck {
    static final int SLICE_BYTES = 64 * 1024;
    static final int QUEUED_SLICES = 32;
    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> slices = new ArrayBlockingQueue<>(QUEUED_SLICES);
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
            Uninterruptibly.put(slices, Arrays.copyOfRange(bytes, from, Math.min(offset + length, from + SLICE_BYTES)));
        }
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
            for (byte[] slice = Uninterruptibly.take(slices); slice != END; slice = Uninterruptibly.take(slices)) {
                if (broken) {
                    continue; // drained, so that the capturing thread never waits on a check that gave up
                }
                try {
                    if (check == null) {
                        check = start.get();
                    }
                    check.accept(slice, 0, slice.length);
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
