package com.androperator.evidence.cli;

import picocli.CommandLine.Option;

/** {@code --output json|pretty}, for every command that prints a result object. */
final class OutputOption {
    @Option(names = OutputFormat.OPTION, paramLabel = "<json|pretty>", defaultValue = "json",
            description = "Result formatting: json (one line) or pretty. Default: ${DEFAULT-VALUE}.")
    String output;
}
