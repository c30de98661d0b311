package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.RequestField;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashSet;
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

    private static Set<String> names(CommandLine.Model.OptionSpec option) {
        return Set.of(option.names());
    }
}
