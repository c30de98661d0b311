package com.androperator.evidence.contracts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Valid contract values covering every bundle status, artifact status and artifact kind. */
final class ContractSamples {
    static final String T0 = "2024-05-01T10:00:00Z";
    static final String T1 = "2024-05-01T10:00:00.250Z";
    static final String T2 = "2024-05-01T10:00:01.123456789Z";
    static final String SHA_A = "a".repeat(64);
    static final String SHA_B = "0123456789abcdef".repeat(4);

    private ContractSamples() {
    }

    static DeviceInfo device() {
        return new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0.12.1", "1.4.0", 34, "14",
                "Google", "sdk_gphone64", DeviceType.EMULATOR, new DeviceTypeProperties("1", null),
                new DisplayInfo(1080, 2400, 420, 0));
    }

    static DeviceInfo unknownDevice() {
        return new DeviceInfo("R58M123", null, "0.12.1", null, null, null, null, null, DeviceType.UNKNOWN,
                DeviceTypeProperties.UNREAD, DisplayInfo.UNKNOWN);
    }

    static BundleError error(String code, String component) {
        return new BundleError(code, "capture", code + " happened", component);
    }

    static Artifact screenshotComplete() {
        return new Artifact(ArtifactKind.SCREENSHOT, "screenshot.png", "image/png", ArtifactStatus.COMPLETE,
                1234L, SHA_A, T0, T1, 250, "cmd-1", "task-1", ImageGeometry.ofPixels(1080, 2400), null);
    }

    static Artifact screenshotCompleteWithoutGeometry() {
        return new Artifact(ArtifactKind.SCREENSHOT, "screenshot.png", "image/png", ArtifactStatus.COMPLETE,
                1234L, SHA_A, T0, T1, 250, "cmd-1", "task-1", null, null);
    }

    static Artifact screenshotPartial() {
        return new Artifact(ArtifactKind.SCREENSHOT, "screenshot.partial.png", "image/png", ArtifactStatus.PARTIAL,
                77L, SHA_B, T0, T1, 250, "cmd-1", "task-1", null, error("COMMAND_TIMEOUT", "screenshot"));
    }

    static Artifact screenshotFailed() {
        return new Artifact(ArtifactKind.SCREENSHOT, null, "image/png", ArtifactStatus.FAILED,
                null, null, T0, T1, 250, "cmd-1", "task-1", null, error("SCREENSHOT_FAILED", "screenshot"));
    }

    static Artifact hierarchyComplete() {
        return new Artifact(ArtifactKind.HIERARCHY, "hierarchy.xml", "application/xml", ArtifactStatus.COMPLETE,
                4096L, SHA_B, T1, T2, 873, "cmd-2", "task-2", null, null);
    }

    static Artifact hierarchyPartial() {
        return new Artifact(ArtifactKind.HIERARCHY, "hierarchy.partial.xml", "application/xml", ArtifactStatus.PARTIAL,
                12L, SHA_B, T1, T2, 873, "cmd-2", "task-2", null, error("HIERARCHY_INVALID", "hierarchy"));
    }

    static Artifact hierarchyFailed() {
        return new Artifact(ArtifactKind.HIERARCHY, null, "application/xml", ArtifactStatus.FAILED,
                null, null, T1, T2, 0, "cmd-2", "task-2", null, error("COMMAND_TIMEOUT", "hierarchy"));
    }

    static Artifact envelopesComplete() {
        return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, "captures.json", "application/json",
                ArtifactStatus.COMPLETE, 900L, SHA_A, T2, T2, 3, null, null, null, null);
    }

    static Artifact envelopesFailed() {
        return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, null, "application/json", ArtifactStatus.FAILED,
                null, null, T2, T2, 3, null, null, null, error("STORAGE_FAILED", "capture_envelopes"));
    }

    static Artifact videoComplete(String path) {
        return new Artifact(ArtifactKind.VIDEO, path, "video/mp4", ArtifactStatus.COMPLETE, 50_000L, SHA_A,
                T0, T2, 1123, null, null, null, null);
    }

    static Artifact videoPartial() {
        return new Artifact(ArtifactKind.VIDEO, "video-0002.partial.mp4", "video/mp4", ArtifactStatus.PARTIAL,
                20_000L, SHA_B, T0, T2, 1123, null, null, null, error("VIDEO_VERIFICATION_FAILED", "video"));
    }

    static Artifact videoSourcePartial() {
        return new Artifact(ArtifactKind.VIDEO, "capture.partial.mkv", "video/x-matroska",
                ArtifactStatus.PARTIAL, 70_000L, SHA_A, T0, T2, 1123, null, null, null,
                error("VIDEO_VERIFICATION_FAILED", "video"));
    }

    static Artifact encoderStderrComplete() {
        return new Artifact(ArtifactKind.ENCODER_STDERR, "encoder.stderr.txt", "text/plain", ArtifactStatus.COMPLETE,
                0L, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", T2, T2, 1,
                null, null, null, null);
    }

    static Map<String, Object> context() {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        context.put("nested", Map.of("attempt", 2, "tags", List.of("a", "b")));
        return context;
    }

    static Manifest still(BundleStatus status, List<Artifact> artifacts, List<BundleError> errors) {
        return new Manifest(1, "7d3c4a90-1b2e-4f7a-9a51-2d0c9b7c1e11", "Settings observation", CallerContext.copyOf(context()), device(),
                T0, T2, status, artifacts, errors, null);
    }

    static Manifest stillComplete() {
        return still(BundleStatus.COMPLETE,
                List.of(screenshotComplete(), hierarchyComplete(), envelopesComplete()), List.of());
    }

    static Manifest video(BundleStatus status, String finishedAt, List<Artifact> artifacts, List<BundleError> errors,
                          StopReason stopReason) {
        VideoInfo video = new VideoInfo(30, finishedAt == null ? 0 : 9_900L, finishedAt == null ? null : 9_800L,
                new VideoSize(576, 1280), new VideoSize(576, 1280), "h264", stopReason);
        return new Manifest(1, "5f0e2b7c-8a41-4c3d-b1e2-3f4a5b6c7d8e", null, CallerContext.EMPTY, device(), T0, finishedAt,
                status, artifacts, errors, video);
    }

    /** Every manifest shape a writer may produce: each bundle status, artifact status and kind. */
    static Map<String, Manifest> validManifests() {
        BundleError screenshotTimeout = screenshotPartial().error();
        BundleError hierarchyTimeout = hierarchyFailed().error();
        BundleError verification = videoPartial().error();
        Map<String, Manifest> all = new LinkedHashMap<>();
        all.put("still complete", stillComplete());
        all.put("still complete, older bundle without image geometry", still(BundleStatus.COMPLETE,
                List.of(screenshotCompleteWithoutGeometry(), hierarchyComplete(), envelopesComplete()), List.of()));
        all.put("still partial: screenshot partial file kept", still(BundleStatus.PARTIAL,
                List.of(screenshotPartial(), hierarchyComplete(), envelopesComplete()), List.of(screenshotTimeout)));
        all.put("still partial: hierarchy failed", still(BundleStatus.PARTIAL,
                List.of(screenshotComplete(), hierarchyFailed(), envelopesComplete()), List.of(hierarchyTimeout)));
        all.put("still partial: hierarchy partial, captures failed, metadata unavailable", new Manifest(1, "e-1", "",
                CallerContext.EMPTY, unknownDevice(), T0, T2, BundleStatus.PARTIAL,
                List.of(screenshotComplete(), hierarchyPartial(), envelopesFailed()),
                List.of(hierarchyPartial().error(), envelopesFailed().error(),
                        new BundleError("DEVICE_TYPE_UNKNOWN", "metadata", "getprop timed out", "device.deviceType")),
                null));
        all.put("still failed", still(BundleStatus.FAILED,
                List.of(screenshotFailed(), hierarchyFailed(), envelopesComplete()),
                List.of(screenshotFailed().error(), hierarchyTimeout)));
        all.put("still label of 2048 UTF-16 units", new Manifest(1, "e-2", "x".repeat(2048), CallerContext.EMPTY, device(),
                T0, T2, BundleStatus.COMPLETE, List.of(screenshotComplete(), hierarchyComplete(), envelopesComplete()),
                List.of(), null));
        all.put("video starting", video(BundleStatus.STARTING, null, List.of(), List.of(), null));
        all.put("video recording", video(BundleStatus.RECORDING, null, List.of(), List.of(), null));
        all.put("video finalizing", video(BundleStatus.FINALIZING, null, List.of(), List.of(), StopReason.REQUESTED));
        all.put("video complete", video(BundleStatus.COMPLETE, T2,
                List.of(videoComplete("video.mp4"), encoderStderrComplete(), envelopesComplete()), List.of(),
                StopReason.REQUESTED));
        all.put("video partial: second clip failed verification", video(BundleStatus.PARTIAL, T2,
                List.of(videoComplete("video.mp4"), videoPartial(), videoSourcePartial(), encoderStderrComplete(),
                        envelopesComplete()), List.of(verification), StopReason.DURATION_CAP));
        all.put("video failed at startup", video(BundleStatus.FAILED, T2, List.of(),
                List.of(new BundleError("RECORDER_FAILED", "startup", "scrcpy exited", null)),
                StopReason.STARTUP_FAILURE));
        return all;
    }

    static CapturesFile stillCaptures() {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("ok", true);
        receipt.put("bytes", 1234);
        receipt.put("command", "screencap -p -d 4619827259835644672");
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("commandId", "cmd-2");
        envelope.put("taskId", "task-2");
        envelope.put("status", "success");
        envelope.put("stepResults", List.of(Map.of("id", "snap", "actionType", "snapshot_ui", "success", true,
                "data", Map.of("text", "<hierarchy rotation=\"0\"/>", "operator_overlay_visible", "false"))));
        envelope.put("error", null);
        envelope.put("errorCode", null);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ok", true);
        result.put("envelope", envelope);
        result.put("deviceId", "emulator-5554");
        result.put("terminalSource", "androperator_result");
        Timing observation = new Timing(T0, T1, 250);
        Timing persistence = new Timing(T1, T1, 0);
        return new CapturesFile(List.of(
                new CaptureRecord("screenshot", "adb_screencap", "cmd-1", "task-1", Details.fromJson(receipt), T0, T1, 250,
                        "screenshot.png", observation, persistence, null),
                new CaptureRecord("hierarchy", "operator", "cmd-2", "task-2", Details.fromJson(result), T0, T1, 250, "hierarchy.xml",
                        observation, persistence, Details.fromJson(Map.of("readerChunks", 0)))));
    }

    static CapturesFile failedHierarchyCaptures() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("deadlineOwner", "evidence_capture");
        details.put("phase", "await_result");
        details.put("dispatched", true);
        return new CapturesFile(List.of(
                new CaptureRecord("hierarchy", "operator", "cmd-2", "task-2",
                        CaptureRecord.failedReceipt(error("COMMAND_TIMEOUT", "hierarchy"), Details.fromJson(details)), T0, T2, 30_000,
                        null, new Timing(T0, T2, 30_000), null, null)));
    }

    static CapturesFile videoCaptures() {
        return new CapturesFile(List.of(
                new VideoCaptureRecord("video", "scrcpy", "s-1", 0, true, false, List.of(
                        new VideoSegment("video.mp4", 0.0, 9.8, 576, 1280, 294, "h264", new VideoSize(576, 1280),
                                9_800L, null),
                        new VideoSegment("video-0002.partial.mp4", 9.8, null, 1280, 576, 1, "h264",
                                new VideoSize(1280, 576), 0L, error("VIDEO_VERIFICATION_FAILED", "video"))),
                        List.of(error("VIDEO_VERIFICATION_FAILED", "video")), "video.mp4", new Timing(T0, T2, 1123),
                        new Timing(T2, T2, 5), Details.fromJson(Map.of("stopReason", "requested")))));
    }

    static Map<String, CapturesFile> validCaptures() {
        Map<String, CapturesFile> all = new LinkedHashMap<>();
        all.put("still screenshot and hierarchy", stillCaptures());
        all.put("hierarchy canceled by the evidence deadline", failedHierarchyCaptures());
        all.put("video with segments", videoCaptures());
        return all;
    }

    static Map<String, CommandResult> validResults() {
        Map<String, CommandResult> all = new LinkedHashMap<>();
        all.put("complete", new CommandResult(true, "complete", "/abs/bundle/manifest.json", "e-1", null, null, null,
                null, null));
        all.put("partial", new CommandResult(false, "partial", "/abs/bundle/manifest.json", "e-1", null,
                ErrorCodes.EVIDENCE_CAPTURE_FAILED, "Evidence capture partial: hierarchy COMMAND_TIMEOUT", null, null));
        all.put("refused: output exists", CommandResult.refused(ErrorCodes.EVIDENCE_OUTPUT_EXISTS,
                "/abs/bundle already exists; a new attempt requires a new directory", Details.fromJson(Map.of("path", "/abs/bundle")),
                "Choose a new --output-dir."));
        all.put("refused: storage unwritable", CommandResult.refused(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE,
                "Cannot write the evidence root", Details.fromJson(storageDetails()), null));
        all.put("refused: host dependency missing", CommandResult.refused(ErrorCodes.HOST_DEPENDENCY_MISSING,
                "scrcpy is missing", Details.fromJson(hostDependencyDetails()), "Install scrcpy, ffmpeg and ffprobe; rerun doctor."));
        all.put("video recording", new CommandResult(true, "recording", "/abs/video/manifest.json", "e-2", "s-1",
                null, null, null, null));
        return all;
    }

    static Map<String, Object> storageDetails() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", "/ro/evidence");
        details.put("causeCode", "EROFS");
        details.put("message", "Read-only file system");
        details.put("recovery", "Set ANDROPERATOR_EVIDENCE_DIR to a writable directory.");
        return details;
    }

    static Map<String, Object> hostDependencyDetails() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("capability", "video-recording");
        details.put("dependencies", List.of(Map.of("dependency", "scrcpy", "reason", "missing",
                "requirement", "scrcpy 3.0 or newer on PATH")));
        details.put("docsUrl", "https://androperator.dev/docs/evidence#optional-host-dependencies");
        return details;
    }
}
