package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.transport.StreamClosedException;
import java.util.Arrays;

/**
 * Passes output through until {@code budget} bytes of stdout and stderr have gone out, then runs
 * {@code cut} and ends the command: the {@code dropAfterBytes} fault cuts the connection, the
 * {@code stallAfterBytes} fault hangs until the host closes the stream. The host receives exactly
 * the budget.
 */
final class ByteBudgetOutput implements CommandOutput {

    private final CommandOutput inner;
    private final Runnable cut;
    private long remaining;

    ByteBudgetOutput(CommandOutput inner, long budget, Runnable cut) {
        this.inner = inner;
        this.remaining = budget;
        this.cut = cut;
    }

    @Override
    public void stdout(byte[] data) {
        inner.stdout(spend(data));
        cutIfSpent();
    }

    @Override
    public void stderr(byte[] data) {
        inner.stderr(spend(data));
        cutIfSpent();
    }

    @Override
    public void exit(int status) {
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

    private void cutIfSpent() {
        if (remaining == 0) {
            cut.run();
            throw new StreamClosedException("connection cut by the dropAfterBytes fault");
        }
    }
}
