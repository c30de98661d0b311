package com.androperator.evidence.api;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureEvidence;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.capture.CaptureRequest;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The Java entry point for a still capture, the equivalent of the spec's
 * {@code captureEvidence(options, dependencies?)}. Without an output directory the bundle is
 * managed: {@code <baseDir>/<evidenceId>} when the dependencies give a baseDir, else
 * {@code <evidence root>/bundles/<evidenceId>}. The outcome maps to the spec's result object
 * ({@link CaptureOutcome#toResult()}) and exit status ({@link CaptureOutcome#succeeded()}).
 *
 * <p>To stop a capture from another thread (a Ctrl-C handler, a server shutting down), give it a
 * {@link Cancellation} through {@link CaptureDependencies.Builder#cancellation} and call
 * {@code cancel("who")}: the call returns promptly with the bundle finalized and each unfinished
 * component recorded as COMMAND_CANCELLED. The CLI and the MCP server use exactly this.
 */
public final class EvidenceCapture {
    private EvidenceCapture() {
    }

    /** Captures with the process environment, system clocks and the real adapters. */
    public static CaptureOutcome captureEvidence(CaptureOptions options) {
        return captureEvidence(options, CaptureDependencies.defaults());
    }

    public static CaptureOutcome captureEvidence(CaptureOptions given, CaptureDependencies dependencies) {
        // The standard selections, the same for every caller: --device/deviceId, else ANDROID_SERIAL,
        // else the one attached device; the Operator package, else ANDROPERATOR_OPERATOR_PACKAGE, else the default.
        Checked<StandardSelection.Target> target = StandardSelection.resolve(dependencies.terms(), given.deviceSerial(),
                given.operatorPackage(), dependencies.environment());
        if (target.rejection().isPresent()) {
            return new CaptureOutcome.Refused(target.rejection().get(), null);
        }
        StandardSelection.Target chosen = Objects.requireNonNull(target.valueOrNull(), "an accepted target");
        CaptureOptions options = new CaptureOptions(given.outputDir(), chosen.deviceSerial(), chosen.operatorPackage(),
                given.label(), given.context(), given.timeoutMs());
        BundleLocation location;
        if (options.outputDir() != null) {
            location = new BundleLocation.Explicit(options.outputDir());
        } else {
            Checked<Path> resolved = CompositionRoot.resolveManagedRoot(dependencies);
            if (resolved instanceof Checked.Rejected<Path> refused) {
                return new CaptureOutcome.Refused(refused.failure(), null);
            }
            Path bundlesRoot = Objects.requireNonNull(resolved.valueOrNull(), "an accepted bundles root");
            // An invalid request is refused before the evidence root is created or probed: it leaves nothing behind.
            Optional<Failure> invalid = CaptureEvidence.invalidOption(request(new BundleLocation.Managed(bundlesRoot),
                    options, dependencies));
            if (invalid.isPresent()) {
                return new CaptureOutcome.Refused(invalid.get(), null);
            }
            Checked<Path> prepared = CompositionRoot.prepareManagedRoot(dependencies, bundlesRoot);
            if (prepared instanceof Checked.Rejected<Path> refused) {
                return new CaptureOutcome.Refused(refused.failure(), null);
            }
            location = new BundleLocation.Managed(Objects.requireNonNull(prepared.valueOrNull(), "a prepared root"));
        }
        CaptureEvidence capture = new CaptureEvidence(CompositionRoot.capturePorts(dependencies),
                AndroperatorVersion.current(), dependencies.toolName());
        return capture.execute(request(location, options, dependencies),
                dependencies.cancellation() == null ? new Cancellation() : dependencies.cancellation());
    }

    private static CaptureRequest request(BundleLocation location, CaptureOptions options,
                                          CaptureDependencies dependencies) {
        return new CaptureRequest(location, options.deviceSerial(), options.operatorPackage(), options.label(),
                options.context(), options.timeoutMs(), dependencies.terms());
    }
}
