package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.CommandResult;
import java.io.PrintStream;

/** The process's stdout (result objects only) and stderr (usage, diagnostics). */
record Io(PrintStream out, PrintStream err) {

    /** Prints a refusal and returns its exit status, 1. */
    int refuse(CommandResult refusal, boolean pretty) {
        ResultPrinter.print(refusal, pretty, out);
        return 1;
    }
}
