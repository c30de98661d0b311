package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import java.util.Map;
import java.util.Optional;

/**
 * The one mapping from a failure's specific reason to the code a user meets, in the reference tool's
 * vocabulary (reference-compat section 2), so the same failure has the same code in both tools. The
 * steps and adapters name the specific reason ({@link ErrorCodes#SCREENSHOT_INVALID},
 * {@link ErrorCodes#METADATA_UNAVAILABLE}, ...); bundle errors carry the reference code, and the
 * reason stays in the message (worded by the contracts' {@link BundleError#reported}) and, in captures.json, as
 * {@code details.reason}.
 *
 * <ul>
 *   <li>screenshot: every failure is EVIDENCE_CAPTURE_FAILED, stage {@code capture}, except budget
 *       expiry (COMMAND_TIMEOUT), cancellation (COMMAND_CANCELLED) and storage (STORAGE_FAILED,
 *       stage {@code persistence});</li>
 *   <li>hierarchy: stage {@code capture}; an unusable success envelope is SNAPSHOT_EXTRACTION_FAILED, a
 *       broadcast or package query that did not run is DEVICE_SHELL_UNAVAILABLE; transport, envelope
 *       and the Operator's own codes pass through;</li>
 *   <li>metadata: every unavailable field is EVIDENCE_CAPTURE_FAILED, stage {@code metadata}, the
 *       field as component, except COMMAND_TIMEOUT and COMMAND_CANCELLED.</li>
 * </ul>
 */
public final class ErrorVocabulary {
    /** The stage of screenshot and hierarchy errors. */
    public static final String CAPTURE_STAGE = "capture";
    /** The stage of errors about writing the bundle; kept as it is. */
    public static final String PERSISTENCE_STAGE = "persistence";
    public static final String SCREENSHOT = "screenshot";
    public static final String HIERARCHY = "hierarchy";

    private static final Map<String, String> HIERARCHY_REASONS = Map.of(
            ErrorCodes.HIERARCHY_INVALID, ErrorCodes.SNAPSHOT_EXTRACTION_FAILED,
            ErrorCodes.SNAPSHOT_STEP_MISSING, ErrorCodes.SNAPSHOT_EXTRACTION_FAILED,
            ErrorCodes.BROADCAST_FAILED, ErrorCodes.DEVICE_SHELL_UNAVAILABLE);

    private ErrorVocabulary() {
    }

    /** The code reported for {@code reason} on a screenshot. */
    public static String screenshotCode(String reason) {
        return kept(reason) || ErrorCodes.STORAGE_FAILED.equals(reason) ? reason : ErrorCodes.EVIDENCE_CAPTURE_FAILED;
    }

    /** The code reported for {@code reason} on the hierarchy; the Operator's own codes pass through. */
    public static String hierarchyCode(String reason) {
        return HIERARCHY_REASONS.getOrDefault(reason, reason);
    }

    /** The code reported for {@code reason} on a metadata field. */
    public static String metadataCode(String reason) {
        return kept(reason) ? reason : ErrorCodes.EVIDENCE_CAPTURE_FAILED;
    }

    /**
     * A screenshot or hierarchy error (component {@code screenshot} or {@code hierarchy}) as it is
     * reported: its reference code and stage {@code capture} (persistence errors keep their stage).
     * Other errors are returned as they are.
     */
    public static BundleError reported(BundleError specific) {
        String component = specific.component();
        String code;
        if (SCREENSHOT.equals(component)) {
            code = screenshotCode(specific.code());
        } else if (HIERARCHY.equals(component)) {
            code = hierarchyCode(specific.code());
        } else {
            return specific;
        }
        String stage = PERSISTENCE_STAGE.equals(specific.stage()) ? specific.stage() : CAPTURE_STAGE;
        if (code.equals(specific.code()) && stage.equals(specific.stage())) {
            return specific;
        }
        // The specific reason is a field until the bundle's error is made, which words it for the reference's readers.
        return BundleError.reported(code, stage, specific.message(), component, specific.code());
    }

    /** The specific reason behind {@code specific} when {@link #reported} gives it another code. */
    public static Optional<String> reason(BundleError specific) {
        BundleError reported = reported(specific);
        return reported.code().equals(specific.code()) ? Optional.empty() : Optional.of(specific.code());
    }

    /** Budget expiry and cancellation are their own codes on every component. */
    private static boolean kept(String reason) {
        return ErrorCodes.COMMAND_TIMEOUT.equals(reason) || ErrorCodes.COMMAND_CANCELLED.equals(reason);
    }
}
