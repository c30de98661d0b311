package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.capture.VerifiedWrite.Persisted;
import com.androperator.evidence.domain.policy.ErrorVocabulary;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One capture's manifest artifact and its captures.json record, which share path, correlation and error. */
record CapturedArtifact(Artifact artifact, CaptureRecord record) {

    CapturedArtifact {
        Objects.requireNonNull(artifact, "artifact");
        Objects.requireNonNull(record, "record");
    }

    /**
     * A screenshot's or hierarchy's artifact and record: the error as {@link ErrorVocabulary} reports
     * it, and, when that changed the code, the specific reason as the record's {@code details.reason}.
     */
    static CapturedArtifact captured(ArtifactKind kind, String mimeType, Persisted persisted, Timing whole,
                                     String commandId, String taskId, String source, Timing observation,
                                     Timing persistence, Map<String, Object> result, Map<String, Object> details) {
        Persisted reported = persisted;
        Map<String, Object> recorded = details;
        BundleError specific = persisted instanceof Persisted.Retained retained ? retained.error()
                : persisted instanceof Persisted.Lost lost ? lost.error() : null;
        if (specific != null) {
            BundleError error = ErrorVocabulary.reported(specific);
            reported = persisted instanceof Persisted.Retained retained ? new Persisted.Retained(retained.partialFile(), error)
                    : new Persisted.Lost(error);
            if (ErrorVocabulary.reason(specific).isPresent()) {
                recorded = new LinkedHashMap<>();
                recorded.put(ErrorCodes.REASON, specific.code());
                if (details != null) {
                    details.forEach(recorded::putIfAbsent);
                }
            }
        }
        Artifact artifact = artifactOf(kind, mimeType, reported, whole, commandId, taskId);
        return new CapturedArtifact(artifact, recordOf(artifact, source, observation, persistence, result, recorded));
    }

    /** The manifest entry for a capture's persisted (or lost) file; {@code whole} spans capture and persistence. */
    static Artifact artifactOf(ArtifactKind kind, String mimeType, Persisted persisted, Timing whole,
                               String commandId, String taskId) {
        if (persisted instanceof Persisted.Promoted promoted) {
            return new Artifact(kind, promoted.file().path(), mimeType, ArtifactStatus.COMPLETE, promoted.file().bytes(),
                    promoted.file().sha256(), whole.startedAt(), whole.finishedAt(), whole.durationMs(),
                    commandId, taskId, promoted.image(), null, null);
        }
        if (persisted instanceof Persisted.Retained retained) {
            return new Artifact(kind, retained.partialFile().path(), mimeType, ArtifactStatus.PARTIAL,
                    retained.partialFile().bytes(), retained.partialFile().sha256(), whole.startedAt(),
                    whole.finishedAt(), whole.durationMs(), commandId, taskId, null, null, retained.error());
        }
        return failed(kind, mimeType, ((Persisted.Lost) persisted).error(), whole, commandId, taskId);
    }

    static Artifact failed(ArtifactKind kind, String mimeType, BundleError error, Timing whole,
                           String commandId, String taskId) {
        return new Artifact(kind, null, mimeType, ArtifactStatus.FAILED, null, null, whole.startedAt(),
                whole.finishedAt(), whole.durationMs(), commandId, taskId, null, null, error);
    }

    /** The captures.json record of {@code artifact}: same correlation, path and error. */
    static CaptureRecord recordOf(Artifact artifact, String source, Timing observation, Timing persistence,
                                  Map<String, Object> result, Map<String, Object> details) {
        return new CaptureRecord(artifact.kind().wire(), source, artifact.commandId(), artifact.taskId(),
                artifact.path(), observation, persistence, result, details, artifact.error());
    }
}
