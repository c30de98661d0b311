package com.androperator.evidence.simulator.shell;

/** A command line the simulated shell cannot parse; the message is what the shell prints. */
public final class ShellSyntaxException extends Exception {

    public ShellSyntaxException(String message) {
        super(message);
    }
}
