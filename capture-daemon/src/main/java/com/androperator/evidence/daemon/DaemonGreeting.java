package com.androperator.evidence.daemon;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A daemon connection before its greeting: the greeting slot it takes ({@link GreetingSlots}) and
 * the timer that cuts it off, counted from its accept whether it waits for a slot or not. The
 * timer and the greeting race for one state, so a connection is either greeted or cut off, never
 * both; the slot is released once.
 */
final class DaemonGreeting {
    private static final int WAITING = 0;
    private static final int GREETED = 1;
    private static final int CUT_OFF = 2;

    private final AtomicInteger state = new AtomicInteger(WAITING);
    private final AtomicBoolean held = new AtomicBoolean(true);
    private final GreetingSlots slots;
    private final ScheduledFuture<?> cutOff;
    private volatile boolean authenticated;

    /** Closes {@code connection} after {@code limit}; {@link #release()} frees its slot of {@code slots}. */
    DaemonGreeting(Socket connection, ScheduledExecutorService timer, GreetingSlots slots, Duration limit) {
        this.slots = slots;
        this.cutOff = timer.schedule(() -> {
            if (state.compareAndSet(WAITING, CUT_OFF)) {
                DaemonWire.closeQuietly(connection);
            }
        }, limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** True when the greeting came before the cut-off; the slot is then free for the next connection. */
    boolean pass() {
        authenticated = state.compareAndSet(WAITING, GREETED);
        release();
        return authenticated;
    }

    boolean authenticated() {
        return authenticated;
    }

    /** Closes the connection at once: it got no slot and no room among the held ones. */
    void refuse(Socket connection) {
        held.set(false);
        cutOff.cancel(false);
        DaemonWire.closeQuietly(connection);
    }

    /** Frees the slot (once) and drops the timer. */
    void release() {
        cutOff.cancel(false);
        if (held.compareAndSet(true, false)) {
            slots.release();
        }
    }
}
