package com.androperator.evidence.simulator.harness;

import java.io.IOException;

/** The adb server answered FAIL; the message is its reason, e.g. "device offline". */
public final class AdbHostException extends IOException {

    public AdbHostException(String reason) {
        super(reason);
    }
}
