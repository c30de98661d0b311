package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every request field is named exactly as an option that capture or video start declares. */
class CliTermsTest {
    @Test
    void eachFieldIsAnOptionOfCaptureOrVideoStart() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        CommandLine cli = Main.commandLine(new String[0], new Io(sink, sink));
        CommandLine evidence = cli.getSubcommands().get("evidence");
        Set<String> declared = new HashSet<>();
        evidence.getSubcommands().get("capture").getCommandSpec().options().forEach(o -> declared.addAll(names(o)));
        evidence.getSubcommands().get("video").getSubcommands().get("start").getCommandSpec().options()
                .forEach(o -> declared.addAll(names(o)));
        Set<String> named = new HashSet<>();
        for (RequestField field : RequestField.values()) {
            String name = CliTerms.INSTANCE.field(field);
            named.add(name);
            assertThat(declared).as("%s", field).contains(name);
        }
        assertThat(named).as("one option per field").hasSize(RequestField.values().length);
    }

    /** evidence capture's options are the request-field table's still fields, in its help order, then --output. */
    @Test
    void captureDeclaresTheTablesOptionsInItsOrder() {
        assertDeclaredInOrder(evidence().getSubcommands().get("capture"), RequestSpellings.stillByCliRank(),
                RequestSpellings::cli);
    }

    /** evidence video start's options are the table's video start fields as it spells them, then --output. */
    @Test
    void videoStartDeclaresTheTablesOptionsInItsOrder() {
        assertDeclaredInOrder(evidence().getSubcommands().get("video").getSubcommands().get("start"),
                RequestSpellings.videoStartByCliRank(), RequestSpellings::videoStartCli);
    }

    private static CommandLine evidence() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        return Main.commandLine(new String[] {"evidence"}, new Io(sink, sink)).getSubcommands().get("evidence");
    }

    private static void assertDeclaredInOrder(CommandLine command, List<RequestField> fields,
                                              Function<RequestField, RequestSpellings.CliSpelling> spelling) {
        List<CommandLine.Model.OptionSpec> options = command.getCommandSpec().options().stream()
                .filter(option -> option.longestName().startsWith("--") && !option.usageHelp() && !option.versionHelp())
                .toList();
        assertThat(options).hasSize(fields.size() + 1);
        for (int i = 0; i < fields.size(); i++) {
            RequestSpellings.CliSpelling cli = spelling.apply(fields.get(i));
            CommandLine.Model.OptionSpec option = options.get(i);
            assertThat(option.longestName()).isEqualTo(cli.option());
            assertThat(option.paramLabel()).isEqualTo(cli.paramLabel());
            assertThat(option.required()).isEqualTo(cli.required());
            // The help lines are picocli format strings: a declared option reads "%%" back as "%".
            assertThat(List.of(option.description()))
                    .containsExactlyElementsOf(cli.help().stream().map(line -> line.replace("%%", "%")).toList());
        }
        assertThat(options.get(fields.size()).longestName()).isEqualTo(OutputOption.OPTION);
    }

    private static Set<String> names(CommandLine.Model.OptionSpec option) {
        return Set.of(option.names());
    }
}
