package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        CommandLine capture = Main.commandLine(new String[] {"evidence", "capture"}, new Io(sink, sink))
                .getSubcommands().get("evidence").getSubcommands().get("capture");
        List<CommandLine.Model.OptionSpec> options = capture.getCommandSpec().options().stream()
                .filter(option -> option.longestName().startsWith("--") && !option.usageHelp() && !option.versionHelp())
                .toList();
        List<RequestField> fields = RequestSpellings.stillByCliRank();
        assertThat(options).hasSize(fields.size() + 1);
        for (int i = 0; i < fields.size(); i++) {
            RequestSpellings.CliSpelling cli = RequestSpellings.cli(fields.get(i));
            CommandLine.Model.OptionSpec option = options.get(i);
            assertThat(option.longestName()).isEqualTo(cli.option());
            assertThat(option.paramLabel()).isEqualTo(cli.paramLabel());
            assertThat(option.required()).isEqualTo(cli.required());
            assertThat(List.of(option.description())).containsExactlyElementsOf(cli.help());
        }
        assertThat(options.get(fields.size()).longestName()).isEqualTo(OutputOption.OPTION);
    }

    private static Set<String> names(CommandLine.Model.OptionSpec option) {
        return Set.of(option.names());
    }
}
