package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;

/**
 * The spec's status table for a still bundle. Complete: the image and the XML verified, all
 * metadata available and the capture receipts (captures.json) persisted. Failed: neither
 * requested capture is usable (verified). Partial: anything in between.
 */
public final class BundleStatusPolicy {
    private BundleStatusPolicy() {
    }

    public static BundleStatus decide(ArtifactStatus screenshot, ArtifactStatus hierarchy,
                                      boolean metadataAvailable, boolean capturesPersisted) {
        boolean imageUsable = screenshot == ArtifactStatus.COMPLETE;
        boolean xmlUsable = hierarchy == ArtifactStatus.COMPLETE;
        if (!imageUsable && !xmlUsable) {
            return BundleStatus.FAILED;
        }
        if (imageUsable && xmlUsable && metadataAvailable && capturesPersisted) {
            return BundleStatus.COMPLETE;
        }
        return BundleStatus.PARTIAL;
    }
}
