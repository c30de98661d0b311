package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.video.FinalizedMedia.Clip;
import java.util.List;

/**
 * Reads every listed artifact back before the terminal manifest: one that cannot be read, or
 * whose bytes changed, becomes failed with that underlying error, and a clip that fails so is no
 * longer usable.
 */
final class ArtifactReadBack {
    private final FailureErrors failures;

    ArtifactReadBack(FailureErrors failures) {
        this.failures = failures;
    }

    Clip of(VideoBundleFiles bundle, Clip clip, String stage, List<BundleError> errors) {
        Artifact artifact = of(bundle, clip.artifact(), stage, errors);
        return artifact == clip.artifact() ? clip : new Clip(artifact, clip.probed(), null, false);
    }

    /** The artifact as listed when its file reads back with the listed size and hash; otherwise failed with why. */
    Artifact of(VideoBundleFiles bundle, Artifact artifact, String stage, List<BundleError> errors) {
        if (artifact.path() == null) {
            return artifact;
        }
        StoreResult now = bundle.describe(artifact.path());
        if (now instanceof StoreResult.Stored present && Long.valueOf(present.bytes()).equals(artifact.bytes())
                && present.sha256().equals(artifact.sha256())) {
            return artifact;
        }
        String component = componentOf(artifact);
        BundleError error;
        if (now instanceof StoreResult.StoreFailed failed) {
            error = failures.of(failed.failure(), stage, artifact.path() + " cannot be read back", component);
        } else {
            StoreResult.Stored present = (StoreResult.Stored) now;
            error = VideoStage.error(ErrorCodes.STORAGE_FAILED, stage, artifact.path() + " changed after it was written: "
                    + "it now has " + present.bytes() + " bytes (sha256 " + present.sha256() + "), but "
                    + artifact.bytes() + " bytes (sha256 " + artifact.sha256() + ") were recorded.", component);
        }
        errors.add(error);
        return failedCopy(artifact, error);
    }

    /** The same attempt, failed: no usable file and {@code error} (its probe metadata stays in captures.json). */
    private static Artifact failedCopy(Artifact artifact, BundleError error) {
        return new Artifact(artifact.kind(), null, artifact.mimeType(), ArtifactStatus.FAILED, null, null,
                artifact.startedAt(), artifact.finishedAt(), artifact.durationMs(), artifact.commandId(),
                artifact.taskId(), null, error);
    }

    private static String componentOf(Artifact artifact) {
        return VideoStage.VIDEO;
    }
}
