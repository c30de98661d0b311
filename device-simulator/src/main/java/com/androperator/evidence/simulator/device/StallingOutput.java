package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.transport.StreamClosedException;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * Passes output through until {@code budget} bytes of stdout and stderr have gone out, then hangs
 * with the stream open until the host closes it: the {@code stallAfterBytes} fault. The moment it
 * starts hanging is recorded in the device's stall log.
 */
final class StallingOutput implements CommandOutput {

    private final CommandContext context;
    private final String commandLine;
    private long remaining;

    StallingOutput(CommandContext context, long budget, String commandLine) {
        this.context = context;
        this.remaining = budget;
        this.commandLine = commandLine;
    }

    @Override
    public void stdout(byte[] data) {
        context.out().stdout(spend(data));
        hangIfSpent();
    }

    @Override
    public void stderr(byte[] data) {
        context.out().stderr(spend(data));
        hangIfSpent();
    }

    @Override
    public void exit(int status) {
        context.out().exit(status);
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

    private void hangIfSpent() {
        if (remaining == 0) {
            hang(context, commandLine);
        }
    }

    /** Records the stall, then blocks until the host closes the stream, which ends the command. */
    static void hang(CommandContext context, String commandLine) {
        CountDownLatch closed = new CountDownLatch(1);
        context.stream().onClose(closed::countDown);
        context.device().stalls().record(commandLine);
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new StreamClosedException("the host closed the stream of a command stalled by the stallAfterBytes fault");
    }
}
