package com.androperator.evidence.simulator.transport;

import java.util.Optional;

/** Decides what answers a host's OPEN. */
@FunctionalInterface
public interface ServiceDispatcher {

    /**
     * @param service the service string without its trailing NUL, e.g. {@code exec:screencap '-p'}
     * @return the service to run, or empty to refuse the OPEN with {@code CLSE(0, local)}
     */
    Optional<StreamService> open(String service, AdbConnection connection);
}
