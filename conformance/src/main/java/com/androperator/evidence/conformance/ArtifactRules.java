package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;
import java.util.HashSet;
import java.util.Set;

/**
 * The manifest's artifact list: each path listed once, never the manifest itself, .partial. names
 * exactly on partial artifacts, captures.json listed as the capture_envelopes artifact, at most one
 * complete artifact per kind (video clips excepted), and for a still bundle the kinds it holds and
 * the status its artifacts and errors imply (video bundles: {@link VideoRules}).
 */
final class ArtifactRules implements BundleRule {
    private static final String MANIFEST = BundleShape.MANIFEST;

    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        if (manifest == null) {
            return;
        }
        checkPaths(v, manifest);
        checkCapturesListing(v, manifest);
        for (ArtifactKind kind : ArtifactKind.values()) {
            long complete = manifest.artifacts().stream()
                    .filter(a -> a.kind() == kind && a.status() == ArtifactStatus.COMPLETE).count();
            if (complete > 1 && kind != ArtifactKind.VIDEO) {
                v.add("DUPLICATE_ARTIFACT", MANIFEST + "#/artifacts",
                        complete + " complete " + kind.wire() + " artifacts; a bundle has at most one");
            }
        }
        if (manifest.video() == null) {
            checkStillKinds(v, manifest);
            checkStillStatus(v, manifest);
        }
    }

    private static void checkPaths(Verification v, Manifest manifest) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            String path = artifact.path();
            if (path == null) {
                continue;
            }
            String pointer = MANIFEST + "#/artifacts/" + i + "/path";
            if (!seen.add(path)) {
                v.add("DUPLICATE_PATH", pointer, path + " is listed by more than one artifact");
            }
            if (path.equals(MANIFEST)) {
                v.add("MANIFEST_LISTED", pointer, "the manifest never lists or hashes itself");
                continue;
            }
            boolean partialName = BundleShape.hasPartialName(path);
            if (artifact.status() == ArtifactStatus.PARTIAL && !partialName) {
                v.add("PARTIAL_NAME", path, "a partial artifact keeps a .partial. name, but is listed as " + path);
            }
            if (artifact.status() != ArtifactStatus.PARTIAL && partialName) {
                v.add("PARTIAL_NAME", path, "only partial artifacts have .partial. names; this one is "
                        + artifact.status().wire());
            }
        }
    }

    private static void checkCapturesListing(Verification v, Manifest manifest) {
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            String path = artifact.path();
            boolean capturesFile = BundleShape.isCapturesFile(path);
            if (artifact.kind() == ArtifactKind.CAPTURE_ENVELOPES && path != null && !capturesFile) {
                v.add("CAPTURES_LISTING", MANIFEST + "#/artifacts/" + i + "/path",
                        "the capture_envelopes artifact is captures.json (or captures.partial.json), not " + path);
            } else if (artifact.kind() != ArtifactKind.CAPTURE_ENVELOPES && capturesFile) {
                v.add("CAPTURES_LISTING", MANIFEST + "#/artifacts/" + i + "/kind",
                        path + " is listed as the capture_envelopes artifact, not as " + artifact.kind().wire());
            }
        }
    }

    private static void checkStillKinds(Verification v, Manifest manifest) {
        for (ArtifactKind required : BundleShape.STILL_CAPTURES) {
            if (manifest.artifacts().stream().noneMatch(a -> a.kind() == required)) {
                v.add("ARTIFACT_MISSING", MANIFEST + "#/artifacts",
                        "a still bundle records its " + required.wire() + " attempt, even when it failed");
            }
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            ArtifactKind kind = manifest.artifacts().get(i).kind();
            if (!BundleShape.STILL_KINDS.contains(kind)) {
                v.add("STATUS_INCONSISTENT", MANIFEST + "#/artifacts/" + i + "/kind",
                        "a still bundle holds screenshot, hierarchy and capture_envelopes artifacts, not " + kind.wire());
            }
        }
    }

    /** complete: both captures, the receipts and no errors; failed: neither capture usable; else partial. */
    private static void checkStillStatus(Verification v, Manifest manifest) {
        boolean screenshot = hasComplete(manifest, ArtifactKind.SCREENSHOT);
        boolean hierarchy = hasComplete(manifest, ArtifactKind.HIERARCHY);
        boolean envelopes = hasComplete(manifest, ArtifactKind.CAPTURE_ENVELOPES);
        BundleStatus expected;
        if (screenshot && hierarchy && envelopes && manifest.errors().isEmpty()) {
            expected = BundleStatus.COMPLETE;
        } else if (!screenshot && !hierarchy) {
            expected = BundleStatus.FAILED;
        } else {
            expected = BundleStatus.PARTIAL;
        }
        if (manifest.status() != expected) {
            v.add("STATUS_INCONSISTENT", MANIFEST + "#/status", "status is " + manifest.status().wire()
                    + " but the artifacts and errors make it " + expected.wire()
                    + " (screenshot " + (screenshot ? "" : "not ") + "complete, hierarchy "
                    + (hierarchy ? "" : "not ") + "complete, capture_envelopes " + (envelopes ? "" : "not ")
                    + "complete, " + manifest.errors().size() + " errors)");
        }
    }

    static boolean hasComplete(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().anyMatch(a -> a.kind() == kind && a.status() == ArtifactStatus.COMPLETE);
    }
}
