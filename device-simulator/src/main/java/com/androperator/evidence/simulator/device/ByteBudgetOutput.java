package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.transport.StreamClosedException;

/**
 * Passes output through until {@code budget} bytes of stdout and stderr have gone out, then runs
 * {@code cut} and ends the command: the {@code dropAfterBytes} fault cuts the connection, the
 * {@code stallAfterBytes} fault hangs until the host closes the stream. The host receives exactly
 * the budget.
 */
final class ByteBudgetOutput implements CommandOutput {

    private final CommandOutput inner;
    private final Runnable cut;
    private final ByteBudget budget;

    ByteBudgetOutput(CommandOutput inner, long budget, Runnable cut) {
        this.inner = inner;
        this.budget = new ByteBudget(budget);
        this.cut = cut;
    }

    @Override
    public void stdout(byte[] data) {
        inner.stdout(budget.spend(data));
        cutIfSpent();
    }

    @Override
    public void stderr(byte[] data) {
        inner.stderr(budget.spend(data));
        cutIfSpent();
    }

    @Override
    public void exit(int status) {
        inner.exit(status);
    }

    private void cutIfSpent() {
        if (budget.spent()) {
            cut.run();
            throw new StreamClosedException("connection cut by the dropAfterBytes fault");
        }
    }
}
