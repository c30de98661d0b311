package com.androperator.evidence.adapters.adb;

/** Receives a stream's stdout as it arrives (the logcat reader), instead of buffering it. */
@FunctionalInterface
public interface OutputListener {

    /**
     * Called on the reading thread for each piece of stdout. The array is reused afterwards.
     *
     * @return false to stop reading; the request then ends as {@link StreamResult.Outcome#CANCELLED}
     */
    boolean onStdout(byte[] data, int offset, int length);
}
