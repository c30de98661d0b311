package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.transport.StreamClosedException;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code stallAfterBytes} fault's hang: the command stops with its stream open, as a device
 * stuck mid-transfer, until the host closes the stream. The moment it starts hanging is recorded
 * in the device's stall log, for tests to wait on.
 */
final class CommandStall {
    private CommandStall() {
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
