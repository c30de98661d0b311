package com.androperator.evidence.simulator.transport;

import java.io.IOException;

/** The peer sent bytes that are not a valid adb transport message; the connection must end. */
public final class AdbProtocolException extends IOException {

    public AdbProtocolException(String message) {
        super(message);
    }
}
