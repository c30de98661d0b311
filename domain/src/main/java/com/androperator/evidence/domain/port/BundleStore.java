package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

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

        /**
         * {@code code}: EVIDENCE_OUTPUT_EXISTS or EXECUTION_VALIDATION_FAILED (parent missing, not a
         * directory); {@code existing} says what stands there for EVIDENCE_OUTPUT_EXISTS (null when unknown).
         */
        record Unavailable(Failure failure, @Nullable ExistingEntry existing) implements Availability {
            public Unavailable(Failure failure) {
                this(failure, null);
            }
        }
    }

    sealed interface Reservation {
        record Reserved(BundleWriter writer) implements Reservation {
        }

        /**
         * {@code code}: EVIDENCE_OUTPUT_EXISTS, EXECUTION_VALIDATION_FAILED or EVIDENCE_STORAGE_UNWRITABLE;
         * {@code existing} as for {@link Availability.Unavailable}.
         */
        record Refused(Failure failure, @Nullable ExistingEntry existing) implements Reservation {
            public Refused(Failure failure) {
                this(failure, null);
            }
        }
    }
}
