package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Persists captured bytes the one way the bundle allows: they go to a partial file as they arrive
 * (verified in the same pass), and that file is promoted to its final name only when verification
 * accepted the bytes. Rejected bytes stay behind under their partial name as evidence.
 */
final class VerifiedWrite {
    static final String PERSISTENCE_STAGE = "persistence";
    static final String VERIFICATION_STAGE = "verification";
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private VerifiedWrite() {
    }

    /** Verification's conclusion about bytes already on disk as a partial file. */
    sealed interface Verdict {
        /** {@code image} is the verified geometry of a screenshot, null for other kinds. */
        record Accepted(@Nullable ImageGeometry image) implements Verdict {
        }

        record Rejected(BundleError error) implements Verdict {
        }
    }

    /** Where the bytes ended up. */
    sealed interface Persisted {
        record Promoted(StoreResult.Stored file, @Nullable ImageGeometry image) implements Persisted {
        }

        /** The partial file stayed; {@code error} says why it is not complete. */
        record Retained(StoreResult.Stored partialFile, BundleError error) implements Persisted {
        }

        /** No usable file. */
        record Lost(BundleError error) implements Persisted {
        }
    }

    /**
     * Concludes a partial file whose bytes were all written ({@code written} is its end): a failed
     * write keeps what it left as the partial file it is; otherwise {@code verdict} decides whether
     * it is promoted to {@code finalName}.
     */
    static Persisted conclude(GuardedWriter writer, ArtifactKind kind, String partialName, String finalName,
                              StoreResult written, Supplier<Verdict> verdict) {
        if (written instanceof StoreResult.StoreFailed failed) {
            // A write cut short leaves its file behind: it is listed as the partial file it is.
            BundleError error = storageError(kind, partialName, failed);
            return retained(failed).filter(file -> file.path().equals(partialName))
                    .<Persisted>map(file -> new Persisted.Retained(file, error))
                    .orElseGet(() -> new Persisted.Lost(error));
        }
        StoreResult.Stored partialFile = (StoreResult.Stored) written;
        Verdict decided = verdict.get();
        if (decided instanceof Verdict.Rejected rejected) {
            return new Persisted.Retained(partialFile, rejected.error());
        }
        StoreResult promoted = writer.promote(partialName, finalName);
        if (promoted instanceof StoreResult.StoreFailed failed) {
            // A failed rename leaves the verified bytes under their partial name.
            return new Persisted.Retained(partialFile, storageError(kind, finalName, failed));
        }
        return new Persisted.Promoted((StoreResult.Stored) promoted, ((Verdict.Accepted) decided).image());
    }

    /**
     * The {@code .partial.} file a failed write left in the bundle, as the writer described it
     * ({@link StoreResult.StoreFailed#retained}); empty when it left none or said nothing usable.
     */
    static Optional<StoreResult.Stored> retained(StoreResult.StoreFailed failed) {
        return failed.retainedFile()
                .filter(file -> isPartialFileName(file.path()) && file.bytes() > 0
                        && SHA256.matcher(file.sha256()).matches())
                .map(file -> new StoreResult.Stored(file.path(), file.bytes(), file.sha256()));
    }

    private static boolean isPartialFileName(String name) {
        return !name.isEmpty() && name.contains(".partial.") && name.indexOf('/') < 0 && name.indexOf('\\') < 0;
    }

    static BundleError storageError(ArtifactKind kind, String file, StoreResult.StoreFailed failed) {
        return new BundleError(ErrorCodes.STORAGE_FAILED, PERSISTENCE_STAGE,
                file + " could not be stored: " + failed.failure().message(), kind.wire());
    }
}
