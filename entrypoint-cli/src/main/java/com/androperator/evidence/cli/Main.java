package com.androperator.evidence.cli;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.viewer.EvidenceViewer;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * {@code androperator}. Exit status: 0 success, 1 a documented failure (printed as a result
 * object on stdout), 2 a usage error (picocli's message and usage text on stderr).
 */
public final class Main {
    static final String TOOL_NAME = "androperator-cli";
    private static final Set<String> EVIDENCE_COMMANDS = Set.of("capture", "verify", "view", "prune", "video");

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // What picocli's version help prints, without building the command tree and the
            // dependencies of every command: the most frequent probe of an install starts at once.
            // The shaded jar's manifest names the same Maven project version as api's version.properties,
            // and the class loader has already read it; finding the resource searches the JDK's modules
            // first (a tenth of this command's JVM time on Java 25). Returning, not System.exit(0): exit
            // logs through System.Logger, whose set-up (service loading, the java.util.logging bridge)
            // costs as much again. Run from classes (tests), there is no manifest.
            String fromManifest = Main.class.getPackage().getImplementationVersion();
            System.out.println(fromManifest != null ? fromManifest : AndroperatorVersion.current());
            return;
        }
        if (args.length >= 2 && args[0].equals("evidence") && args[1].equals("capture")) {
            CaptureHeadStart.start();
        }
        // picocli's default factory looks for Groovy's Closure class when it is first used unless
        // told not to: a class path search ending in ClassNotFoundException, about 2 ms of a one-shot
        // capture's start (docs/benchmarks.md). No command of this tool is written in Groovy.
        System.setProperty("picocli.disable.closures", "true");
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, new Io(out, err));
    }

    /** Runs one invocation; the capture daemon calls this with each client's {@link Io} ({@link MainCaptureRunner}). */
    static int run(String[] args, Io io) {
        PrintStream err = io.err();
        CommandLine cli = commandLine(args, io);
        PrintWriter outWriter = new PrintWriter(io.out(), true, StandardCharsets.UTF_8);
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

    /**
     * The command tree, built by hand so that every command gets the same streams. When the leading
     * arguments name a command exactly ({@code evidence capture}, {@code evidence verify},
     * {@code evidence view}, {@code evidence prune}, {@code evidence video ...}, {@code doctor}), the tree holds only the
     * branch down to it: picocli reads every command's annotations when it is added, and a capture
     * should not pay for the models (and the dependencies) of the commands it does not run. Parsing
     * and help of the named command are the same either way; anything else (top-level help, a typo,
     * generate-completion) gets the whole tree. Every refusal names the option to fix as this command
 * line spells it ({@link CliTerms}).
     */
    static CommandLine commandLine(String[] args, Io io) {
        String first = args.length > 0 ? args[0] : "";
        String second = args.length > 1 ? args[1] : "";
        boolean whole = !(first.equals("evidence") && EVIDENCE_COMMANDS.contains(second) || first.equals("doctor") || first.equals("daemon"));
        EvidenceVideo video = whole || first.equals("doctor") || second.equals("video")
                ? EvidenceVideo.withDefaults().withTerms(CliTerms.INSTANCE) : null;
        CommandLine top = new CommandLine(AndroperatorCommand.spec(whole));
        if (whole || first.equals("evidence")) {
            CommandLine evidence = new CommandLine(EvidenceCommand.spec());
            if (whole || second.equals("capture")) {
                evidence.addSubcommand(CaptureCommand.spec(CaptureDependencies.builder().toolName(TOOL_NAME)
                        .terms(CliTerms.INSTANCE).environment(io.environment()).workingDirectory(io.workingDirectory())
                        .build(), io));
            }
            if (whole || second.equals("verify")) {
                evidence.addSubcommand(new VerifyCommand(io));
            }
            if (whole || second.equals("view")) {
                evidence.addSubcommand(new ViewCommand(new EvidenceViewer(), io));
            }
            if (whole || second.equals("prune")) {
                evidence.addSubcommand(new PruneCommand(io));
            }
            if (whole || second.equals("video")) {
                evidence.addSubcommand(VideoCommands.group(video, io));
            }
            top.addSubcommand(evidence);
        }
        if (whole || first.equals("doctor")) {
            top.addSubcommand(new DoctorCommand(video, io));
        }
        if (whole || first.equals("daemon")) {
            top.addSubcommand(ResidentCaptureCommands.group(io));
        }
        if (whole) {
            top.addSubcommand("generate-completion", new AutoComplete.GenerateCompletion());
        }
        return top;
    }
}
