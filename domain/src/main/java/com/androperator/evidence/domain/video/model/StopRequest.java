package com.androperator.evidence.domain.video.model;

/** One stop request file under control/: honoured by the worker only when {@code nonce} is its session's. */
public record StopRequest(String requestId, String nonce, String requestedAt) {
    public StopRequest {
        if (requestId == null || requestId.isBlank() || nonce == null || nonce.isBlank() || requestedAt == null) {
            throw new IllegalArgumentException("a stop request has an id, the session nonce and a time");
        }
    }
}
