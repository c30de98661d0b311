package com.androperator.evidence.simulator.profile;

/** A profile that cannot describe a device; the message names the offending key. */
public final class InvalidProfileException extends IllegalArgumentException {

    public InvalidProfileException(String message) {
        super(message);
    }

    public InvalidProfileException(String message, Throwable cause) {
        super(message, cause);
    }
}
