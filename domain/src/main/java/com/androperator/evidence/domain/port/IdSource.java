package com.androperator.evidence.domain.port;

import java.util.UUID;

/** Allocates evidence ids (random UUIDs in production, fixed sequences in tests). */
@FunctionalInterface
public interface IdSource {
    String newEvidenceId();

    IdSource RANDOM_UUID = () -> UUID.randomUUID().toString();
}
