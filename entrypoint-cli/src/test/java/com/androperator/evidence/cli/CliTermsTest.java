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

/** Every request field is named exactly as an option that capture or a video command declares. */
class CliTermsTest {
    /** The options part of status and stop's help, the same for both. */
    private static final String SESSION_OPTIONS_HELP = """
                  --session=<manifest.json>
                                      The absolute manifest.json path that start returned.
                  --device=<serial>   Optional: must match the session's saved device.
                  --operator-package=<package>
                                      Optional: must match the session's saved Operator
                                        package.
                  --output=<json|pretty>
                                      Result formatting: json (one line, for scripts) or
                                        pretty (text for people: the status of each
                                        component, the errors one per line). Default: json.
              -h, --help              Show this help message and exit.
              -V, --version           Print version information and exit.
            """;

    @Test
    void eachFieldIsAnOptionOfCaptureOrAVideoCommand() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        CommandLine cli = Main.commandLine(new String[0], new Io(sink, sink));
        CommandLine evidence = cli.getSubcommands().get("evidence");
        Set<String> declared = new HashSet<>();
        evidence.getSubcommands().get("capture").getCommandSpec().options().forEach(o -> declared.addAll(names(o)));
        for (String video : List.of("start", "status", "stop")) {
            evidence.getSubcommands().get("video").getSubcommands().get(video).getCommandSpec().options()
                    .forEach(o -> declared.addAll(names(o)));
        }
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

    /** evidence video status and stop's options are the table's session fields as they spell them, then --output. */
    @Test
    void videoStatusAndStopDeclareTheTablesOptionsInTheirOrder() {
        for (String command : List.of("status", "stop")) {
            assertDeclaredInOrder(evidence().getSubcommands().get("video").getSubcommands().get(command),
                    RequestSpellings.videoSessionFields(), RequestSpellings::videoSessionCli);
        }
    }

    /** Their help, word for word as `evidence video status|stop --help` printed it when the options were declared by hand. */
    @Test
    void videoStatusAndStopHelpReadsAsItAlwaysHas() {
        CommandLine video = evidence().getSubcommands().get("video");
        assertThat(video.getSubcommands().get("status").getUsageMessage()).isEqualTo("""
                Usage: androperator evidence video status [-hV] [--device=<serial>]
                       [--operator-package=<package>] [--output=<json|pretty>]
                       --session=<manifest.json>
                Report a video session's state.
                Exit 0: starting, recording, finalizing or complete; 1: partial, failed,
                unknown or unavailable worker.
                """ + SESSION_OPTIONS_HELP);
        assertThat(video.getSubcommands().get("stop").getUsageMessage()).isEqualTo("""
                Usage: androperator evidence video stop [-hV] [--device=<serial>]
                                                        [--operator-package=<package>]
                                                        [--output=<json|pretty>]
                                                        --session=<manifest.json>
                Stop a recording and wait up to 15 seconds for verified finalization.
                Exit 0 only for complete; pending, partial or failed exit 1 (poll status if
                pending).
                """ + SESSION_OPTIONS_HELP);
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
