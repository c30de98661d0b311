package com.androperator.evidence.simulator.device;

/** What a command may do to the stream and connection it runs on. */
public interface StreamControl {

    /** Runs {@code listener} when the host closes the stream (a long-lived logcat must stop). */
    void onClose(Runnable listener);

    /**
     * Cuts the whole TCP connection, as a device that dies does, and stops listening for
     * {@code offlineMillis} so the host's automatic reconnect fails meanwhile.
     */
    void cutConnection(long offlineMillis);

    /** For commands run outside a stream (tests): nothing closes, cutting is refused. */
    static StreamControl detached() {
        return new StreamControl() {
            @Override
            public void onClose(Runnable listener) {
                // A detached command has no stream that could close.
            }

            @Override
            public void cutConnection(long offlineMillis) {
                throw new IllegalStateException("no connection to cut outside a stream");
            }
        };
    }
}
