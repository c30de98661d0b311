package com.androperator.evidence.simulator.shell;

/** Where a service's encoded bytes go: an adb stream, or a buffer in tests. */
@FunctionalInterface
public interface OutputSink {

    void write(byte[] data);
}
