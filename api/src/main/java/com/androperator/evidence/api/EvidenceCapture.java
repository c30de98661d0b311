package com.androperator.evidence.api;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.capture.CaptureOutcome;

/**
 * The Java entry point for a still capture, the equivalent of the spec's
 * {@code captureEvidence(options, dependencies?)}. Without an output directory the bundle is
 * managed: {@code <bundlesRoot>/<evidenceId>} when the dependencies give a bundlesRoot, else
 * {@code <evidence root>/bundles/<evidenceId>}. The outcome maps to the spec's result object
 * ({@link CaptureOutcome#toResult()}) and exit status ({@link CaptureOutcome#succeeded()}).
 *
 * <p>To stop a capture from another thread (a Ctrl-C handler, a server shutting down), give it a
 * {@link Cancellation} and call {@code cancel("who")}: the call returns promptly with the bundle
 * finalized and each unfinished component recorded as COMMAND_CANCELLED. The CLI and the MCP
 * server use exactly this.
 */
public final class EvidenceCapture {
    private EvidenceCapture() {
    }

    /** Captures with the process environment, system clocks and the real adapters. */
    public static CaptureOutcome captureEvidence(CaptureOptions options) {
        return captureEvidence(options, CaptureDependencies.defaults());
    }

    /** Refusals are worded in the dependencies' terms; the dependencies' cancellation, if any, can stop it. */
    public static CaptureOutcome captureEvidence(CaptureOptions options, CaptureDependencies dependencies) {
        Cancellation cancellation = dependencies.cancellation() == null ? new Cancellation() : dependencies.cancellation();
        return capture(options.command(dependencies.terms()), dependencies, cancellation);
    }

    /**
     * The one still-capture path of every edge: the use case built from {@code dependencies} runs
     * {@code command}; {@code cancellation} stops its device work when cancelled.
     */
    public static CaptureOutcome capture(CaptureCommand command, CaptureDependencies dependencies,
                                         Cancellation cancellation) {
        return CompositionRoot.stillCapture(dependencies).capture(command, cancellation);
    }
}
