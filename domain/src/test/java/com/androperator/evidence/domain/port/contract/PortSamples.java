package com.androperator.evidence.domain.port.contract;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Valid values of the records the port contracts store, built the same way for every implementation. */
public final class PortSamples {
    public static final String NOW = "2026-01-01T00:00:00Z";
    public static final String LATER = "2026-01-01T00:00:05Z";

    private PortSamples() {
    }

    public static DeviceInfo device() {
        return new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0.1.0", "0.12.1", 34, "14", "Google",
                "Pixel", DeviceType.PHYSICAL, DeviceTypeProperties.UNREAD, new DisplayInfo(1080, 2400, 420, 0));
    }

    /** A terminal still manifest: complete, or partial/failed with one error. */
    public static Manifest stillManifest(BundleStatus status) {
        List<BundleError> errors = status == BundleStatus.COMPLETE ? List.of()
                : List.of(new BundleError(ErrorCodes.EVIDENCE_CAPTURE_FAILED, "capture", "the screenshot failed", "screenshot"));
        return new Manifest(Manifest.SCHEMA_VERSION, "evidence-1", "label", CallerContext.copyOf(Map.of("case", "contract")), device(), NOW,
                LATER, status, List.of(), errors, null);
    }

    /** A video manifest while it records (not terminal: the writer may replace it). */
    public static Manifest recordingManifest() {
        return new Manifest(Manifest.SCHEMA_VERSION, "session-1", null, CallerContext.EMPTY, device(), NOW, null,
                BundleStatus.RECORDING, List.of(), List.of(),
                new VideoInfo(30, 0, null, new VideoSize(576, 1280), null, "h264", null));
    }

    /** A terminal video manifest. */
    public static Manifest completeVideoManifest() {
        return new Manifest(Manifest.SCHEMA_VERSION, "session-1", null, CallerContext.EMPTY, device(), NOW, LATER,
                BundleStatus.COMPLETE, List.of(), List.of(),
                new VideoInfo(30, 1000L, null, new VideoSize(576, 1280), null, "h264", StopReason.REQUESTED));
    }

    public static CapturesFile captures() {
        return new CapturesFile(List.of());
    }

    public static VideoSession session(Path bundleDir, String sessionId) {
        return new VideoSession(VideoSession.SCHEMA_VERSION, sessionId, "nonce-" + sessionId, VideoSession.SCRCPY,
                new VideoSession.Target("emulator-5554", "com.androperator.operator.dev"), bundleDir.toString(),
                bundleDir.resolve("manifest.json").toString(), "/tmp/locks/device-x.lock", 30, new VideoSize(576, 1280),
                NOW, LATER, new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", null),
                new SessionState.WorkerOwned(new WorkerIdentity(4242, "2026-01-01T00:00:01.230Z"), null, NOW));
    }

    public static Heartbeat heartbeat(String at) {
        return new Heartbeat("nonce", 4242, "2026-01-01T00:00:01.230Z", at);
    }

    public static StopRequest stopRequest(String requestId) {
        return new StopRequest(requestId, "nonce", LATER);
    }

    public static LockClaim claim(String sessionId, String serial) {
        return new LockClaim(sessionId, "nonce-" + sessionId, "/bundles/" + sessionId, serial, NOW);
    }
}
