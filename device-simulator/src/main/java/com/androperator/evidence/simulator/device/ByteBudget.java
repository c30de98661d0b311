package com.androperator.evidence.simulator.device;

import java.util.Arrays;

/** Bytes of output a fault lets through before it acts (cut the connection, stall). */
final class ByteBudget {
    private long remaining;

    ByteBudget(long budget) {
        this.remaining = budget;
    }

    /** The part of {@code data} within the budget, which it spends. */
    byte[] spend(byte[] data) {
        if (data.length <= remaining) {
            remaining -= data.length;
            return data;
        }
        byte[] allowed = Arrays.copyOf(data, (int) remaining);
        remaining = 0;
        return allowed;
    }

    boolean spent() {
        return remaining == 0;
    }
}
