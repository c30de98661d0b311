package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The PNG check on its own thread: every byte reaches the wrapped check once and in order, on one
 * thread that is not the caller's; what the check throws comes back from finish; the thread always
 * ends and closes the check.
 */
class BackgroundImageCheckTest {

    /** A check that records what it was given and on which threads. */
    private static final class RecordingCheck implements ImageCheck {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
        final List<String> threadNames = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger closes = new AtomicInteger();
        final int failAfterBytes;

        RecordingCheck(int failAfterBytes) {
            this.failAfterBytes = failAfterBytes;
        }

        @Override
        public void accept(byte[] piece, int offset, int length) {
            threads.add(Thread.currentThread());
            threadNames.add(Thread.currentThread().getName());
            bytes.write(piece, offset, length);
            if (bytes.size() > failAfterBytes) {
                throw new IllegalStateException("broken after " + bytes.size() + " bytes");
            }
        }

        @Override
        public ImageVerification finish() {
            threads.add(Thread.currentThread());
            threadNames.add(Thread.currentThread().getName());
            return new ImageVerification.Verified(bytes.size(), 1);
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    /** Seeded piece sizes, from 1 byte to several slices at once, over 3 MiB in all. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42})
    void everyByteReachesTheCheckInOrderOnOneThreadOfItsOwn(long seed) {
        Random random = new Random(seed);
        byte[] image = new byte[3 * 1024 * 1024 + 17];
        random.nextBytes(image);
        RecordingCheck recording = new RecordingCheck(Integer.MAX_VALUE);
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> recording);
        for (int offset = 0; offset < image.length; ) {
            int length = Math.min(image.length - offset, 1 + random.nextInt(5 * BackgroundImageCheck.SLICE_BYTES));
            check.accept(image, offset, length);
            offset += length;
        }

        ImageVerification verdict = check.finish();

        assertThat(verdict).isEqualTo(new ImageVerification.Verified(image.length, 1));
        assertThat(recording.bytes.toByteArray()).isEqualTo(image);
        assertThat(recording.threads).doesNotContain(Thread.currentThread());
        assertThat(recording.threads.stream().distinct()).singleElement()
                .satisfies(thread -> assertThat(thread.getName()).as("the helper thread left the check").isNotEqualTo("png-check-test"));
        assertThat(recording.threadNames).containsOnly("png-check-test");
        assertThat(recording.closes).hasValue(1);
    }

    @Test
    void theArraysOfSlicesTheCheckHasReadServeTheNextChecks() {
        List<byte[]> read = new CopyOnWriteArrayList<>();
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> new ImageCheck() {
            @Override
            public void accept(byte[] bytes, int offset, int length) {
                read.add(bytes);
            }

            @Override
            public ImageVerification finish() {
                return new ImageVerification.Verified(1, 1);
            }
        });
        check.accept(new byte[3 * BackgroundImageCheck.SLICE_BYTES], 0, 3 * BackgroundImageCheck.SLICE_BYTES);
        check.finish();

        byte[] next = BackgroundImageCheck.pooledArray();

        assertThat(read).hasSize(3);
        assertThat(next).isSameAs(read.get(2)); // the one read last, first out
        BackgroundImageCheck.giveBack(next);
    }

    @Test
    void thePoolKeepsAtMostItsArrays() {
        int more = BackgroundImageCheck.POOLED_ARRAYS + 6;
        for (int i = 0; i < more; i++) {
            BackgroundImageCheck.pooledArray(); // empties the pool
        }
        Set<byte[]> given = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < more; i++) {
            byte[] array = new byte[BackgroundImageCheck.SLICE_BYTES];
            given.add(array);
            BackgroundImageCheck.giveBack(array);
        }

        long kept = IntStream.range(0, more).mapToObj(i -> BackgroundImageCheck.pooledArray()).filter(given::contains).count();

        assertThat(kept).isEqualTo(BackgroundImageCheck.POOLED_ARRAYS);
    }

    @Test
    void aCheckThatThrowsIsRethrownByFinishAndTheRestIsDrainedWithoutWaiting() {
        RecordingCheck recording = new RecordingCheck(10);
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> recording);
        byte[] slice = new byte[BackgroundImageCheck.SLICE_BYTES];
        // Far more than the queue holds: a check that gave up must not stall the transfer.
        for (int i = 0; i < 4 * BackgroundImageCheck.QUEUED_SLICES; i++) {
            check.accept(slice, 0, slice.length);
        }

        assertThatThrownBy(check::finish).isInstanceOf(IllegalStateException.class).hasMessage("broken after "
                + BackgroundImageCheck.SLICE_BYTES + " bytes");
        assertThat(recording.bytes.size()).isEqualTo(BackgroundImageCheck.SLICE_BYTES);
        assertThat(recording.closes).hasValue(1);
    }

    @Test
    void aCheckThatCannotStartIsRethrownByFinish() {
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> {
            throw new IllegalArgumentException("no inflater");
        });
        check.accept(new byte[8], 0, 8);

        assertThatThrownBy(check::finish).isInstanceOf(IllegalArgumentException.class).hasMessage("no inflater");
    }

    @Test
    void closeWithoutFinishEndsTheThreadAndClosesTheCheckOnce() {
        RecordingCheck recording = new RecordingCheck(Integer.MAX_VALUE);
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> recording);
        check.accept(new byte[100], 0, 100);

        check.close();
        check.close();

        assertThat(recording.bytes.size()).isEqualTo(100);
        assertThat(recording.closes).hasValue(1);
        assertThat(recording.threads).allSatisfy(thread -> assertThat(thread.getName()).isNotEqualTo("png-check-test"));
        assertThatThrownBy(() -> check.accept(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void noBytesMeansNoCheckAndNoVerdict() {
        AtomicInteger started = new AtomicInteger();
        BackgroundImageCheck check = new BackgroundImageCheck("png-check-test", () -> {
            started.incrementAndGet();
            return new RecordingCheck(0);
        });

        assertThat(check.finish()).isNull();
        assertThat(started).hasValue(0);
    }
}
