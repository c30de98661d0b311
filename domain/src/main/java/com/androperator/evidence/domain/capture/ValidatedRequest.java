package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.port.CallerTerms;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A capture command whose every option passed the spec's contracts, with the standard selections
 * and defaults applied. {@code explicitDirectory} is the validated explicit output directory, null
 * for a managed bundle.
 */
record ValidatedRequest(@Nullable Path explicitDirectory, Optional<String> deviceSerial, String operatorPackage,
                        @Nullable String label, CallerContext context, long timeoutMs, CallerTerms terms) {

    boolean explicit() {
        return explicitDirectory != null;
    }

    /** The bundle directory: the explicit one, or {@code <bundlesRoot>/<evidenceId>}. */
    Path directory(@Nullable Path bundlesRoot, String evidenceId) {
        if (explicitDirectory != null) {
            return explicitDirectory;
        }
        return Objects.requireNonNull(bundlesRoot, "a managed bundle's root").resolve(evidenceId);
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
        Checked<CallerContext> context = CaptureRequestValidation.context(terms, command.context());
        Checked<Long> timeout = CaptureRequestValidation.timeoutMillis(terms, command.timeoutMs());
        Optional<Failure> firstRejection = Stream.of(directory, serial, operatorPackage, label, context, timeout)
                .flatMap(checked -> checked.rejection().stream())
                .findFirst();
        if (firstRejection.isPresent()) {
            return Checked.rejected(firstRejection.get());
        }
        return Checked.accepted(new ValidatedRequest(directory.valueOrNull(), Objects.requireNonNull(serial.valueOrNull()),
                Objects.requireNonNull(operatorPackage.valueOrNull()), label.valueOrNull(),
                Objects.requireNonNull(context.valueOrNull()), Objects.requireNonNull(timeout.valueOrNull()), terms));
    }
}
