package com.androperator.evidence.cli;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.viewer.EvidenceViewer;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * {@code androperator}. Exit status: 0 success, 1 a documented failure (printed as a result
 * object on stdout), 2 a usage error (picocli's message and usage text on stderr).
 */
public final class Main {
    static final String TOOL_NAME = "androperator-cli";

    private Main() {
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err, CaptureDependencies.builder().toolName(TOOL_NAME).build(),
                EvidenceVideo.withDefaults());
        System.exit(status);
    }

    static int run(String[] args, PrintStream out, PrintStream err, CaptureDependencies dependencies,
                   EvidenceVideo video) {
        Io io = new Io(out, err);
        CommandLine cli = commandLine(dependencies, video, io);
        PrintWriter outWriter = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
        cli.setOut(outWriter);
        cli.setErr(errWriter);
        cli.setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
            // A thrown exception is a defect, not a documented failure: keep the trace for the report,
            // and still give scripts the one result object they parse.
            exception.printStackTrace(err);
            if (commandLine.getCommand() instanceof CaptureCommand) {
                io.refuse(CommandResult.refused(ErrorCodes.EVIDENCE_CAPTURE_FAILED,
                        "Internal error: " + exception + ". The stack trace is on stderr; please report it.",
                        null, null), false);
            }
            return 1;
        });
        int status = cli.execute(args);
        outWriter.flush();
        errWriter.flush();
        return status;
    }

    /** The command tree, built by hand so that every command gets the same dependencies and streams. */
    static CommandLine commandLine(CaptureDependencies given, EvidenceVideo givenVideo, Io io) {
        // Every refusal names the option to fix as this command line spells it.
        CaptureDependencies dependencies = given.toBuilder().terms(CliTerms.INSTANCE).build();
        EvidenceVideo video = givenVideo.withTerms(CliTerms.INSTANCE);
        CommandLine evidence = new CommandLine(new EvidenceCommand())
                .addSubcommand(new CaptureCommand(dependencies, io))
                .addSubcommand(new VerifyCommand(io))
                .addSubcommand(new ViewCommand(new EvidenceViewer(), io))
                .addSubcommand(VideoCommands.group(video, io));
        return new CommandLine(new AndroperatorCommand())
                .addSubcommand(evidence)
                .addSubcommand(new DoctorCommand(video, io))
                .addSubcommand("generate-completion", new AutoComplete.GenerateCompletion());
    }
}
