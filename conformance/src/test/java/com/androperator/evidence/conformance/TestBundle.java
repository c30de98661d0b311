package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSegment;
import com.androperator.evidence.contracts.VideoSize;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Writes bundles file by file as the contract describes them (0700 directory, 0600 files, pretty
 * JSON with a trailing newline), without the fs adapter: conformance is the reference the adapter
 * is tested against, so it must not be built from it.
 */
final class TestBundle {
    static final String EVIDENCE_ID = "3b9e7c1a-4d2f-4e8b-9a10-6c5d4e3f2a1b";
    static final String T0 = "2024-05-01T10:00:00Z";
    static final String T1 = "2024-05-01T10:00:00.400Z";
    static final String T2 = "2024-05-01T10:00:01.200Z";
    static final String T3 = "2024-05-01T10:00:01.300Z";
    static final String HIERARCHY_XML = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            + "<hierarchy rotation=\"0\"><node index=\"0\" text=\"Wi\u2011Fi \u00e9t\u00e9\" class=\"android.widget.TextView\"/></hierarchy>";
    static final int WIDTH = 6;
    static final int HEIGHT = 4;

    final Path dir;

    private TestBundle(Path dir) {
        this.dir = dir;
    }

    static TestBundle create(Path dir) {
        try {
            Files.createDirectory(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TestBundle(dir);
    }

    static TestBundle at(Path dir) {
        return new TestBundle(dir);
    }

    // ---- the good bundles ---------------------------------------------------------------

    static TestBundle stillComplete(Path dir) {
        TestBundle bundle = create(dir);
        Artifact screenshot = bundle.screenshot(TinyPng.rgb(WIDTH, HEIGHT), "screenshot.png", ArtifactStatus.COMPLETE, null);
        Artifact hierarchy = bundle.hierarchy(HIERARCHY_XML, "hierarchy.xml", ArtifactStatus.COMPLETE, null);
        Artifact captures = bundle.captures(stillCaptures(HIERARCHY_XML, "screenshot.png", "hierarchy.xml"));
        bundle.writeManifest(still(BundleStatus.COMPLETE, List.of(screenshot, hierarchy, captures), List.of()));
        return bundle;
    }

    static TestBundle stillPartialHierarchyFailed(Path dir) {
        TestBundle bundle = create(dir);
        BundleError timeout = new BundleError("COMMAND_TIMEOUT", "hierarchy", "the evidence deadline expired", "hierarchy");
        Artifact screenshot = bundle.screenshot(TinyPng.rgb(WIDTH, HEIGHT), "screenshot.png", ArtifactStatus.COMPLETE, null);
        Artifact hierarchy = new Artifact(ArtifactKind.HIERARCHY, null, "application/xml", ArtifactStatus.FAILED,
                null, null, T1, T2, 800, "cmd-h", "task-h", null, timeout);
        CapturesFile records = new CapturesFile(List.of(screenshotRecord("screenshot.png"),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h", CaptureRecord.failedReceipt(timeout,
                        Details.fromJson(Map.of("deadlineOwner", "evidence_capture", "phase", "await_result",
                                "dispatched", true))),
                        T1, T2, 800, null, new Timing(T1, T2, 800), null, null)));
        Artifact captures = bundle.captures(records);
        bundle.writeManifest(still(BundleStatus.PARTIAL, List.of(screenshot, hierarchy, captures), List.of(timeout)));
        return bundle;
    }

    static TestBundle stillPartialScreenshotKept(Path dir) {
        TestBundle bundle = create(dir);
        BundleError cut = new BundleError("SCREENSHOT_INVALID", "screenshot", "PNG ends before IEND", "screenshot");
        byte[] png = TinyPng.rgb(WIDTH, HEIGHT);
        Artifact screenshot = bundle.screenshot(Arrays.copyOf(png, png.length / 2), "screenshot.partial.png",
                ArtifactStatus.PARTIAL, cut);
        Artifact hierarchy = bundle.hierarchy(HIERARCHY_XML, "hierarchy.xml", ArtifactStatus.COMPLETE, null);
        Artifact captures = bundle.captures(stillCaptures(HIERARCHY_XML, "screenshot.partial.png", "hierarchy.xml"));
        bundle.writeManifest(still(BundleStatus.PARTIAL, List.of(screenshot, hierarchy, captures), List.of(cut)));
        return bundle;
    }

