package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A recording's record in captures.json, in the reference tool's shape: the host recorder receipt
 * ({@code source} {@code scrcpy}, the session, the recorder's {@code exitCode} (null when unknown),
 * whether the stop signal was sent, whether every clip verified), one {@code segments} entry per
 * span, and the recording's errors. Never an Operator result.
 *
 * <p>Beyond the reference, and ignored by its readers: {@code artifactPath} (the first clip),
 * {@code observation} (the recording) and {@code persistence} (finalization) timing, and
 * {@code details} (command line, recorder PID, stop reason, output size, source inspection).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VideoCaptureRecord(
        String kind,
        String source,
        String sessionId,
        @Nullable Integer exitCode,
        boolean stopSent,
        boolean videoVerified,
        List<VideoSegment> segments,
        List<BundleError> errors,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String artifactPath,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Timing observation,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Timing persistence,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Details details) implements CapturesEntry {

    public static final String KIND = "video";

    public VideoCaptureRecord {
        Checks.check(KIND.equals(kind), "a video record's kind is video");
        Checks.nonBlank(source, "capture.source");
        Checks.nonBlank(sessionId, "capture.sessionId");
        segments = List.copyOf(Checks.required(segments, "capture.segments"));
        errors = List.copyOf(Checks.required(errors, "capture.errors"));
        Checks.check(artifactPath == null || Checks.isBundleRelative(artifactPath),
                "capture.artifactPath must be bundle-relative");
    }
}
