package com.androperator.evidence.domain.budget;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A helper runs under its own name on a thread kept across helpers, leaves it under the idle name
 * and without an interrupt before its end is announced, and is awaited despite an interrupt of the
 * waiting thread, which is handed back to the waiter afterwards.
 */
class HelperThreadsTest {

    @AfterEach
    void clearTheInterrupt() {
        Thread.interrupted();
    }

    @Test
    void aHelperRunsUnderItsNameOnAKeptThreadThatItLeavesIdleAndUninterrupted() {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<String> nameWhileRunning = new AtomicReference<>();

        HelperThreads.Running running = HelperThreads.start("evidence-test-helper-1", () -> {
            ranOn.set(Thread.currentThread());
            nameWhileRunning.set(Thread.currentThread().getName());
            Thread.currentThread().interrupt();
        });
        running.joinUninterruptibly();

        assertThat(running.isAlive()).isFalse();
        assertThat(nameWhileRunning.get()).isEqualTo("evidence-test-helper-1");
        assertThat(ranOn.get().getName()).as("the kept thread's idle name").startsWith(HelperThreads.IDLE_PREFIX);
        assertThat(ranOn.get().isDaemon()).isTrue();
        assertThat(ranOn.get().isInterrupted()).as("an interrupt of one helper's work never reaches the next").isFalse();
    }

    @Test
    void theNextHelperRunsOnAThreadThatWasKeptNotOnANewOne() {
        AtomicReference<Thread> first = new AtomicReference<>();
        HelperThreads.start("evidence-test-helper-4", () -> first.set(Thread.currentThread())).joinUninterruptibly();
        // Once the first thread waits for work again, a thread is idle and the next helper is handed to one.
        while (first.get().getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
        Set<Thread> kept = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(HelperThreads.IDLE_PREFIX)).collect(Collectors.toSet());

        AtomicReference<Thread> second = new AtomicReference<>();
        HelperThreads.start("evidence-test-helper-5", () -> second.set(Thread.currentThread())).joinUninterruptibly();

        assertThat(kept).contains(second.get());
    }

    @Test
    void aKeptThreadInheritsNothingFromTheThreadThatStartedIt() {
        InheritableThreadLocal<String> callersContext = new InheritableThreadLocal<>();
        callersContext.set("capture A's trace");
        AtomicReference<String> seen = new AtomicReference<>("not run");
        HelperThreads.start("evidence-test-helper-6", () -> seen.set(callersContext.get())).joinUninterruptibly();
        callersContext.remove();

        assertThat(seen.get()).as("a kept thread never carries one caller's inherited values to another").isNull();
    }

    @Test
    void theWorksWritesAreSeenAfterItsEnd() {
        int[] written = new int[1];
        HelperThreads.Running running = HelperThreads.start("evidence-test-helper-2", () -> written[0] = 42);
        running.joinUninterruptibly();
        assertThat(written[0]).isEqualTo(42);
    }

    @Test
    void joinWaitsForTheHelperDespiteAnInterruptAndKeepsTheInterrupt() {
        Thread waiter = Thread.currentThread();
        // The helper ends once the waiter is parked in its wait for the second time (the first wait
        // returns at once with the interrupt): it waits on the waiter's state, not on time.
        HelperThreads.Running helper = HelperThreads.start("evidence-test-helper-3", () -> {
            while (waiter.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
        });
        waiter.interrupt();

        helper.joinUninterruptibly();

        assertThat(helper.isAlive()).isFalse();
        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
    }
}
