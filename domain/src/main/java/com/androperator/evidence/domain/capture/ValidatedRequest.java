package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A capture request whose every option passed the spec's contracts, with defaults applied.
 * {@code explicitDirectory} is the validated explicit output directory, null for a managed bundle.
 */
record ValidatedRequest(BundleLocation location, @Nullable Path explicitDirectory, Optional<String> deviceSerial,
                        String operatorPackage, @Nullable String label, Map<String, Object> context, long timeoutMs,
                        CallerTerms terms) {

    /** The bundle directory: the explicit one, or {@code <bundlesRoot>/<evidenceId>}. */
    Path directory(String evidenceId) {
        return explicitDirectory != null ? explicitDirectory
                : ((BundleLocation.Managed) location).bundlesRoot().resolve(evidenceId);
    }

    /** Checks every option (all pure) and reports the first rejection in the CLI's documented option order. */
    static Checked<ValidatedRequest> check(CaptureRequest request) {
        CallerTerms terms = request.terms();
        Checked<Path> directory = request.location() instanceof BundleLocation.Managed
                ? Checked.accepted(null)
                : CaptureRequestValidation.outputDirectory(terms, request.location() instanceof BundleLocation.Explicit explicit
                        ? explicit.outputDir() : null);
        Checked<Optional<String>> serial = CaptureRequestValidation.deviceSerial(terms, request.deviceSerial());
        Checked<String> operatorPackage = CaptureRequestValidation.operatorPackage(terms, request.operatorPackage());
        Checked<String> label = CaptureRequestValidation.label(terms, request.label());
        Checked<Map<String, Object>> context = CaptureRequestValidation.context(terms, request.context());
        Checked<Long> timeout = CaptureRequestValidation.timeoutMillis(terms, request.timeoutMs());
        Optional<Failure> firstRejection = Stream.of(directory, serial, operatorPackage, label, context, timeout)
                .flatMap(checked -> checked.rejection().stream())
                .findFirst();
        if (firstRejection.isPresent()) {
            return Checked.rejected(firstRejection.get());
        }
        // None was rejected, so each required option holds its accepted value (the directory and label may be absent).
        return Checked.accepted(new ValidatedRequest(request.location(), directory.valueOrNull(),
                Objects.requireNonNull(serial.valueOrNull()), Objects.requireNonNull(operatorPackage.valueOrNull()),
                label.valueOrNull(), Objects.requireNonNull(context.valueOrNull()),
                Objects.requireNonNull(timeout.valueOrNull()), terms));
    }
}
