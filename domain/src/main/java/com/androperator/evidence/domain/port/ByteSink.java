package com.androperator.evidence.domain.port;

/**
 * Receives a transfer's bytes as they arrive, in order, on the reading thread; the array is reused
 * after the call returns.
 */
@FunctionalInterface
public interface ByteSink {

    /** @return false to stop the transfer: the receiver can keep nothing more (its storage failed) */
    boolean accept(byte[] bytes, int offset, int length);
}
