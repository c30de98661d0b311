package com.androperator.evidence.cli;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoOutcome;
import com.androperator.evidence.api.video.VideoStartRequest;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.video.VideoStartCommand;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code androperator evidence video start|status|stop}: thin renderings of the video API. Each
 * prints the result object; the exit status is 0 exactly when it is ok (see the spec's video
 * table). The still capture's {@code --timeout} does not apply here and is not accepted.
 */
final class VideoCommands {
    private VideoCommands() {
    }

    static CommandLine group(EvidenceVideo video, Io io) {
        return new CommandLine(new Group())
                .addSubcommand(Start.spec(video, io))
                .addSubcommand(SessionCommand.spec(new Status(video, io)))
                .addSubcommand(SessionCommand.spec(new Stop(video, io)));
    }

    @Command(name = "video", description = "Record managed screen video with scrcpy, verified with ffmpeg.")
    static final class Group implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
        }
    }

    @Command(name = "start", sortOptions = false,
            description = {"Start a recording into a new bundle directory and return once the recorder is capturing.",
                    "Exit 0: recording; 1: refused, startup failure or acknowledgement timeout; 2: usage error."})
    static final class Start implements Callable<Integer> {
        /** Video start's options, generated from the request-field table in its help order. */
        private static final List<RequestField> OPTIONS = RequestSpellings.videoStartByCliRank();

        private final OutputOption format = new OutputOption();
        private CommandSpec spec;

        private final EvidenceVideo video;
        private final Io io;

        private Start(EvidenceVideo video, Io io) {
            this.video = video;
            this.io = io;
        }

        /** The command with its options: the request fields' as video start spells them, then {@code --output}. */
        static CommandSpec spec(EvidenceVideo video, Io io) {
            Start command = new Start(video, io);
            command.spec = withOptions(command, OPTIONS, RequestSpellings::videoStartCli, command.format);
            return command.spec;
        }

        @Override
        public Integer call() {
            boolean pretty = format.pretty();
            OptionValues conversions = new OptionValues(format);
            RequestValues values = RequestOptions.read(spec, RequestSpellings.videoStartFields(), conversions);
            if (conversions.refusal().isPresent()) {
                return io.refuse(conversions.refusal().get(), pretty);
            }
            VideoStartCommand request = VideoStartRequest.command(values);
            // A start is not cut in the middle (a lock without its session, a worker nobody hears from):
            // Ctrl-C or SIGTERM lets it settle within its startup budget, then a started recording is
            // stopped at once (its worker finalizes it as by video stop) and the process exits 130 or 143.
            try (Interruption interruption = Interruption.install(io,
                    "the start settles first, then a started recording is stopped and finalized", by -> { })) {
                VideoOutcome started = video.start(request);
                if (interruption.exitStatus().isEmpty() || !started.result().ok() || started.result().manifestPath() == null) {
                    ResultPrinter.print(started.result(), pretty, io.out());
                    return interruption.exitStatus(started.exitCode());
                }
                VideoOutcome stopped = video.stop(SessionRef.manifestPath(started.result().manifestPath()));
                ResultPrinter.print(stopped.result(), pretty, io.out());
                return interruption.exitStatus(stopped.exitCode());
            }
        }
    }

    /**
     * Status and stop's options, generated from the request-field table as they spell them: the
     * session's manifest path and an optional expected target, then {@code --output}.
     */
    abstract static class SessionCommand implements Callable<Integer> {
        private static final List<RequestField> OPTIONS = RequestSpellings.videoSessionFields();

        private final OutputOption format = new OutputOption();
        private CommandSpec spec;

        final EvidenceVideo video;
        final Io io;

        SessionCommand(EvidenceVideo video, Io io) {
            this.video = video;
            this.io = io;
        }

        static CommandSpec spec(SessionCommand command) {
            command.spec = withOptions(command, OPTIONS, RequestSpellings::videoSessionCli, command.format);
            return command.spec;
        }

        abstract VideoOutcome run(SessionRef session);

        @Override
        public Integer call() {
            Optional<CommandResult> badFormat = format.refusal();
            if (badFormat.isPresent()) {
                return io.refuse(badFormat.get(), false);
            }
            SessionRef ref = new SessionRef.ManifestPath(given(RequestField.SESSION),
                    Optional.ofNullable(given(RequestField.DEVICE)), Optional.ofNullable(given(RequestField.OPERATOR_PACKAGE)));
            return print(run(ref), format.pretty(), io);
        }

        private String given(RequestField field) {
            return spec.findOption(RequestSpellings.videoSessionCli(field).option()).getValue();
        }
    }

    @Command(name = "status", sortOptions = false,
            description = {"Report a video session's state.",
                    "Exit 0: starting, recording, finalizing or complete; 1: partial, failed, unknown or unavailable worker."})
    static final class Status extends SessionCommand {
        Status(EvidenceVideo video, Io io) {
            super(video, io);
        }

        @Override
        VideoOutcome run(SessionRef session) {
            return video.status(session);
        }
    }

    @Command(name = "stop", sortOptions = false,
            description = {"Stop a recording and wait up to 15 seconds for verified finalization.",
                    "Exit 0 only for complete; pending, partial or failed exit 1 (poll status if pending)."})
    static final class Stop extends SessionCommand {
        Stop(EvidenceVideo video, Io io) {
            super(video, io);
        }

        /** While it waits, a terminal on stderr shows the finalization's progress (TerminalProgress). */
        @Override
        VideoOutcome run(SessionRef session) {
            try (TerminalProgress progress = TerminalProgress.forStderr(io)) {
                return video.stop(session, progress);
            }
        }
    }

    /** {@code command}'s spec with an option for each of {@code fields} as {@code spelling} spells them, then {@code --output}. */
    private static CommandSpec withOptions(Object command, List<RequestField> fields,
                                           Function<RequestField, RequestSpellings.CliSpelling> spelling, OutputOption format) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        RequestOptions.declare(spec, fields, spelling);
        spec.addMixin("format", format.mixin());
        return spec;
    }

    private static int print(VideoOutcome outcome, boolean pretty, Io io) {
        ResultPrinter.print(outcome.result(), pretty, io.out());
        return outcome.exitCode();
    }
}
