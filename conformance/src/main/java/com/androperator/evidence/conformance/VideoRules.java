package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;

/**
 * A terminal video bundle, by the reference's rules: its status (complete only when every clip
 * verified and there are no errors; otherwise partial when any video artifact has a file, a
 * retained capture.partial.mkv included; else failed; a complete one has every artifact complete)
 * and its artifact order (the clips, the retained source, encoder.stderr.txt, captures.json). Its
 * session.json and control/ are allowed by {@link InventoryRules}; clip media is verified frame by
 * frame by the writer, and here by size and hash.
 */
final class VideoRules implements BundleRule {
    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        if (manifest == null || manifest.video() == null || !manifest.isTerminal()) {
            return;
        }
        checkOrder(v, manifest);
        boolean anyVideo = manifest.artifacts().stream().anyMatch(a -> a.kind() == ArtifactKind.VIDEO);
        boolean everyVideoComplete = anyVideo && manifest.artifacts().stream()
                .filter(a -> a.kind() == ArtifactKind.VIDEO).allMatch(a -> a.status() == ArtifactStatus.COMPLETE);
        boolean videoFile = manifest.artifacts().stream().anyMatch(a -> a.kind() == ArtifactKind.VIDEO && a.path() != null);
        BundleStatus expected = everyVideoComplete && manifest.errors().isEmpty() ? BundleStatus.COMPLETE
                : videoFile ? BundleStatus.PARTIAL : BundleStatus.FAILED;
        if (manifest.status() != expected) {
            v.add("STATUS_INCONSISTENT", BundleShape.MANIFEST + "#/status", "status is " + manifest.status().wire()
                    + " but the video artifacts and errors make it " + expected.wire() + " (every clip "
                    + (everyVideoComplete ? "" : "not ") + "verified, " + (videoFile ? "a" : "no")
                    + " video file kept, " + manifest.errors().size() + " errors)");
        }
        if (manifest.status() != BundleStatus.COMPLETE) {
            return;
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            if (artifact.status() != ArtifactStatus.COMPLETE) {
                v.add("STATUS_INCONSISTENT", BundleShape.MANIFEST + "#/artifacts/" + i + "/status",
                        "a complete video bundle has every artifact complete; this one is " + artifact.status().wire());
            }
        }
    }

    private static void checkOrder(Verification v, Manifest manifest) {
        int rank = -1;
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            int next = BundleShape.videoOrder(artifact.kind(), artifact.mimeType());
            if (next < rank) {
                v.add("ARTIFACT_ORDER", BundleShape.MANIFEST + "#/artifacts/" + i, artifact.kind().wire() + " "
                        + artifact.path() + " is out of order: a video bundle lists its clips, then the retained "
                        + BundleShape.RETAINED_SOURCE + ", then encoder.stderr.txt, then captures.json");
                return;
            }
            rank = next;
        }
    }
}
