package com.androperator.evidence.simulator.device;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The device's main log buffer. Readers that follow it ({@code logcat -T N}) see every line
 * appended after they subscribed, in order; a transport exit ends them all at once. A writer
 * waits while a follower is far behind (a huge chunked result), so that the lines waiting for a
 * slow reader stay bounded, as logd's own buffer does.
 */
public final class LogBuffer {

    private static final int CAPACITY = 20_000;
    /** Lines a follower may have waiting before writers pause for it. */
    private static final int MAX_PENDING = 20_000;

    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<LogLine> lines = new ArrayDeque<>();
    private final Set<Reader> readers = new LinkedHashSet<>();

    public LogBuffer(Clock clock) {
        this.clock = clock;
    }

    public void append(char level, String tag, int pid, String message) {
        for (String part : message.split("\n", -1)) {
            append(level, tag, pid, part.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Appends one line whose message is exactly {@code message} (which holds no newline). */
    public void append(char level, String tag, int pid, byte[] message) {
        lock.lock();
        try {
            while (readers.stream().anyMatch(reader -> reader.pending.size() >= MAX_PENDING)) {
                try {
                    changed.await();
                } catch (InterruptedException e) {
                    // The device is shutting down: the line goes nowhere.
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            LogLine line = LogLine.of(clock.instant(), level, tag, pid, message);
            lines.addLast(line);
            if (lines.size() > CAPACITY) {
                lines.removeFirst();
            }
            readers.forEach(reader -> reader.pending.addLast(line));
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The whole buffer, as {@code logcat -d} prints it. */
    public List<LogLine> dump() {
        lock.lock();
        try {
            return List.copyOf(lines);
        } finally {
            lock.unlock();
        }
    }

    public void clear() {
        lock.lock();
        try {
            lines.clear();
        } finally {
            lock.unlock();
        }
    }

    /** How many readers are following the buffer now. */
    public int readerCount() {
        lock.lock();
        try {
            return readers.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts following: the reader first gets the last {@code tail} lines, then every new one.
     * Snapshot and registration happen under one lock, so no line falls between them.
     */
    public Reader follow(int tail) {
        lock.lock();
        try {
            Reader reader = new Reader();
            List<LogLine> all = new ArrayList<>(lines);
            reader.pending.addAll(all.subList(Math.max(0, all.size() - tail), all.size()));
            readers.add(reader);
            return reader;
        } finally {
            lock.unlock();
        }
    }

    /** Ends every current reader as if logd had dropped them (the Operator's transport exit). */
    public void endAllReaders() {
        lock.lock();
        try {
            readers.forEach(reader -> reader.endedByDevice = true);
            readers.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** One follower; not shared between threads other than the one reading and closers. */
    public final class Reader implements AutoCloseable {
        private final ArrayDeque<LogLine> pending = new ArrayDeque<>();
        private boolean endedByDevice;
        private boolean closed;

        private Reader() {}

        /**
         * Blocks until lines are available and returns all of them; an empty list means the
         * reader ended (closed, or ended by the device: see {@link #endedByDevice()}).
         */
        public List<LogLine> awaitLines() throws InterruptedException {
            lock.lock();
            try {
                while (pending.isEmpty() && !endedByDevice && !closed) {
                    changed.await();
                }
                List<LogLine> batch = new ArrayList<>(pending);
                pending.clear();
                // A writer paused for this reader may go on.
                changed.signalAll();
                return batch;
            } finally {
                lock.unlock();
            }
        }

        public boolean endedByDevice() {
            lock.lock();
            try {
                return endedByDevice;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            lock.lock();
            try {
                closed = true;
                readers.remove(this);
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
