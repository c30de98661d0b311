package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One still capture's record in captures.json, in the reference tool's shape: {@code kind},
 * {@code source}, the artifact's correlation ({@code commandId}, {@code taskId}), {@code result},
 * and the step's host {@code startedAt}/{@code finishedAt} with its monotonic {@code durationMs}.
 *
 * <p>{@code result}: for the screenshot the host transport receipt ({@code {ok, bytes, ...}},
 * {@code ok} = transport completion; PNG validation is the manifest's), never an invented Operator
 * envelope; for the hierarchy {@code {ok: true, envelope, deviceId, terminalSource}} with the
 * Operator's envelope as received, or {@code {ok: false, error: {code, message, details}}} (with
 * {@code envelope} beside it when one arrived). A failure's {@code details} keep diagnostics such
 * as {@code deadlineOwner}, phase, dispatch state, earlier effects and reader state.
 *
 * <p>Beyond the reference, and ignored by its readers (as this record ignores what it does not
 * know): {@code artifactPath} (the file this record produced), {@code observation} and
 * {@code persistence} timing, and {@code details} of a successful step.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CaptureRecord(
        String kind,
        String source,
        String commandId,
        String taskId,
        Details result,
        String startedAt,
        String finishedAt,
        long durationMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String artifactPath,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Timing observation,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Timing persistence,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Details details) implements CapturesEntry {

    public CaptureRecord {
        Checks.nonBlank(kind, "capture.kind");
        Checks.nonBlank(source, "capture.source");
        Checks.nonBlank(commandId, "capture.commandId");
        Checks.nonBlank(taskId, "capture.taskId");
        Map<String, Object> written = Checks.required(result, "capture.result").asMap();
        Checks.check(written.get("ok") instanceof Boolean, "capture.result.ok is true or false");
        Checks.check(Boolean.TRUE.equals(written.get("ok")) || written.get("error") != null,
                "a capture result that is not ok carries its error");
        Checks.check(!"hierarchy".equals(kind) || !Boolean.TRUE.equals(written.get("ok"))
                        || written.get("envelope") instanceof Map
                        || written.get("envelope") instanceof RawJson raw && raw.isObject(),
                "an ok hierarchy result carries the Operator's envelope");
        Checks.utcTimestamp(startedAt, "capture.startedAt");
        Checks.utcTimestamp(finishedAt, "capture.finishedAt");
        Checks.check(durationMs >= 0, "capture.durationMs must not be negative");
        Checks.check(artifactPath == null || Checks.isBundleRelative(artifactPath),
                "capture.artifactPath must be bundle-relative");
    }

    /**
     * The Operator's envelope as received ({@code result.envelope}), read into a map when it is
     * still the received bytes (a record built in memory) or already a map (one read from a file);
     * null when none arrived or not a hierarchy.
     */
    @JsonIgnore
    @SuppressWarnings("unchecked")
    public @Nullable Map<String, Object> envelope() {
        Object envelope = result.asMap().get("envelope");
        if (envelope instanceof RawJson raw) {
            try (java.io.InputStream in = raw.openUtf8()) {
                return ContractJson.mapper().readValue(in, Map.class);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("the Operator's envelope could not be read", e);
            }
        }
        return envelope instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
    }

    /** The failed step's error code from {@code result.error}; null when the step is ok. */
    @JsonIgnore
    public @Nullable String errorCode() {
        return failure().get("code") instanceof String code ? code : null;
    }

    /** The failed step's error message from {@code result.error}; null when the step is ok. */
    @JsonIgnore
    public @Nullable String errorMessage() {
        return failure().get("message") instanceof String message ? message : null;
    }

    /** Diagnostics: a failed step's {@code result.error.details}, else the record's {@code details} (or none). */
    @JsonIgnore
    @SuppressWarnings("unchecked")
    public Map<String, Object> diagnostics() {
        if (failure().get("details") instanceof Map<?, ?> inside) {
            return (Map<String, Object>) inside;
        }
        return details == null ? Map.of() : details.asMap();
    }

    /** {@code result.error} as its JSON object: nested details are maps in {@link Details#asMap()}, built or read. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> failure() {
        Map<String, Object> written = result.asMap();
        return !Boolean.TRUE.equals(written.get("ok")) && written.get("error") instanceof Map<?, ?> error
                ? (Map<String, Object>) error : Map.of();
    }

    /** {@code {ok: false, error: {code, message, details}}}: a failed step's result, built by key. */
    public static Details failedReceipt(BundleError error, @Nullable Details details) {
        return Details.builder().flag(DetailKey.OK, false).nested(DetailKey.ERROR, Details.builder()
                .text(DetailKey.CODE, error.code()).text(DetailKey.MESSAGE, error.message())
                .nested(DetailKey.DETAILS, details == null ? Details.NONE : details).build()).build();
    }
}
