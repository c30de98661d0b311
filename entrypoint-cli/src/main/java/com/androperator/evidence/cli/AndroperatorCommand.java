package com.androperator.evidence.cli;

import com.androperator.evidence.api.AndroperatorVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * {@code androperator}: the top command. Alone it is a usage error; the work is in its subcommands.
 * Its model is made by hand, not read from annotations: picocli's reflection over an annotated
 * command (its annotations, every method of the class and its superclasses) was the largest part of
 * a capture process's command line. Its scope is inherited: every subcommand takes its version
 * provider and its help options.
 */
final class AndroperatorCommand implements Callable<Integer> {
    static final String NAME = "androperator";

    private CommandSpec spec;

    private AndroperatorCommand() {
    }

    /**
     * The top command. With {@code standardHelpMixin}, {@code -h} and {@code -V} are picocli's standard
     * help mixin, which a subcommand that brings its own (generate-completion, in the whole tree) keeps;
     * without it they are the same two options, added by hand and inherited by every subcommand, so
     * that no annotation is read at all (the branch of a named command has no such subcommand).
     */
    static CommandSpec spec(boolean standardHelpMixin) {
        AndroperatorCommand command = new AndroperatorCommand();
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(NAME).scopeType(ScopeType.INHERIT)
                .versionProvider(new Version());
        spec.usageMessage().description("Capture evidence bundles from Android devices.");
        if (standardHelpMixin) {
            spec.mixinStandardHelpOptions(true);
        } else {
            // picocli's AutoHelpMixin, option for option.
            spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).type(boolean.class)
                    .scopeType(ScopeType.INHERIT).description("Show this help message and exit.").build());
            spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).type(boolean.class)
                    .scopeType(ScopeType.INHERIT).description("Print version information and exit.").build());
        }
        command.spec = spec;
        return spec;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }

    /** The version manifests record as device.cliVersion. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {AndroperatorVersion.current()};
        }
    }
}
