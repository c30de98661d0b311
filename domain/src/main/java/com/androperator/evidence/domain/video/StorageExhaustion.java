package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.domain.model.Failure;
import java.util.Optional;
import java.util.Set;

/** A failure whose cause is exhausted storage (the one errno table's {@link CauseCodes#STORAGE_EXHAUSTED}): a full disk (ENOSPC), a file-size limit (EFBIG) or a quota (EDQUOT). */
final class StorageExhaustion {
    static final Set<String> CAUSES = CauseCodes.STORAGE_EXHAUSTED;

    private StorageExhaustion() {
    }

    /** The errno word, when the failure's details name one of {@link #CAUSES} as causeCode. */
    static Optional<String> causeOf(Failure failure) {
        Object cause = failure.details().get("causeCode");
        return cause instanceof String code && CauseCodes.isStorageExhausted(code) ? Optional.of(code)
                : Optional.empty();
    }
}
