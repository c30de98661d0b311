package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Contract values for bundles that tests write through the real writer. */
final class WrittenBundles {
    static final String EVIDENCE_ID = "0b7c2d4e-9f1a-4c3b-8e5d-6a7b8c9d0e1f";
    static final String T0 = "2026-03-01T10:00:00Z";
    static final String T1 = "2026-03-01T10:00:00.350Z";
    static final String T2 = "2026-03-01T10:00:01.100Z";

    private WrittenBundles() {
    }

    static DeviceInfo device() {
        return new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0.12.1", "0.12.1", 34, "14", "Google",
                "Pixel 8", DeviceType.PHYSICAL, new DeviceTypeProperties(null, "0"), new DisplayInfo(1080, 2400, 420, 0));
    }

    static Artifact artifact(ArtifactKind kind, StoreResult stored, String mimeType, ArtifactStatus status,
                             String commandId, String taskId, ImageGeometry image, BundleError error) {
        StoreResult.Stored file = (StoreResult.Stored) stored;
        return new Artifact(kind, file.path(), mimeType, status, file.bytes(), file.sha256(), T0, T1, 350, commandId,
                taskId, image, error);
    }

    static Map<String, Object> envelope(String xml) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("text", xml);
        data.put("operator_overlay_visible", "false");
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("id", "snap");
        step.put("actionType", "snapshot_ui");
        step.put("success", true);
        step.put("data", data);
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("commandId", "cmd-h");
        envelope.put("taskId", "task-h");
        envelope.put("status", "success");
        envelope.put("stepResults", List.of(step));
        envelope.put("error", null);
        envelope.put("errorCode", null);
        return envelope;
    }

    static CapturesFile stillCaptures(String xml) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ok", true);
        result.put("envelope", envelope(xml));
        result.put("deviceId", "emulator-5554");
        result.put("terminalSource", "androperator_result");
        return new CapturesFile(List.of(
                new CaptureRecord("screenshot", "adb_screencap", "cmd-s", "task-s",
                        Details.fromJson(Map.of("ok", true, "bytes", 1234)),
                        T0, T1, 350, "screenshot.png", new Timing(T0, T1, 350), new Timing(T1, T1, 1), null),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h", Details.fromJson(result), T1, T2, 750, "hierarchy.xml",
                        new Timing(T1, T2, 750), new Timing(T2, T2, 1), null)));
    }

    static Manifest still(BundleStatus status, List<Artifact> artifacts, List<BundleError> errors) {
        return new Manifest(1, EVIDENCE_ID, "Settings observation",
                CallerContext.copyOf(Map.of("commandId", "original-command", "originalVerdict", "failed")), device(), T0, T2, status,
                artifacts, errors, null);
    }

    static Manifest video(BundleStatus status, String finishedAt, List<Artifact> artifacts, List<BundleError> errors) {
        return new Manifest(1, EVIDENCE_ID, null, CallerContext.EMPTY, device(), T0, finishedAt, status, artifacts, errors,
                new VideoInfo(30, finishedAt == null ? 0 : 1_100L, finishedAt == null ? null : 1_000L,
                        new VideoSize(576, 1280), new VideoSize(576, 1280), "h264",
                        finishedAt == null ? null : StopReason.REQUESTED));
    }
}
