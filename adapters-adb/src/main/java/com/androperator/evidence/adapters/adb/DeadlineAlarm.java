package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Rings once a {@link Deadline} has passed, by its own clock: an adb request closes its socket
 * then, so that its connect and reads block plainly instead of under a socket timeout. A timed read
 * on a JDK socket puts it in non-blocking mode and costs a failed read and a poll for every wait,
 * and a timed connect switches the mode back and forth: about 25 microseconds of CPU on each of a
 * capture's 13 connections (issue 26).
 *
 * <p>One daemon thread serves every alarm of the process, and it is woken only for an alarm due
 * before the moment it already plans to wake at. A request's alarm is nearly always due after
 * that (a capture's requests share its budget, and later captures end later), so setting and
 * closing one is an insertion and a removal in a sorted set under a lock, with no thread woken;
 * the thread wakes at the planned moment even when that alarm was closed since, finds what is
 * due then, and plans again. An alarm that comes due early by its deadline's clock (a clock that
 * runs slower than {@link System#nanoTime()}) is set again for what is left.
 */
final class DeadlineAlarm implements AutoCloseable {
    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final long MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long LONGEST_NANOS = TimeUnit.DAYS.toNanos(1);

    private final Deadline deadline;
    private final Runnable ring;
    private final long sequence = SEQUENCE.getAndIncrement();
    /** When it is due, on {@link System#nanoTime()}; changed only under the alarms' lock. */
    private long dueNanos;
    private boolean over;
    private volatile boolean rang;

    private DeadlineAlarm(Deadline deadline, Runnable ring) {
        this.deadline = deadline;
        this.ring = ring;
    }

    /** Runs {@code ring} once, on the alarm thread, when {@code deadline} has passed, unless closed before. */
    static DeadlineAlarm set(Deadline deadline, Runnable ring) {
        DeadlineAlarm alarm = new DeadlineAlarm(deadline, ring);
        Alarms.INSTANCE.add(alarm);
        return alarm;
    }

    /** Whether it rang: what ended the request's blocking call was its deadline. */
    boolean rang() {
        return rang;
    }

    /** No ring starts after this returns; one that started just before may still be running. */
    @Override
    public void close() {
        Alarms.INSTANCE.remove(this);
    }

    /** The alarms of the process and the thread that rings them. */
    private static final class Alarms {
        static final Alarms INSTANCE = new Alarms();

        private final TreeSet<DeadlineAlarm> pending = new TreeSet<>((a, b) -> a.dueNanos != b.dueNanos
                ? Long.compare(a.dueNanos - b.dueNanos, 0) : Long.compare(a.sequence, b.sequence));
        /**
         * When the thread will wake next, on {@link System#nanoTime()}; meaningful only while
         * {@link #waiting}. A thread that is not waiting looks at the pending alarms before it does.
         */
        private long plannedWake;
        private boolean waiting;
        private Thread thread;

        synchronized void add(DeadlineAlarm alarm) {
            if (alarm.over) {
                return;
            }
            // Rounded up to the next millisecond (as a socket timeout was): the requests of one
            // capture share its deadline, so their alarms come due at the same moment and never wake
            // the thread for one another, however the nanoseconds between two readings of the clocks
            // fall. At most a day ahead, so that due times stay comparable across a wrap of the clock.
            long due = System.nanoTime() + Math.max(1, Math.min(LONGEST_NANOS, alarm.deadline.remainingNanos()));
            alarm.dueNanos = due - Math.floorMod(due, MILLISECOND) + MILLISECOND;
            if (thread == null || !thread.isAlive()) {
                // The first alarm, or one after the thread was lost: no request is left without its deadline.
                Thread started = new Thread(this::run, "adb-deadline-alarms");
                started.setDaemon(true);
                started.start();
                thread = started;
            }
            pending.add(alarm);
            if (waiting && alarm.dueNanos - plannedWake < 0) {
                notifyAll();
            }
        }

        synchronized void remove(DeadlineAlarm alarm) {
            alarm.over = true;
            pending.remove(alarm);
        }

        private void run() {
            while (true) {
                for (DeadlineAlarm alarm : due()) {
                    try {
                        if (!alarm.deadline.expired()) {
                            add(alarm);
                        } else if (ringing(alarm)) {
                            alarm.ring.run();
                        }
                    } catch (RuntimeException | Error e) {
                        // A ring that broke (a socket that would not close, a clock that threw) must
                        // not stop the alarms of every other request; its request ends by its own means.
                    }
                }
            }
        }

        /** Whether {@code alarm}, due, is still set; it is over from now on. */
        private synchronized boolean ringing(DeadlineAlarm alarm) {
            if (alarm.over) {
                return false;
            }
            alarm.over = true;
            alarm.rang = true;
            return true;
        }

        /** Waits until an alarm is due and takes every one that is; an alarm taken is no longer pending. */
        private synchronized List<DeadlineAlarm> due() {
            while (true) {
                long now = System.nanoTime();
                List<DeadlineAlarm> due = new ArrayList<>();
                while (!pending.isEmpty() && pending.first().dueNanos - now <= 0) {
                    due.add(pending.pollFirst());
                }
                if (!due.isEmpty()) {
                    waiting = false;
                    return due;
                }
                waiting = true;
                try {
                    if (pending.isEmpty()) {
                        plannedWake = now + Long.MAX_VALUE / 2;
                        wait();
                    } else {
                        plannedWake = pending.first().dueNanos;
                        TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, plannedWake - now));
                    }
                } catch (InterruptedException e) {
                    // Nobody interrupts this thread; if something does, look at the alarms again.
                }
            }
        }
    }
}
