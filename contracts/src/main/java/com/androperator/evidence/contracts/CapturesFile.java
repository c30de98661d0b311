package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** captures.json: the capture records of a bundle, and for video the source spans. No media is embedded. */
public record CapturesFile(
        int schemaVersion,
        String evidenceId,
        List<CaptureRecord> captures,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<SpanRecord> spans) {

    public CapturesFile {
        Checks.check(schemaVersion == Manifest.SCHEMA_VERSION, "schemaVersion must be 1");
        Checks.nonBlank(evidenceId, "evidenceId");
        captures = List.copyOf(Checks.required(captures, "captures"));
        spans = spans == null ? null : List.copyOf(spans);
    }
}
