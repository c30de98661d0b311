package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.port.CallerTerms;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A capture command whose every option passed the spec's contracts, with the standard selections
 * and defaults applied. {@code explicitDirectory} is the validated explicit output directory, null
 * for a managed bundle.
 */
record ValidatedRequest(Path explicitDirectory, Optional<String> deviceSerial, String operatorPackage, String label,
                        Map<String, Object> context, long timeoutMs, CallerTerms terms) {

    boolean explicit() {
        return explicitDirectory != null;
    }

    /** The bundle directory: the explicit one, or {@code <bundlesRoot>/<evidenceId>}. */
    Path directory(Path bundlesRoot, String evidenceId) {
        return explicit() ? explicitDirectory : bundlesRoot.resolve(evidenceId);
    }

    /**
     * Checks every option of {@code command} (all pure), the device and package being those the
     * standard selection chose, and reports the first rejection in the CLI's documented option order.
     */
    static Checked<ValidatedRequest> check(CaptureCommand command, StandardSelection.Target target) {
        CallerTerms terms = command.terms();
        Checked<Path> directory = command.location() instanceof BundleLocation.Explicit explicit
                ? CaptureRequestValidation.outputDirectory(terms, explicit.outputDir())
                : Checked.accepted(null);
        Checked<Optional<String>> serial = CaptureRequestValidation.deviceSerial(terms, target.deviceSerial());
        Checked<String> operatorPackage = CaptureRequestValidation.operatorPackage(terms, target.operatorPackage());
        Checked<String> label = CaptureRequestValidation.label(terms, command.label());
        Checked<Map<String, Object>> context = CaptureRequestValidation.context(terms, command.context());
        Checked<Long> timeout = CaptureRequestValidation.timeoutMillis(terms, command.timeoutMs());
        Optional<Failure> firstRejection = Stream.of(directory, serial, operatorPackage, label, context, timeout)
                .flatMap(checked -> checked.rejection().stream())
                .findFirst();
        if (firstRejection.isPresent()) {
            return Checked.rejected(firstRejection.get());
        }
        return Checked.accepted(new ValidatedRequest(directory.valueOrNull(), serial.valueOrNull(),
                operatorPackage.valueOrNull(), label.valueOrNull(), context.valueOrNull(), timeout.valueOrNull(), terms));
    }
}
