package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/**
 * captures.json: a JSON array of capture records, as the reference tool writes it (no envelope
 * object around it). No media is embedded.
 */
public record CapturesFile(List<CapturesEntry> records) {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public CapturesFile {
        records = List.copyOf(Checks.required(records, "captures"));
    }

    @JsonValue
    @Override
    public List<CapturesEntry> records() {
        return records;
    }

    /** The still capture records, in order. */
    public List<CaptureRecord> stillRecords() {
        return records.stream().filter(CaptureRecord.class::isInstance).map(CaptureRecord.class::cast).toList();
    }

    /** The video records, in order. */
    public List<VideoCaptureRecord> videoRecords() {
        return records.stream().filter(VideoCaptureRecord.class::isInstance).map(VideoCaptureRecord.class::cast)
                .toList();
    }
}
