package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One capture's record in captures.json. For the hierarchy, {@code result} is the Operator's
 * original envelope as received (null when none arrived); for the screenshot it is the host
 * transport receipt ({@code source: "adb_screencap"}, {@code result.ok} = transport completion),
 * never an invented Operator envelope; for video it is the recorder receipt. {@code details}
 * keeps diagnostics such as {@code deadlineOwner}, phase, dispatch state and reader state.
 * {@code artifactPath} names the artifact file this record produced (null when none).
 */
public record CaptureRecord(
        String kind,
        String source,
        @JsonInclude(JsonInclude.Include.NON_NULL) String commandId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String taskId,
        String artifactPath,
        Timing observation,
        Timing persistence,
        Map<String, Object> result,
        Map<String, Object> details,
        BundleError error) {

    public CaptureRecord {
        Checks.nonBlank(kind, "capture.kind");
        Checks.nonBlank(source, "capture.source");
        Checks.required(observation, "capture.observation");
        Checks.check(artifactPath == null || Checks.isBundleRelative(artifactPath),
                "capture.artifactPath must be bundle-relative");
        Checks.check(result == null || result.containsKey("ok") || "operator".equals(source),
                "a host receipt says whether the transport completed (result.ok)");
    }
}
