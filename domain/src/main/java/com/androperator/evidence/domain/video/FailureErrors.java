package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.domain.model.Failure;
import java.util.ArrayList;
import java.util.List;

/**
 * Bundle errors that keep the underlying failure's code and message. A failure whose cause is
 * exhausted storage (ENOSPC, EFBIG, EDQUOT) is also noted, so that a disk that filled up during
 * finalization is named as such in the session state too.
 */
final class FailureErrors {
    private final List<String> storageExhaustion = new ArrayList<>();

    BundleError of(Failure failure, String stage, String what, String component) {
        BundleError error = VideoStage.error(failure.code(), stage, what + ": " + failure.message(), component);
        StorageExhaustion.causeOf(failure).ifPresent(cause -> storageExhaustion.add(cause + " (" + error.message() + ")"));
        return error;
    }

    /** Every failure so far whose cause was exhausted storage, as "CAUSE (what failed: why)", in order. */
    List<String> storageExhaustion() {
        return List.copyOf(storageExhaustion);
    }
}
