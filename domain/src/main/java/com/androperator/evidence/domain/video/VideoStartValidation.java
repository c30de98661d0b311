package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.model.RequestField;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The first part of a video start: every field of the request checked, in the documented order,
 * before anything exists. The aspect ratio of a requested size needs the display and is checked
 * after device selection; only its form is checked here.
 */
final class VideoStartValidation {
    private VideoStartValidation() {
    }

    /** {@code explicitDir} is null for a managed bundle. */
    record Validated(@Nullable Path explicitDir, String serial, @Nullable String operatorPackage, int duration,
                     @Nullable String size, @Nullable String label, CallerContext context) {
    }

    static Checked<Validated> validate(CallerTerms terms, VideoStartCommand command, BundleStore store) {
        if (command.deviceSerial() == null) {
            return invalid(terms, RequestField.DEVICE, "Video start requires an explicit "
                    + terms.field(RequestField.DEVICE) + ": give the serial exactly as `adb devices` lists it (or set "
                    + "ANDROID_SERIAL).");
        }
        Checked<Optional<String>> serial = CaptureRequestValidation.deviceSerial(terms, command.deviceSerial());
        if (serial instanceof Checked.Rejected<Optional<String>> rejected) {
            return Checked.rejected(rejected.failure());
        }
        // Optional for video (scrcpy records without the Operator); validated exactly when given.
        String operatorPackage = null;
        if (command.operatorPackage() != null) {
            if (command.operatorPackage().isEmpty()) {
                return invalid(terms, RequestField.OPERATOR_PACKAGE, terms.field(RequestField.OPERATOR_PACKAGE)
                        + " is empty: omit it (video records through scrcpy, not the Operator) or give the installed "
                        + "Operator's package, e.g. com.androperator.operator.dev.");
            }
            Checked<String> checked = CaptureRequestValidation.operatorPackage(terms, command.operatorPackage());
            if (checked instanceof Checked.Rejected<String> rejected) {
                return Checked.rejected(rejected.failure());
            }
            operatorPackage = checked.valueOrNull();
        }
        Integer duration = command.durationSeconds();
        if (duration == null || duration < VideoLimits.MIN_DURATION_SECONDS || duration > VideoLimits.MAX_DURATION_SECONDS) {
            return invalid(terms, RequestField.DURATION, terms.field(RequestField.DURATION) + " must be an integer from "
                    + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS + ", got "
                    + (duration == null ? "nothing" : duration) + ": give the recording length in seconds.");
        }
        if (command.size() != null && VideoSizing.parse(terms, command.size()) instanceof Checked.Rejected<VideoSize> rejected) {
            // The form is checked now; the aspect ratio needs the display and is checked after selection.
            return Checked.rejected(rejected.failure());
        }
        Checked<String> label = CaptureRequestValidation.label(terms, command.label());
        if (label instanceof Checked.Rejected<String> rejected) {
            return Checked.rejected(rejected.failure());
        }
        Checked<CallerContext> context = CaptureRequestValidation.context(terms, command.context());
        if (context instanceof Checked.Rejected<CallerContext> rejected) {
            return Checked.rejected(rejected.failure());
        }
        Path explicitDir = null;
        if (command.outputDir() != null) {
            Checked<Path> directory = CaptureRequestValidation.outputDirectory(terms, command.outputDir())
                    .flatMap(given -> available(given, store));
            if (directory instanceof Checked.Rejected<Path> rejected) {
                return Checked.rejected(rejected.failure());
            }
            explicitDir = directory.valueOrNull();
        }
        // None was rejected: the serial was given, and the context holds its accepted value.
        return Checked.accepted(new Validated(explicitDir, Objects.requireNonNull(serial.valueOrNull()).orElseThrow(),
                operatorPackage, duration, command.size(), label.valueOrNull(),
                Objects.requireNonNull(context.valueOrNull())));
    }

    /** An explicit directory must be new: an existing one is refused before anything is created. */
    private static Checked<Path> available(Path explicitDir, BundleStore store) {
        if (store.check(explicitDir) instanceof BundleStore.Availability.Unavailable unavailable) {
            return Checked.rejected(unavailable.failure());
        }
        return Checked.accepted(explicitDir);
    }

    private static <T> Checked<T> invalid(CallerTerms terms, RequestField field, String message) {
        return Checked.rejected(terms.refusal(field, message));
    }
}
