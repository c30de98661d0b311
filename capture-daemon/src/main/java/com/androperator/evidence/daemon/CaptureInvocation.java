package com.androperator.evidence.daemon;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One client's capture as the daemon hands it to its {@link CaptureRunner}: the client's command
 * line, environment, working directory and whether its stderr is a terminal, with streams and
 * signals that travel over the client's connection.
 */
public record CaptureInvocation(List<String> args, PrintStream out, PrintStream err, Map<String, String> environment,
        Path workingDirectory, ClientSignals signals, boolean errIsTerminal) {

    public CaptureInvocation {
        args = List.copyOf(args);
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(signals, "signals");
    }
}
