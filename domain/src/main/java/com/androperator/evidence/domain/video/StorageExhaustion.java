package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import java.util.Optional;
import java.util.Set;

/** A failure whose cause is exhausted storage (the one errno table's {@link CauseCodes#STORAGE_EXHAUSTED}): a full disk (ENOSPC), a file-size limit (EFBIG) or a quota (EDQUOT). */
final class StorageExhaustion {
    static final Set<String> CAUSES = CauseCodes.STORAGE_EXHAUSTED;

    private StorageExhaustion() {
    }

    /** The errno word, when the failure's storage cause is one of {@link #CAUSES}. */
    static Optional<String> causeOf(Failure failure) {
        return failure.storageCauseIfAny().map(StorageCause::causeCode).filter(CauseCodes::isStorageExhausted);
    }
}
