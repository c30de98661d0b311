package com.androperator.evidence.viewer;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * captures.json read in either of its shapes: today's object ({@code captures} records and video
 * {@code spans}) and the reference tool's array of records, whose video record lists its spans
 * under {@code segments}. Only what the page shows is taken; unknown fields are ignored.
 */
final class CaptureRecords {
    private CaptureRecords() {
    }

    /** The capture records, in file order. */
    static List<JsonValue> records(JsonValue root) {
        return root instanceof JsonValue.Arr ? root.items() : root.items("captures");
    }

    /**
     * One source span of a recording and the clip made from it, as display text ("" when unknown).
     *
     * @param path   the clip's bundle-relative path
     * @param start  source start time, seconds
     * @param end    source end time, seconds ("" for an open last span)
     * @param frames source frame count
     * @param size   {@code WxH}
     * @param codec  verified codec
     * @param mediaDurationMs verified clip duration
     * @param error  the span's error, when it failed
     */
    record Span(String path, String start, String end, String frames, String size, String codec,
                String mediaDurationMs, JsonValue error) {
    }

    /** Every span, from {@code spans} (object shape) or the video records' {@code segments} (array shape). */
    static List<Span> spans(JsonValue root) {
        List<Span> spans = new ArrayList<>();
        if (root instanceof JsonValue.Arr) {
            for (JsonValue record : root.items()) {
                for (JsonValue segment : record.items("segments")) {
                    spans.add(new Span(segment.text("path").orElse(""), number(segment, "start"), number(segment, "end"),
                            number(segment, "frames"), size(segment, "actualSize").orElse(dimensions(segment)),
                            segment.text("codec").orElse(""), number(segment, "mediaDurationMs"), error(segment)));
                }
            }
            return spans;
        }
        for (JsonValue span : root.items("spans")) {
            JsonValue verified = span.get("verified").orElse(new JsonValue.Null());
            spans.add(new Span(span.text("outputPath").orElse(""), number(span, "sourceStartTime"),
                    number(span, "sourceEndTime"), number(span, "frameCount"), dimensions(span),
                    verified.text("codec").orElse(""), number(verified, "durationMs"), error(span)));
        }
        return spans;
    }

    /** A size written either as {@code "WxH"} (reference shape) or as {@code {width, height}}. */
    static Optional<String> size(JsonValue owner, String name) {
        Optional<JsonValue> value = owner.get(name);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (value.get().asText().isPresent()) {
            return value.get().asText();
        }
        String dimensions = dimensions(value.get());
        return dimensions.isEmpty() ? Optional.empty() : Optional.of(dimensions);
    }

    static String dimensions(JsonValue owner) {
        String width = number(owner, "width");
        String height = number(owner, "height");
        return width.isEmpty() || height.isEmpty() ? "" : width + "x" + height;
    }

    static String number(JsonValue owner, String name) {
        return owner.get(name).map(value -> value instanceof JsonValue.Num number ? number.text()
                : value.asText().orElse("")).orElse("");
    }

    /**
     * The error of a failed record: the reference's {@code result.error} ({@code {ok: false, error}})
     * or a segment-like {@code error}; null when the record did not fail.
     */
    static JsonValue failure(JsonValue record) {
        JsonValue own = error(record);
        if (own != null) {
            return own;
        }
        return record.get("result").map(CaptureRecords::error).orElse(null);
    }

    private static JsonValue error(JsonValue owner) {
        return owner.get("error").filter(JsonValue::isObject).orElse(null);
    }
}
