package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;

/**
 * A video bundle's status: complete only with every artifact complete and at least one complete
 * clip. (Its session.json and control/ are allowed by {@link InventoryRules}; clip media is
 * verified frame by frame by the writer, and here by size and hash.)
 */
final class VideoRules implements BundleRule {
    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        if (manifest == null || manifest.video() == null || manifest.status() != BundleStatus.COMPLETE) {
            return;
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            if (artifact.status() != ArtifactStatus.COMPLETE) {
                v.add("STATUS_INCONSISTENT", BundleShape.MANIFEST + "#/artifacts/" + i + "/status",
                        "a complete video bundle has every artifact complete; this one is " + artifact.status().wire());
            }
        }
        if (!ArtifactRules.hasComplete(manifest, ArtifactKind.VIDEO)) {
            v.add("STATUS_INCONSISTENT", BundleShape.MANIFEST + "#/status",
                    "a complete video bundle has a complete video clip");
        }
    }
}