    static TestBundle stillFailed(Path dir) {
        TestBundle bundle = create(dir);
        BundleError screenshotError = new BundleError("SCREENSHOT_FAILED", "screenshot", "screencap exited 1", "screenshot");
        BundleError hierarchyError = new BundleError("OPERATOR_NOT_INSTALLED", "hierarchy", "not installed", "hierarchy");
        Artifact screenshot = new Artifact(ArtifactKind.SCREENSHOT, null, "image/png", ArtifactStatus.FAILED, null, null,
                T0, T1, 400, "cmd-s", "task-s", null, screenshotError);
        Artifact hierarchy = new Artifact(ArtifactKind.HIERARCHY, null, "application/xml", ArtifactStatus.FAILED,
                null, null, T1, T2, 800, "cmd-h", "task-h", null, hierarchyError);
        CapturesFile records = new CapturesFile(List.of(
                new CaptureRecord("screenshot", "adb_screencap", "cmd-s", "task-s",
                        CaptureRecord.failedReceipt(screenshotError, Details.fromJson(Map.of("exitStatus", 1))), T0, T1, 400, null,
                        new Timing(T0, T1, 400), null, null),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h", CaptureRecord.failedReceipt(hierarchyError,
                        Details.fromJson(Map.of("phase", "installed_check", "dispatched", false))), T1, T2, 800, null,
                        new Timing(T1, T2, 800), null, null)));
        Artifact captures = bundle.captures(records);
        bundle.writeManifest(still(BundleStatus.FAILED, List.of(screenshot, hierarchy, captures),
                List.of(screenshotError, hierarchyError)));
        return bundle;
    }

    static TestBundle videoComplete(Path dir) {
        TestBundle bundle = create(dir);
        byte[] clip = "\0\0\0\u0018ftypisom fake tiny clip".getBytes(StandardCharsets.ISO_8859_1);
        Artifact video = bundle.artifact(ArtifactKind.VIDEO, "video.mp4", "video/mp4", clip, ArtifactStatus.COMPLETE,
                null, null, null, null);
        Artifact stderr = bundle.artifact(ArtifactKind.ENCODER_STDERR, "encoder.stderr.txt", "text/plain", new byte[0],
                ArtifactStatus.COMPLETE, null, null, null, null);
        CapturesFile records = new CapturesFile(List.of(videoRecord(List.of(new VideoSegment("video.mp4", 0.0, null,
                576, 1280, 60, "h264", new VideoSize(576, 1280), 2_000L, null)), true, List.of())));
        Artifact captures = bundle.captures(records);
        bundle.writeFile("session.json", "{\"nonce\":\"n-1\"}\n".getBytes(StandardCharsets.UTF_8));
        bundle.mkdir("control");
        bundle.writeFile("control/stop-n-1.json", "{}\n".getBytes(StandardCharsets.UTF_8));
        VideoInfo info = new VideoInfo(30, 2_100L, 2_000L, new VideoSize(576, 1280), new VideoSize(576, 1280), "h264",
                StopReason.REQUESTED);
        bundle.writeManifest(new Manifest(1, EVIDENCE_ID, "video observation", CallerContext.EMPTY, device(), T0, T3,
                BundleStatus.COMPLETE, List.of(video, stderr, captures), List.of(), info));
        return bundle;
    }

    // ---- pieces -------------------------------------------------------------------------

    static DeviceInfo device() {
        return new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0.12.1", "1.4.0", 34, "14", "Google",
                "sdk_gphone64_x86_64", DeviceType.EMULATOR, new DeviceTypeProperties("1", null),
                new DisplayInfo(1080, 2400, 420, 0));
    }

    static Manifest still(BundleStatus status, List<Artifact> artifacts, List<BundleError> errors) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", "failed");
        return new Manifest(1, EVIDENCE_ID, "Settings observation", CallerContext.copyOf(context), device(), T0, T3, status, artifacts, errors,
                null);
    }

    static CaptureRecord screenshotRecord(String path) {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("ok", true);
        receipt.put("bytes", 120);
        receipt.put("command", "screencap -p -d 4619827259835644672");
        return new CaptureRecord("screenshot", "adb_screencap", "cmd-s", "task-s", Details.fromJson(receipt), T0, T1, 400, path,
                new Timing(T0, T1, 400), new Timing(T1, T1, 2), null);
    }

    static VideoCaptureRecord videoRecord(List<VideoSegment> segments, boolean verified, List<BundleError> errors) {
        return new VideoCaptureRecord("video", "scrcpy", "session-1", 0, true, verified, segments, errors,
                segments.isEmpty() ? null : segments.get(0).path(), new Timing(T0, T2, 1200), new Timing(T2, T3, 100),
                null);
    }

    static Details hierarchyResult(Map<String, Object> envelope) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ok", true);
        result.put("envelope", envelope);
        result.put("deviceId", "emulator-5554");
        result.put("terminalSource", "androperator_result");
        return Details.fromJson(result);
    }

    static Map<String, Object> envelope(String text) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("text", text);
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

    static CapturesFile stillCaptures(String hierarchyText, String screenshotPath, String hierarchyPath) {
        return new CapturesFile(List.of(screenshotRecord(screenshotPath),
                new CaptureRecord("hierarchy", "operator", "cmd-h", "task-h", hierarchyResult(envelope(hierarchyText)),
                        T1, T2, 800, hierarchyPath, new Timing(T1, T2, 800), new Timing(T2, T2, 3), Details.fromJson(Map.of("chunks", 0)))));
    }

    Artifact screenshot(byte[] png, String name, ArtifactStatus status, BundleError error) {
        ImageGeometry image = status == ArtifactStatus.COMPLETE ? ImageGeometry.ofPixels(WIDTH, HEIGHT) : null;
        return artifact(ArtifactKind.SCREENSHOT, name, "image/png", png, status, "cmd-s", "task-s", image, error);
    }

    Artifact hierarchy(String xml, String name, ArtifactStatus status, BundleError error) {
        return artifact(ArtifactKind.HIERARCHY, name, "application/xml", xml.getBytes(StandardCharsets.UTF_8), status,
                "cmd-h", "task-h", null, error);
    }

    Artifact captures(CapturesFile captures) {
        return artifact(ArtifactKind.CAPTURE_ENVELOPES, "captures.json", "application/json", json(captures),
                ArtifactStatus.COMPLETE, null, null, null, null);
    }

    Artifact artifact(ArtifactKind kind, String name, String mimeType, byte[] bytes, ArtifactStatus status,
                      String commandId, String taskId, ImageGeometry image, BundleError error) {
        writeFile(name, bytes);
        return new Artifact(kind, name, mimeType, status, (long) bytes.length, sha256(bytes), T0, T1, 400, commandId,
                taskId, image, error);
    }

    /** Describes {@code name} as it is on disk now (after a test changed it). */
    Artifact relisted(Artifact artifact) {
        byte[] bytes = read(artifact.path());
        return new Artifact(artifact.kind(), artifact.path(), artifact.mimeType(), artifact.status(), (long) bytes.length,
                sha256(bytes), artifact.startedAt(), artifact.finishedAt(), artifact.durationMs(), artifact.commandId(),
                artifact.taskId(), artifact.image(), artifact.error());
    }

    void writeManifest(Manifest manifest) {
        Path file = dir.resolve("manifest.json");
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writeFile("manifest.json", json(manifest));
    }

    Manifest manifest() {
        return ContractJson.read(read("manifest.json"), Manifest.class);
    }

    void editManifest(UnaryOperator<Manifest> edit) {
        writeManifest(edit.apply(manifest()));
    }

    /** Replaces one artifact (by path or kind) in the manifest. */
    void replaceArtifact(ArtifactKind kind, UnaryOperator<Artifact> edit) {
        editManifest(m -> {
            List<Artifact> artifacts = new ArrayList<>();
            for (Artifact artifact : m.artifacts()) {
                artifacts.add(artifact.kind() == kind ? edit.apply(artifact) : artifact);
            }
            return new Manifest(m.schemaVersion(), m.evidenceId(), m.label(), m.context(), m.device(), m.startedAt(),
                    m.finishedAt(), m.status(), artifacts, m.errors(), m.video());
        });
    }

    Artifact artifactOf(ArtifactKind kind) {
        return manifest().artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    void writeFile(String name, byte[] bytes) {
        Path file = dir.resolve(name);
        try {
            Files.write(file, bytes);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Overwrites a file in place, keeping its mode. */
    void overwrite(String name, byte[] bytes) {
        try {
            Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void mkdir(String name) {
        try {
            Files.createDirectory(dir.resolve(name));
            Files.setPosixFilePermissions(dir.resolve(name), PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] read(String name) {
        try {
            return Files.readAllBytes(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] json(Object value) {
        byte[] json = ContractJson.toPrettyBytes(value);
        byte[] withNewline = Arrays.copyOf(json, json.length + 1);
        withNewline[json.length] = '\n';
        return withNewline;
    }

    static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
