package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * manifest.json, schema version 1, for still and video bundles. The manifest never hashes itself.
 * {@code context} is the caller's opaque object, copied as given: capture status never replaces
 * a caller's {@code originalVerdict}. {@code video} is present only on video bundles, whose
 * {@code finishedAt} is null exactly while they are not terminal. Written in the spec's (and the
 * reference tool's) field order, {@code video} before {@code status}.
 */
@JsonPropertyOrder({"schemaVersion", "evidenceId", "label", "context", "device", "startedAt", "finishedAt", "video",
        "status", "artifacts", "errors"})
public record Manifest(
        int schemaVersion,
        String evidenceId,
        @Nullable String label,
        CallerContext context,
        DeviceInfo device,
        String startedAt,
        @Nullable String finishedAt,
        BundleStatus status,
        List<Artifact> artifacts,
        List<BundleError> errors,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable VideoInfo video) {

    public static final int SCHEMA_VERSION = 1;
    public static final int MAX_LABEL_UTF16_UNITS = 2048;

    public Manifest {
        Checks.check(schemaVersion == SCHEMA_VERSION, "schemaVersion must be 1");
        Checks.nonBlank(evidenceId, "evidenceId");
        Checks.check(label == null || label.length() <= MAX_LABEL_UTF16_UNITS, "label is at most 2048 UTF-16 units");
        Checks.required(context, "context");
        Checks.required(device, "device");
        Checks.utcTimestamp(startedAt, "startedAt");
        Checks.check(finishedAt == null || Checks.isUtcTimestamp(finishedAt),
                "finishedAt must be null or a UTC ISO-8601 timestamp ending in Z");
        Checks.required(status, "status");
        artifacts = List.copyOf(Checks.required(artifacts, "artifacts"));
        errors = List.copyOf(Checks.required(errors, "errors"));
        boolean terminal = status == BundleStatus.COMPLETE || status == BundleStatus.PARTIAL
                || status == BundleStatus.FAILED;
        if (video == null) {
            Checks.check(terminal, "a still bundle's status is complete, partial or failed");
            Checks.check(finishedAt != null, "a still bundle has finishedAt");
        } else {
            Checks.check(terminal == (finishedAt != null), "finishedAt is null exactly while a video is not terminal");
        }
        Checks.check(status != BundleStatus.COMPLETE || errors.isEmpty(), "a complete bundle has no errors");
        Checks.check(status == BundleStatus.COMPLETE || !terminal || !errors.isEmpty(),
                "a partial or failed bundle says why in errors");
    }

    /** Derived from status; ignored by JSON so that the manifest carries no "terminal" property. */
    @JsonIgnore
    public boolean isTerminal() {
        return status == BundleStatus.COMPLETE || status == BundleStatus.PARTIAL || status == BundleStatus.FAILED;
    }
}
