package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.transport.StreamClosedException;
import java.util.concurrent.CountDownLatch;

/**
 * Passes output through until {@code budget} bytes of stdout and stderr have gone out, then holds
 * the command where it is, sending nothing, until the host closes the stream: the
 * {@code stallAfterBytes} fault. The host receives exactly the budget and then waits.
 */
final class StallingOutput implements CommandOutput {

    private final CommandOutput inner;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final ByteBudget budget;

    StallingOutput(CommandOutput inner, long budget, StreamControl stream) {
        this.inner = inner;
        this.budget = new ByteBudget(budget);
        stream.onClose(closed::countDown);
    }

    @Override
    public void stdout(byte[] data) {
        byte[] allowed = budget.spend(data);
        if (allowed.length > 0) {
            inner.stdout(allowed);
        }
        stallIfSpent();
    }

    @Override
    public void stderr(byte[] data) {
        byte[] allowed = budget.spend(data);
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

    private void stallIfSpent() {
        if (!budget.spent()) {
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
