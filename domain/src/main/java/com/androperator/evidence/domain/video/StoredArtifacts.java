package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import static com.androperator.evidence.domain.video.VideoFinalization.ENCODER_STDERR;
import static com.androperator.evidence.domain.video.VideoFinalization.ENCODER_STDERR_PARTIAL;
import static com.androperator.evidence.domain.video.VideoFinalization.TEXT;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.model.RetainedFile;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The manifest entries of what finalization writes besides media: the recorder's output and any
 * write that failed, each with the underlying error of the write (through {@link FailureErrors}).
 */
final class StoredArtifacts {
    private final FailureErrors failures;

    StoredArtifacts(FailureErrors failures) {
        this.failures = failures;
    }

    /** encoder.stderr.txt: see {@link VideoFinalization#recorderOutput}. */
    Artifact recorderOutput(VideoBundleFiles bundle, RecorderOutput output, Instant started, Instant finished,
                            long durationMs, @Nullable BundleError incomplete, List<BundleError> errors) {
        BundleError reason = incomplete;
        if (output.truncated()) {
            reason = VideoStage.error(ErrorCodes.ARTIFACT_TRUNCATED, VideoStage.RECORDING, "The recorder printed "
                    + output.totalBytes() + " bytes on stdout and stderr; only the first "
                    + VideoLimits.RECORDER_OUTPUT_CAP_BYTES + " are retained.", VideoStage.ENCODER_STDERR);
            errors.add(reason);
        }
        StoreResult written = bundle.writePartial(ENCODER_STDERR_PARTIAL, output.retained());
        if (written instanceof StoreResult.StoreFailed failed) {
            return notStored(ArtifactKind.ENCODER_STDERR, TEXT, failed, "The recorder output could not be saved",
                    VideoStage.ENCODER_STDERR, started.toString(), finished.toString(), durationMs, errors);
        }
        if (reason != null) {
            StoreResult.Stored present = (StoreResult.Stored) written;
            return new Artifact(ArtifactKind.ENCODER_STDERR, present.path(), TEXT, ArtifactStatus.PARTIAL,
                    present.bytes(), present.sha256(), started.toString(), finished.toString(), durationMs, null, null,
                    null, reason);
        }
        StoreResult promoted = bundle.promote(ENCODER_STDERR_PARTIAL, ENCODER_STDERR);
        if (promoted instanceof StoreResult.Stored present) {
            return new Artifact(ArtifactKind.ENCODER_STDERR, present.path(), TEXT, ArtifactStatus.COMPLETE,
                    present.bytes(), present.sha256(), started.toString(), finished.toString(), durationMs, null, null,
                    null, null);
        }
        // The bytes stay under their .partial. name; list them as such with the rename's error.
        BundleError error = failures.of(((StoreResult.StoreFailed) promoted).failure(), VideoStage.PERSISTENCE,
                "The recorder output could not be renamed to " + ENCODER_STDERR, VideoStage.ENCODER_STDERR);
        errors.add(error);
        StoreResult.Stored kept = (StoreResult.Stored) written;
        return new Artifact(ArtifactKind.ENCODER_STDERR, kept.path(), TEXT, ArtifactStatus.PARTIAL, kept.bytes(),
                kept.sha256(), started.toString(), finished.toString(), durationMs, null, null, null, error);
    }

    /** A failed write: partial when it left bytes under a .partial. name, failed otherwise; the error is the write's. */
    Artifact notStored(ArtifactKind kind, String mimeType, StoreResult.StoreFailed failed, String what, String component,
                                      String started, String finished, long durationMs, List<BundleError> errors) {
        BundleError error = failures.of(failed.failure(), VideoStage.PERSISTENCE, what, component);
        errors.add(error);
        RetainedFile retained = failed.retained();
        if (retained != null && retained.bytes() > 0) {
            return new Artifact(kind, retained.path(), mimeType, ArtifactStatus.PARTIAL, retained.bytes(),
                    retained.sha256(), started, finished, durationMs, null, null, null, error);
        }
        return new Artifact(kind, null, mimeType, ArtifactStatus.FAILED, null, null, started, finished, durationMs,
                null, null, null, error);
    }
}
