package com.androperator.evidence.cli;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.policy.StandardSelection;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code androperator evidence capture}: one still capture into a new directory. Prints the result
 * object and exits 0 only for a complete bundle (130 or 143 after SIGINT or SIGTERM, which cancel
 * the device work; see {@link Interruption}). Options that take values are read as text and
 * handed to the use case unchanged, so that every invalid value is a documented JSON result.
 */
@Command(name = "capture", sortOptions = false,
        description = {"Capture a verified screenshot and the raw UI hierarchy into a new evidence bundle.",
                "Prints one result object on stdout. Exit 0: complete; 1: partial, failed or refused; 2: usage error."})
final class CaptureCommand implements Callable<Integer> {
    static final String TIMEOUT_OPTION = CliTerms.TIMEOUT;

    // One line per fact, each short enough for picocli's 80 columns, so that no identifier is broken
    // at a '.' or '-' (HelpLayoutTest checks every command's help).
    @Option(names = CliTerms.DEVICE, paramLabel = "<serial>",
            description = {"Device serial, e.g. emulator-5554.",
                    "Default: " + StandardSelection.SERIAL_VARIABLE + ", else the one attached device.",
                    "Required when several devices are connected."})
    String device;

    @Option(names = CliTerms.OPERATOR_PACKAGE, paramLabel = "<package>",
            description = {"Operator app package, never switched automatically,",
                    "e.g. com.androperator.operator.dev.",
                    "Default: " + StandardSelection.OPERATOR_PACKAGE_VARIABLE + ",",
                    "else " + StandardSelection.DEFAULT_OPERATOR_PACKAGE + "."})
    String operatorPackage;

    @Option(names = CliTerms.OUTPUT_DIR, paramLabel = "<directory>", required = true,
            description = "Absolute path of a new bundle directory; its parent must exist.")
    String outputDir;

    @Mixin
    BundleAnnotationOptions annotations;

    @Option(names = TIMEOUT_OPTION, paramLabel = "<ms>",
            description = "Device-work budget in milliseconds, an integer from 1000 to 120000. Default: 30000.")
    String timeout;

    @Mixin
    OutputOption format;

    private final CaptureDependencies dependencies;
    private final Io io;

    CaptureCommand(CaptureDependencies dependencies, Io io) {
        this.dependencies = dependencies;
        this.io = io;
    }

    @Override
    public Integer call() {
        boolean pretty = format.pretty();
        OptionValues values = new OptionValues(format);
        Map<String, Object> context = values.context(annotations.contextJson);
        Long timeoutMs = values.integer(TIMEOUT_OPTION, timeout, "an integer number of milliseconds from 1000 to 120000");
        if (values.refusal().isPresent()) {
            return io.refuse(values.refusal().get(), pretty);
        }
        var command = new com.androperator.evidence.domain.capture.CaptureCommand(BundleLocation.of(outputDir), device,
                operatorPackage, annotations.label, context, timeoutMs, CliTerms.INSTANCE);
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
