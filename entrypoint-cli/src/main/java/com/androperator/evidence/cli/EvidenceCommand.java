package com.androperator.evidence.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code androperator evidence}: groups the evidence subcommands. Its model is made by hand, not read
 * from annotations (as {@link AndroperatorCommand}'s).
 */
final class EvidenceCommand implements Callable<Integer> {
    private CommandSpec spec;

    private EvidenceCommand() {
    }

    static CommandSpec spec() {
        EvidenceCommand command = new EvidenceCommand();
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name("evidence");
        spec.usageMessage().description("Capture, record, verify and view evidence bundles.");
        command.spec = spec;
        return spec;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
