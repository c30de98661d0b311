package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.capture.VerifiedWrite.Persisted;
import com.androperator.evidence.domain.policy.ErrorVocabulary;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** One capture's manifest artifact and its captures.json record, which share path, correlation and error. */
record CapturedArtifact(Artifact artifact, CaptureRecord record) {

    CapturedArtifact {
        Objects.requireNonNull(artifact, "artifact");
        Objects.requireNonNull(record, "record");
    }

    /**
     * {@code persisted} with its error as {@link ErrorVocabulary} reports it (the reference's code;
     * the specific one goes into the message and, through {@link #withReason}, the record).
     */
    static Persisted reported(Persisted persisted) {
        if (persisted instanceof Persisted.Retained retained) {
            return new Persisted.Retained(retained.partialFile(), ErrorVocabulary.reported(retained.error()));
        }
        if (persisted instanceof Persisted.Lost lost) {
            return new Persisted.Lost(ErrorVocabulary.reported(lost.error()));
        }
        return persisted;
    }

    /** The error a persisted capture carries as found (before {@link #reported}), or null. */
    static @Nullable BundleError specificError(Persisted persisted) {
        return persisted instanceof Persisted.Retained retained ? retained.error()
                : persisted instanceof Persisted.Lost lost ? lost.error() : null;
    }

    /**
     * {@code details} with {@code details.reason} = the specific code when the vocabulary reports
     * {@code specific} under another one; {@code details} unchanged otherwise (null stays null).
     */
    static @Nullable Details withReason(@Nullable BundleError specific, @Nullable Details details) {
        if (specific == null || ErrorVocabulary.reason(specific).isEmpty()) {
            return details;
        }
        // The specific code comes first and wins over a reason the details already name.
        Details rest = details == null ? Details.NONE : details.toBuilder().without(DetailKey.REASON).build();
        return Details.builder().text(DetailKey.REASON, specific.code()).all(rest).build();
    }

    /** The manifest entry for a capture's persisted (or lost) file; {@code whole} spans capture and persistence. */
    static Artifact artifactOf(ArtifactKind kind, String mimeType, Persisted persisted, Timing whole,
                               String commandId, String taskId) {
        if (persisted instanceof Persisted.Promoted promoted) {
            return new Artifact(kind, promoted.file().path(), mimeType, ArtifactStatus.COMPLETE, promoted.file().bytes(),
                    promoted.file().sha256(), whole.startedAt(), whole.finishedAt(), whole.durationMs(),
                    commandId, taskId, promoted.image(), null);
        }
        if (persisted instanceof Persisted.Retained retained) {
            return new Artifact(kind, retained.partialFile().path(), mimeType, ArtifactStatus.PARTIAL,
                    retained.partialFile().bytes(), retained.partialFile().sha256(), whole.startedAt(),
                    whole.finishedAt(), whole.durationMs(), commandId, taskId, null, retained.error());
        }
        return failed(kind, mimeType, ((Persisted.Lost) persisted).error(), whole, commandId, taskId);
    }

    static Artifact failed(ArtifactKind kind, String mimeType, BundleError error, Timing whole,
                           @Nullable String commandId, @Nullable String taskId) {
        return new Artifact(kind, null, mimeType, ArtifactStatus.FAILED, null, null, whole.startedAt(),
                whole.finishedAt(), whole.durationMs(), commandId, taskId, null, error);
    }

    /**
     * The captures.json record of {@code artifact}: same correlation, path and timing (the whole
     * step), with the step's {@code result} in the reference shape; {@code details} are a
     * successful step's diagnostics (a failed step's are inside its result's error).
     */
    static CaptureRecord recordOf(Artifact artifact, String source, Timing observation, @Nullable Timing persistence,
                                  Details result, @Nullable Details details) {
        // A step's artifact always carries its command's correlation (artifactOf is given both).
        return new CaptureRecord(artifact.kind().wire(), source,
                Objects.requireNonNull(artifact.commandId(), "commandId"),
                Objects.requireNonNull(artifact.taskId(), "taskId"), result,
                artifact.startedAt(), artifact.finishedAt(), artifact.durationMs(), artifact.path(), observation,
                persistence, details == null || details.isEmpty() ? null : details);
    }
}
