package com.androperator.evidence.domain.video.model;

/** The contents of a device lock file: which session holds the device, its nonce and absolute bundle path. */
public record LockClaim(String sessionId, String nonce, String bundleDir, String serial, String createdAt) {
    public LockClaim {
        if (sessionId == null || nonce == null || bundleDir == null || serial == null || createdAt == null) {
            throw new IllegalArgumentException("a lock claim is complete");
        }
    }
}
