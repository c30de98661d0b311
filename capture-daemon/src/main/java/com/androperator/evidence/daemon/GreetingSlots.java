package com.androperator.evidence.daemon;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Where connections wait for their greeting: a few slots, each a thread reading one connection's
 * greeting, and behind them a bounded line of accepted connections held with no thread. A
 * connection beyond both is closed at once, so the daemon keeps accepting whatever comes and the
 * kernel's backlog never fills: another user's silent connections cannot make a client's connect
 * wait out the kernel's SYN retries, and a burst of the user's own clients is served in turn.
 */
final class GreetingSlots {
    private final int slots;
    private final int maxHeld;
    private final Executor threads;
    private final Queue<Runnable> held = new ArrayDeque<>();
    private int busy;

    GreetingSlots(int slots, int maxHeld, Executor threads) {
        if (slots < 1 || maxHeld < 0) {
            throw new IllegalArgumentException("slots " + slots + ", held " + maxHeld);
        }
        this.slots = slots;
        this.maxHeld = maxHeld;
        this.threads = threads;
    }

    /**
     * Runs {@code greeting} in a free slot, or holds it until one is free; false when every slot
     * is busy and {@code maxHeld} wait already (the caller closes the connection). The greeting
     * calls {@link #release()} once when it no longer needs its slot.
     */
    boolean offer(Runnable greeting) {
        synchronized (this) {
            if (busy >= slots) {
                if (held.size() >= maxHeld) {
                    return false;
                }
                held.add(greeting);
                return true;
            }
            busy++;
        }
        start(greeting);
        return true;
    }

    /** A slot is free: the longest-held greeting takes it. */
    void release() {
        Runnable next;
        synchronized (this) {
            next = held.poll();
            if (next == null) {
                busy--;
                return;
            }
        }
        start(next);
    }

    private void start(Runnable greeting) {
        try {
            threads.execute(greeting);
        } catch (RejectedExecutionException stopped) {
            // The daemon is stopping; the connection's cut-off closes it.
        }
    }
}
