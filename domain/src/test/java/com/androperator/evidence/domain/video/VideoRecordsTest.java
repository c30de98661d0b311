package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small value types of managed video refuse what cannot identify a process or a frame. */
class VideoRecordsTest {

    @Test
    void aWorkerIdentityAndAHeartbeatNeedAPositivePid() {
        assertThatThrownBy(() -> new WorkerIdentity(0, "2026-03-01T10:00:00Z")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Heartbeat("nonce", 0, "2026-03-01T10:00:00Z", "2026-03-01T10:00:01Z"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new WorkerIdentity(1, "2026-03-01T10:00:00Z").pid()).isEqualTo(1);
        assertThat(new Heartbeat("nonce", 1, "2026-03-01T10:00:00Z", "2026-03-01T10:00:01Z").worker())
                .isEqualTo(new WorkerIdentity(1, "2026-03-01T10:00:00Z"));
    }

    @Test
    void aDecodedFrameHasPositiveDimensions() {
        assertThatThrownBy(() -> new FrameSample(0, 0, 720)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FrameSample(0, 324, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new FrameSample(0, 1, 1).width()).isEqualTo(1);
    }

    @Test
    void aFailedOutcomeNamesEveryErrorInOrder() {
        Manifest failed = VideoManifests.startupFailed(VideoSessionsTest.manifest(BundleStatus.STARTING),
                "2026-01-01T00:00:21Z", List.of(
                        VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP, "scrcpy exited", VideoStage.RECORDER),
                        VideoStage.error(ErrorCodes.STORAGE_FAILED, VideoStage.PERSISTENCE, "disk full", null)));

        CommandResult result = Rendered.of(new SessionOutcome.Ended(new SessionOutcome.Session(failed,
                Path.of("/b/manifest.json"), "session-1")));

        assertThat(result.message()).isEqualTo("Video evidence failed: video RECORDER_FAILED (scrcpy exited); "
                + "artifact STORAGE_FAILED (disk full)");
        assertThat(failed.errors()).extracting(BundleError::code)
                .containsExactly(ErrorCodes.RECORDER_FAILED, ErrorCodes.STORAGE_FAILED);
    }
}
