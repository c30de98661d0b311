package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The idle heap return, its clock driven by hand: one collection for each stretch with no tool call
 * in flight that lasted the idle time, and none while any call runs or after a clock that a call
 * made stale.
 */
class IdleHeapReturnTest {
    private final List<Runnable> clocks = new ArrayList<>();
    private final List<CompletableFuture<Void>> futures = new ArrayList<>();
    private final AtomicInteger collections = new AtomicInteger();

    private IdleHeapReturn idle() {
        return new IdleHeapReturn(whenIdle -> {
            clocks.add(whenIdle);
            CompletableFuture<Void> future = new CompletableFuture<>();
            futures.add(future);
            return future;
        }, collections::incrementAndGet);
    }

    /** The clock fires: what the timer thread does once the idle time has passed, unless cancelled. */
    private void fire(int clock) {
        Future<?> future = futures.get(clock);
        if (!future.isCancelled()) {
            clocks.get(clock).run();
        }
    }

    @Test
    void aServerThatNeverGetsACallCollectsOnceAfterStarting() {
        idle();

        assertThat(clocks).hasSize(1);
        fire(0);
        assertThat(collections).hasValue(1);
    }

    @Test
    void eachIdleStretchAfterCallsCollectsOnce() {
        IdleHeapReturn idle = idle();
        fire(0);
        idle.callStarted();
        idle.callEnded();
        fire(1);
        idle.callStarted();
        idle.callEnded();
        fire(2);

        assertThat(collections).hasValue(3);
        assertThat(clocks).hasSize(3);
    }

    @Test
    void aCallThatStartsBeforeTheIdleTimeIsUpCancelsTheCollection() {
        IdleHeapReturn idle = idle();
        idle.callStarted();

        assertThat(futures.get(0)).isCancelled();
        fire(0);
        assertThat(collections).hasValue(0);
    }

    @Test
    void aClockThatFiresAfterACallStartedChangesNothing() {
        IdleHeapReturn idle = idle();
        idle.callStarted();
        // The timer thread took the task just before the cancel: it runs anyway, and must see it is stale.
        clocks.get(0).run();
        idle.callEnded();
        clocks.get(0).run();

        assertThat(collections).hasValue(0);
        fire(1);
        assertThat(collections).hasValue(1);
    }

    @Test
    void onlyTheLastOfOverlappingCallsStartsTheClock() {
        IdleHeapReturn idle = idle();
        idle.callStarted();
        idle.callStarted();
        idle.callEnded();

        assertThat(clocks).hasSize(1);
        idle.callEnded();
        assertThat(clocks).hasSize(2);
        fire(1);
        assertThat(collections).hasValue(1);
    }
}
