package com.androperator.evidence.simulator.shell;

import java.nio.charset.StandardCharsets;

/** The standard output, standard error and exit status of a simulated command line. */
public interface CommandOutput {

    void stdout(byte[] data);

    void stderr(byte[] data);

    /** Reports the exit status once, after all output; a no-op where the mode has no status. */
    void exit(int status);

    default void stdout(String text) {
        stdout(text.getBytes(StandardCharsets.UTF_8));
    }

    default void stderr(String text) {
        stderr(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The encoder for a service's mode. */
    static CommandOutput forMode(ServiceRequest.OutputMode mode, OutputSink sink) {
        return mode == ServiceRequest.OutputMode.SHELL_V2
                ? new ShellV2Output(sink) : new MergedOutput(sink);
    }
}
