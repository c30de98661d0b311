package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A capture's waits on its own helper threads finish the wait even when the waiting thread is
 * interrupted, and hand the interrupt back to their caller afterwards instead of swallowing it.
 */
class UninterruptiblyTest {

    @AfterEach
    void clearTheInterrupt() {
        Thread.interrupted();
    }

    @Test
    void putStoresTheItemDespiteAnInterruptAndKeepsTheInterrupt() {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        Thread.currentThread().interrupt();

        Uninterruptibly.put(queue, "piece");

        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        assertThat(queue).containsExactly("piece");
    }

    @Test
    void takeReturnsTheItemDespiteAnInterruptAndKeepsTheInterrupt() {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        queue.add("piece");
        Thread.currentThread().interrupt();

        assertThat(Uninterruptibly.take(queue)).isEqualTo("piece");
        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
    }

    @Test
    void withoutAnInterruptNoneIsMadeUp() {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        Uninterruptibly.put(queue, "piece");
        assertThat(Uninterruptibly.take(queue)).isEqualTo("piece");
        assertThat(Thread.interrupted()).isFalse();
    }
}
