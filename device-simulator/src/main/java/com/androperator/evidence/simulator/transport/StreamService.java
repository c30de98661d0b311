package com.androperator.evidence.simulator.transport;

/** What runs on one opened stream. The stream is closed from the device side when it returns. */
@FunctionalInterface
public interface StreamService {

    void serve(AdbStream stream);
}
