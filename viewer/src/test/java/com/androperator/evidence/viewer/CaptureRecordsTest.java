package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** captures.json in today's object shape and in the reference tool's array shape. */
class CaptureRecordsTest {
    private static JsonValue json(String text) {
        return ((BoundedJson.Read.Parsed) BoundedJson.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                BoundedJson.Limits.CAPTURES)).root();
    }

    @Test
    void todaysObjectShapeGivesRecordsAndSpans() {
        JsonValue root = json("{\"schemaVersion\":1,\"evidenceId\":\"e\",\"captures\":[{\"kind\":\"video\",\"source\":\"scrcpy\"}],"
                + "\"spans\":[{\"index\":1,\"sourceStartTime\":0.0,\"sourceEndTime\":0.633,\"frameCount\":20,\"width\":324,\"height\":720,"
                + "\"outputPath\":\"video.mp4\",\"verified\":{\"codec\":\"h264\",\"width\":324,\"height\":720,\"durationMs\":667,"
                + "\"frameCount\":20},\"error\":null},{\"index\":2,\"sourceStartTime\":0.667,\"sourceEndTime\":1.1,\"frameCount\":15,"
                + "\"width\":648,\"height\":720,\"outputPath\":\"video-0002.partial.mp4\",\"verified\":null,"
                + "\"error\":{\"code\":\"VIDEO_VERIFICATION_FAILED\",\"stage\":\"segment\",\"message\":\"m\",\"component\":\"video\"}}]}");
        assertThat(CaptureRecords.records(root)).hasSize(1);
        assertThat(CaptureRecords.spans(root)).containsExactly(
                new CaptureRecords.Span("video.mp4", "0.0", "0.633", "20", "324x720", "h264", "667", null),
                new CaptureRecords.Span("video-0002.partial.mp4", "0.667", "1.1", "15", "648x720", "", "",
                        root.items("spans").get(1).get("error").orElseThrow()));
    }

    @Test
    void theReferenceArrayShapeGivesRecordsAndTheVideoRecordsSegments() {
        JsonValue root = json("[{\"kind\":\"screenshot\",\"source\":\"adb_screencap\",\"result\":{\"ok\":true,\"bytes\":5}},"
                + "{\"kind\":\"video\",\"source\":\"scrcpy\",\"sessionId\":\"s\",\"segments\":["
                + "{\"path\":\"video.mp4\",\"start\":0,\"end\":0.633,\"width\":324,\"height\":720,\"frames\":20,\"codec\":\"h264\","
                + "\"actualSize\":\"324x720\",\"mediaDurationMs\":667.5},"
                + "{\"path\":\"video-0002.mp4\",\"start\":0.667,\"width\":648,\"height\":720,\"frames\":15,\"codec\":\"h264\","
                + "\"actualSize\":\"648x720\",\"mediaDurationMs\":500}]}]");
        assertThat(CaptureRecords.records(root)).hasSize(2);
        assertThat(CaptureRecords.spans(root)).containsExactly(
                new CaptureRecords.Span("video.mp4", "0", "0.633", "20", "324x720", "h264", "667.5", null),
                new CaptureRecords.Span("video-0002.mp4", "0.667", "", "15", "648x720", "h264", "500", null));
    }

    @Test
    void sizesAreReadAsWxhStringsOrAsWidthAndHeight() {
        JsonValue video = json("{\"requestedSize\":\"576x1280\",\"actualSize\":{\"width\":576,\"height\":1280},\"other\":null}");
        assertThat(CaptureRecords.size(video, "requestedSize")).contains("576x1280");
        assertThat(CaptureRecords.size(video, "actualSize")).contains("576x1280");
        assertThat(CaptureRecords.size(video, "other")).isEmpty();
        assertThat(CaptureRecords.size(video, "absent")).isEmpty();
    }
}
