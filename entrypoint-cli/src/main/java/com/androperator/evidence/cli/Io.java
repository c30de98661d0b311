package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.CommandResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What one invocation of the CLI runs with: its stdout (result objects only) and stderr (usage,
 * diagnostics), its environment and working directory, where its signals come from and whether
 * its stderr is a terminal. A process runs one invocation with its own (the two-stream constructor); the
 * capture daemon runs each client's invocation with what that client sent ({@link MainCaptureRunner}).
 */
record Io(PrintStream out, PrintStream err, Map<String, String> environment, Path workingDirectory,
        SignalSource signals, boolean errIsTerminal) {

    Io {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        environment = Map.copyOf(environment);
        workingDirectory = workingDirectory.toAbsolutePath();
        Objects.requireNonNull(signals, "signals");
    }

    /** An invocation with this process's environment, working directory and signals. */
    Io(PrintStream out, PrintStream err) {
        this(out, err, System.getenv(), Path.of(""), SignalSource.PROCESS, TerminalProgress.stderrIsTerminal());
    }

    /** Prints a refusal and returns its exit status, 1. */
    int refuse(CommandResult refusal, boolean pretty) {
        ResultPrinter.print(refusal, pretty, out);
        return 1;
    }
}
