package com.androperator.evidence.api;

import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureEvidence;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.capture.CaptureRequest;

/**
 * The Java entry point for a still capture, the equivalent of the spec's
 * {@code captureEvidence(options, dependencies?)}. Without an output directory the bundle is
 * managed: {@code <baseDir>/<evidenceId>} when the dependencies give a baseDir, else
 * {@code <evidence root>/bundles/<evidenceId>}. The outcome maps to the spec's result object
 * ({@link CaptureOutcome#toResult()}) and exit status ({@link CaptureOutcome#succeeded()}).
 */
public final class EvidenceCapture {
    private EvidenceCapture() {
    }

    /** Captures with the process environment, system clocks and the real adapters. */
    public static CaptureOutcome captureEvidence(CaptureOptions options) {
        return captureEvidence(options, CaptureDependencies.defaults());
    }

    public static CaptureOutcome captureEvidence(CaptureOptions options, CaptureDependencies dependencies) {
        BundleLocation location;
        if (options.outputDir() != null) {
            location = new BundleLocation.Explicit(options.outputDir());
        } else {
            CompositionRoot.ManagedRoot root = CompositionRoot.managedRoot(dependencies);
            if (root instanceof CompositionRoot.ManagedRoot.Refused refused) {
                return new CaptureOutcome.Refused(refused.failure(), null);
            }
            location = new BundleLocation.Managed(((CompositionRoot.ManagedRoot.Ready) root).bundlesRoot());
        }
        CaptureEvidence capture = new CaptureEvidence(CompositionRoot.capturePorts(dependencies),
                AndroperatorVersion.current(), dependencies.toolName());
        return capture.execute(new CaptureRequest(location, options.deviceSerial(), options.operatorPackage(),
                options.label(), options.context(), options.timeoutMs()));
    }
}
