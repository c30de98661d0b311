package com.androperator.evidence.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code androperator evidence}: groups the evidence subcommands. */
@Command(name = "evidence", description = "Capture, record, verify and view evidence bundles.")
final class EvidenceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
