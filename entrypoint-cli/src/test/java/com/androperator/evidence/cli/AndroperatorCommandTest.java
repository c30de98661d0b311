package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The top command's hand-made help options are picocli's standard help mixin to the byte: the
 * same help, version and usage errors, on the top command and on the subcommands that inherit them.
 */
class AndroperatorCommandTest {
    @Test
    void theHandMadeHelpOptionsPrintTheStandardMixinsUsage() {
        assertThat(new CommandLine(AndroperatorCommand.spec(false)).getUsageMessage())
                .isEqualTo(new CommandLine(AndroperatorCommand.spec(true)).getUsageMessage())
                .contains("  -h, --help      Show this help message and exit.")
                .contains("  -V, --version   Print version information and exit.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-V", "evidence --help", "evidence -hV", "evidence --version", "evidence --bogus",
        "evidence", "-x"})
    void subcommandsInheritThemAsTheyInheritTheMixin(String arguments) {
        Printed handMade = execute(false, arguments.split(" "));
        Printed mixin = execute(true, arguments.split(" "));

        assertThat(handMade).isEqualTo(mixin);
        assertThat(handMade.out() + handMade.err()).isNotEmpty();
    }

    private record Printed(int status, String out, String err) {
    }

    private static Printed execute(boolean standardHelpMixin, String... arguments) {
        CommandLine top = new CommandLine(AndroperatorCommand.spec(standardHelpMixin));
        top.addSubcommand(new CommandLine(EvidenceCommand.spec()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        top.setOut(new PrintWriter(out, true));
        top.setErr(new PrintWriter(err, true));
        int status = top.execute(arguments);
        return new Printed(status, out.toString(), err.toString());
    }
}
