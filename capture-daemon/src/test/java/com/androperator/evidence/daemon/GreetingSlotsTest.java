package com.androperator.evidence.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Greetings run in a free slot, wait in a bounded line for one, and beyond it are turned away. */
class GreetingSlotsTest {
    private final List<String> started = new ArrayList<>();
    private final GreetingSlots slots = new GreetingSlots(2, 1, Runnable::run);

    private boolean offer(String name) {
        return slots.offer(() -> started.add(name));
    }

    @Test
    void greetingsBeyondTheSlotsAreHeldInTurnAndBeyondTheLineRefused() {
        assertThat(offer("a")).isTrue();
        assertThat(offer("b")).isTrue();
        assertThat(offer("held")).isTrue();
        assertThat(offer("refused")).isFalse();
        assertThat(started).containsExactly("a", "b");

        slots.release();
        assertThat(started).containsExactly("a", "b", "held");
        assertThat(offer("next")).as("held: the freed slot went to the one held before").isTrue();

        slots.release();
        slots.release();
        slots.release();
        assertThat(started).containsExactly("a", "b", "held", "next");
        assertThat(offer("c")).isTrue();
        assertThat(offer("d")).isTrue();
        assertThat(started).containsExactly("a", "b", "held", "next", "c", "d");
    }

    @Test
    void aStoppedExecutorLeavesTheHeldConnectionToItsCutOff() {
        GreetingSlots stopped = new GreetingSlots(1, 1, task -> {
            throw new java.util.concurrent.RejectedExecutionException("stopped");
        });
        assertThat(stopped.offer(() -> { })).isTrue();
        assertThat(stopped.offer(() -> { })).isTrue();
        assertThatCode(stopped::release).doesNotThrowAnyException();
    }
}
