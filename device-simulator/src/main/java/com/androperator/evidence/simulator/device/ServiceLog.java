package com.androperator.evidence.simulator.device;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/** Every service string the host opened, in arrival order, for assertions in tests. */
public final class ServiceLog {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition added = lock.newCondition();
    private final List<String> services = new ArrayList<>();

    public void record(String service) {
        lock.lock();
        try {
            services.add(service);
            added.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** How many entries there are now: a later {@link #await(Predicate, int, Duration)} can skip them. */
    public int size() {
        lock.lock();
        try {
            return services.size();
        } finally {
            lock.unlock();
        }
    }

    public List<String> snapshot() {
        lock.lock();
        try {
            return List.copyOf(services);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until a received service matches, so a test can synchronise on "the broadcast
     * arrived" instead of sleeping.
     *
     * @return the first matching service, or null if none arrived within {@code timeout}
     */
    public String await(Predicate<String> matching, Duration timeout) throws InterruptedException {
        return await(matching, 0, timeout);
    }

    /** As {@link #await(Predicate, Duration)}, looking only at entries from index {@code from} on (see {@link #size()}). */
    public String await(Predicate<String> matching, int from, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                for (String service : services.subList(Math.min(from, services.size()), services.size())) {
                    if (matching.test(service)) {
                        return service;
                    }
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return null;
                }
                added.await(remaining, TimeUnit.NANOSECONDS);
            }
        } finally {
            lock.unlock();
        }
    }
}
