package com.androperator.evidence.domain.port;

/** Allocates evidence ids (random UUIDs in production, adapters-fs's UrandomIds; fixed sequences in tests). */
@FunctionalInterface
public interface IdSource {
    String newEvidenceId();
}
