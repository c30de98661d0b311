package com.androperator.evidence.cli;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code androperator evidence capture}: one still capture into a new directory. Prints the result
 * object and exits 0 only for a complete bundle (130 or 143 after SIGINT or SIGTERM, which cancel
 * the device work; see {@link Interruption}). Options that take values are read as text and
 * handed to the use case unchanged, so that every invalid value is a documented JSON result.
 */
final class CaptureCommand implements Callable<Integer> {
    /** The still capture's options, generated from the request-field table in its help order. */
    private static final List<RequestField> FIELDS = RequestSpellings.stillByCliRank();

    private final OutputOption format = new OutputOption();
    private CommandSpec spec;

    private final CaptureDependencies dependencies;
    private final Io io;

    private CaptureCommand(CaptureDependencies dependencies, Io io) {
        this.dependencies = dependencies;
        this.io = io;
    }

    /**
     * The command with its options: the request fields' (one line per help fact, each short enough
     * for picocli's 80 columns, so that no identifier is broken at a '.' or '-'; StandardSelectionCliTest checks
     * every command's help), then {@code --output}.
     */
    static CommandSpec spec(CaptureDependencies dependencies, Io io) {
        CaptureCommand command = new CaptureCommand(dependencies, io);
        // Made by hand, not read from annotations: the capture's own command line (AndroperatorCommand).
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name("capture");
        spec.usageMessage().sortOptions(false).description(
                "Capture a verified screenshot and the raw UI hierarchy into a new evidence bundle.",
                "Prints one result object on stdout. Exit 0: complete; 1: partial, failed or refused; 2: usage error.");
        RequestOptions.declare(spec, FIELDS);
        spec.addMixin("format", command.format.mixin());
        command.spec = spec;
        return spec;
    }

    @Override
    public Integer call() {
        boolean pretty = format.pretty();
        OptionValues conversions = new OptionValues(format);
        RequestValues values = RequestOptions.read(spec, FIELDS, conversions);
        if (conversions.refusal().isPresent()) {
            return io.refuse(conversions.refusal().get(), pretty);
        }
        var command = com.androperator.evidence.domain.capture.CaptureCommand.of(values, CliTerms.INSTANCE);
        Long timeoutMs = command.timeoutMs();
        // Ctrl-C and SIGTERM cancel the device work at once; the bundle is still finalized and the
        // result printed, then the process exits 130 or 143.
        Cancellation cancellation = new Cancellation();
        try (Interruption interruption = Interruption.install(io,
                "cancelling device work; the bundle keeps what was captured and its manifest is finalized",
                cancellation::cancel)) {
            CaptureOutcome outcome;
            // A terminal on stderr sees the time pass against the budget; stdout gets only the result.
            try (TerminalProgress.Ticker progress = TerminalProgress.elapsed(io, "capturing",
                    timeoutMs == null ? CaptureRequestValidation.DEFAULT_TIMEOUT_MS : timeoutMs)) {
                outcome = EvidenceCapture.capture(command, dependencies, cancellation);
            }
            ResultPrinter.print(outcome, pretty, io.out());
            return interruption.exitStatus(outcome.succeeded() ? 0 : 1);
        }
    }
}
