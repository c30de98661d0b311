package com.androperator.evidence.simulator.transport;

/**
 * Thrown into a service that writes to a stream the host has closed or a connection that has
 * ended. It unwinds the service; it is not an error of the simulator.
 */
public final class StreamClosedException extends RuntimeException {

    public StreamClosedException(String message) {
        super(message);
    }
}
