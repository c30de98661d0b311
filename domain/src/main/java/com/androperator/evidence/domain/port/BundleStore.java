package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;

/**
 * Where bundles live. A bundle directory is created exclusively (a collision is
 * EVIDENCE_OUTPUT_EXISTS, never an overwrite), with mode 0700.
 */
public interface BundleStore {

    /** Checks without creating anything that {@code directory} could become a new bundle. */
    Availability check(Path directory);

    /** Creates {@code directory} exclusively; exactly one of two racing callers gets it. */
    Reservation reserve(Path directory);

    sealed interface Availability {
        record Available() implements Availability {
        }

        /** {@code code}: EVIDENCE_OUTPUT_EXISTS or EXECUTION_VALIDATION_FAILED (parent missing, not a directory). */
        record Unavailable(Failure failure) implements Availability {
        }
    }

    sealed interface Reservation {
        record Reserved(BundleWriter writer) implements Reservation {
        }

        /** {@code code}: EVIDENCE_OUTPUT_EXISTS, EXECUTION_VALIDATION_FAILED or EVIDENCE_STORAGE_UNWRITABLE. */
        record Refused(Failure failure) implements Reservation {
        }
    }
}
