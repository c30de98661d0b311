package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.transport.StreamClosedException;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * Passes output through until {@code budget} bytes of stdout and stderr have gone out, then holds
 * the command where it is, sending nothing, until the host closes the stream: the
 * {@code stallAfterBytes} fault. The host receives exactly the budget and then waits.
 */
final class StallingOutput implements CommandOutput {

    private final CommandOutput inner;
    private final CountDownLatch closed = new CountDownLatch(1);
    private long remaining;

    StallingOutput(CommandOutput inner, long budget, StreamControl stream) {
        this.inner = inner;
        this.remaining = budget;
        stream.onClose(closed::countDown);
    }

    @Override
    public void stdout(byte[] data) {
        byte[] allowed = spend(data);
        if (allowed.length > 0) {
            inner.stdout(allowed);
        }
        stallIfSpent();
    }

    @Override
    public void stderr(byte[] data) {
        byte[] allowed = spend(data);
        if (allowed.length > 0) {
            inner.stderr(allowed);
        }
        stallIfSpent();
    }

    @Override
    public void exit(int status) {
        stallIfSpent();
        inner.exit(status);
    }

    private byte[] spend(byte[] data) {
        if (data.length <= remaining) {
            remaining -= data.length;
            return data;
        }
        byte[] allowed = Arrays.copyOf(data, (int) remaining);
        remaining = 0;
        return allowed;
    }

    private void stallIfSpent() {
        if (remaining > 0) {
            return;
        }
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new StreamClosedException("the host closed the stream the stallAfterBytes fault held");
    }
}
