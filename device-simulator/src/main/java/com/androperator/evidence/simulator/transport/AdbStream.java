package com.androperator.evidence.simulator.transport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The device end of one adb stream. Writes are split into WRTE messages no larger than the
 * connection's negotiated payload, and each waits for the host's OKAY to the previous one: the
 * host allows one outstanding WRTE per stream.
 */
public final class AdbStream {

    private final AdbConnection connection;
    private final int localId;
    private final int remoteId;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition stateChanged = lock.newCondition();
    private final List<Runnable> closeListeners = new ArrayList<>();
    private boolean awaitingOkay;
    private boolean closed;

    AdbStream(AdbConnection connection, int localId, int remoteId) {
        this.connection = connection;
        this.localId = localId;
        this.remoteId = remoteId;
    }

    public AdbConnection connection() {
        return connection;
    }

    public int localId() {
        return localId;
    }

    public int remoteId() {
        return remoteId;
    }

    public void write(byte[] data) {
        write(data, 0, data.length);
    }

    /**
     * Sends {@code length} bytes, blocking while the host has not acknowledged the previous WRTE.
     *
     * @throws StreamClosedException when the host closed the stream or the connection ended
     */
    public void write(byte[] data, int offset, int length) {
        int done = 0;
        while (done < length) {
            int chunk = Math.min(connection.maxWritePayload(), length - done);
            awaitWritable();
            byte[] payload = Arrays.copyOfRange(data, offset + done, offset + done + chunk);
            connection.send(new AdbMessage(AdbCommand.WRTE, localId, remoteId, payload));
            done += chunk;
        }
    }

    public boolean isOpen() {
        lock.lock();
        try {
            return !closed;
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code listener} once when the stream closes, at once if it already has. */
    public void onClose(Runnable listener) {
        lock.lock();
        try {
            if (!closed) {
                closeListeners.add(listener);
                return;
            }
        } finally {
            lock.unlock();
        }
        listener.run();
    }

    /** Closes from the device side: sends CLSE(local, remote), which the host answers. */
    public void close() {
        if (markClosed()) {
            connection.forget(this);
            connection.sendQuietly(AdbMessage.of(AdbCommand.CLSE, localId, remoteId));
            runCloseListeners();
        }
    }

    void onHostOkay() {
        lock.lock();
        try {
            awaitingOkay = false;
            stateChanged.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The host closed the stream, or the connection ended: no CLSE goes back. */
    void onHostClose() {
        if (markClosed()) {
            runCloseListeners();
        }
    }

    private void awaitWritable() {
        lock.lock();
        try {
            while (awaitingOkay && !closed) {
                stateChanged.await();
            }
            if (closed) {
                throw new StreamClosedException("stream " + localId + " is closed");
            }
            awaitingOkay = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StreamClosedException("interrupted while waiting for the host's OKAY");
        } finally {
            lock.unlock();
        }
    }

    private boolean markClosed() {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
            stateChanged.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void runCloseListeners() {
        List<Runnable> listeners;
        lock.lock();
        try {
            listeners = List.copyOf(closeListeners);
            closeListeners.clear();
        } finally {
            lock.unlock();
        }
        listeners.forEach(Runnable::run);
    }
}
