package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.jspecify.annotations.Nullable;

/**
 * One file of a bundle, or the record that a requested file could not be produced.
 *
 * <p>Complete: a verified file with its bytes and sha256, and no error. Partial: a retained
 * {@code *.partial.*} file with its bytes and sha256, and an error. Failed: no usable file, so
 * null path, bytes and sha256, and an error. A file that is listed is never empty, except
 * encoder diagnostics ({@code encoder_stderr}), which may be. {@code image} appears only on a
 * complete screenshot. These are the reference tool's rules too, so the record binds either
 * tool's manifests: {@code durationMs} may be fractional there (a monotonic difference), which
 * this record reads to whole milliseconds; the writer writes integers. Clip media properties are
 * not an artifact's: they are in captures.json's video segments.
 */
@JsonPropertyOrder({"kind", "path", "mimeType", "status", "bytes", "sha256", "startedAt", "finishedAt", "durationMs",
        "image", "commandId", "taskId", "error"})
public record Artifact(
        ArtifactKind kind,
        @Nullable String path,
        String mimeType,
        ArtifactStatus status,
        @Nullable Long bytes,
        @Nullable String sha256,
        String startedAt,
        String finishedAt,
        long durationMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String commandId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String taskId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable ImageGeometry image,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable BundleError error) {

    public Artifact {
        Checks.required(kind, "artifact.kind");
        Checks.nonBlank(mimeType, "artifact.mimeType");
        Checks.required(status, "artifact.status");
        Checks.utcTimestamp(startedAt, "artifact.startedAt");
        Checks.utcTimestamp(finishedAt, "artifact.finishedAt");
        Checks.check(durationMs >= 0, "artifact.durationMs must not be negative");
        boolean hasFile = path != null;
        Checks.check(hasFile == (bytes != null) && hasFile == (sha256 != null),
                "path, bytes and sha256 are all present or all null");
        if (path != null && bytes != null) { // hasFile, and so bytes too (checked just above)
            Checks.check(Checks.isBundleRelative(path), "artifact path must be bundle-relative: " + path);
            Checks.check(bytes >= 0, "artifact.bytes must not be negative");
            Checks.check(bytes > 0 || kind == ArtifactKind.ENCODER_STDERR,
                    "a listed file is not empty (only encoder_stderr may be 0 bytes)");
            Checks.check(Checks.isSha256(sha256), "sha256 must be 64 lowercase hex digits");
        }
        switch (status) {
            case COMPLETE -> {
                Checks.check(hasFile, "a complete artifact has a file");
                Checks.check(error == null, "a complete artifact has no error");
                Checks.check(path != null && !path.contains(".partial."), "a complete artifact has no .partial. name");
            }
            case PARTIAL -> {
                Checks.check(hasFile, "a partial artifact keeps its file");
                Checks.check(error != null, "a partial artifact has an error");
            }
            case FAILED -> {
                Checks.check(!hasFile, "a failed artifact has null path, bytes and sha256");
                Checks.check(error != null, "a failed artifact has an error");
            }
        }
        Checks.check(image == null || (kind == ArtifactKind.SCREENSHOT && status == ArtifactStatus.COMPLETE),
                "image geometry appears only on a complete screenshot");
    }
}
