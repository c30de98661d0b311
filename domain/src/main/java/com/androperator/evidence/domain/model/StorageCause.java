package com.androperator.evidence.domain.model;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The operating system's reason behind a storage failure: the errno word of the one table
 * ({@code CauseCodes}, e.g. ENOSPC), its text (strerror; null when the failure words it under
 * another key, as EVIDENCE_STORAGE_UNWRITABLE's {@code message} does) and the path it concerns
 * (null when the failure is about a subprocess's output rather than one path). The use cases read
 * these fields; the failure's details carry them as {@code path}, {@code causeCode} and
 * {@code cause}, the documented keys.
 */
public record StorageCause(@Nullable String path, String causeCode, @Nullable String cause) {
    public StorageCause {
        Objects.requireNonNull(causeCode, "causeCode");
        if (causeCode.isBlank()) {
            throw new IllegalArgumentException("a storage cause names its errno word");
        }
    }

    /** Writes the documented keys: a key already there keeps its place, a new one goes last. */
    void describeIn(Details.Builder details) {
        details.textIfPresent(DetailKey.PATH, path).text(DetailKey.CAUSE_CODE, causeCode)
                .textIfPresent(DetailKey.CAUSE, cause);
    }
}
