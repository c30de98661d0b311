package com.androperator.evidence.adapters.adb;

import java.io.Closeable;
import java.io.IOException;

/**
 * Ends an adb request from another thread by closing its socket; the blocked read returns at
 * once and the request reports {@link StreamResult.Outcome#CANCELLED}. A cancellation that
 * happens before the request connects makes the request return without connecting.
 */
public final class AdbCancellation {
    private Closeable resource;
    private boolean cancelled;

    public synchronized void cancel() {
        cancelled = true;
        closeQuietly(resource);
        resource = null;
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** Registers the socket of the running request; false (and closes it) when already cancelled. */
    synchronized boolean attach(Closeable socket) {
        if (cancelled) {
            closeQuietly(socket);
            return false;
        }
        resource = socket;
        return true;
    }

    synchronized void detach(Closeable socket) {
        if (resource == socket) {
            resource = null;
        }
    }

    private static void closeQuietly(Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException ignored) {
            // Closing is the cancellation itself; a second close error changes nothing.
        }
    }
}
