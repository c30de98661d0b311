package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One element of captures.json: a still capture's record ({@link CaptureRecord}: screenshot,
 * hierarchy, and any other kind) or a recording's ({@link VideoCaptureRecord}, kind {@code video}).
 * The kind is the record's own property, read to choose the shape.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "kind",
        visible = true, defaultImpl = CaptureRecord.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = CaptureRecord.class, names = {"screenshot", "hierarchy", "metadata"}),
        @JsonSubTypes.Type(value = VideoCaptureRecord.class, name = "video")})
public sealed interface CapturesEntry permits CaptureRecord, VideoCaptureRecord {
    String kind();

    String source();
}
