package com.androperator.evidence.cli;

import com.androperator.evidence.api.AndroperatorVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code androperator}: the top command. Alone it is a usage error; the work is in its subcommands. */
@Command(name = "androperator", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = AndroperatorCommand.Version.class,
        description = "Capture evidence bundles from Android devices.")
final class AndroperatorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

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
