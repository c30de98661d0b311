package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.model.FrameSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameRunsTest {
    @Test
    void consecutiveFramesOfEqualSizeFormOneRunAndEveryChangeStartsANewOne() {
        List<FrameSample> frames = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            frames.add(new FrameSample(i * 0.1, 1080, 2400));
        }
        frames.add(new FrameSample(0.5, 1800, 2000));
        frames.add(new FrameSample(0.6, 1080, 2400));
        frames.add(new FrameSample(0.7, 1080, 2400));

        List<FrameRun> runs = FrameRuns.of(frames);

        assertThat(runs).containsExactly(
                new FrameRun(1, 0, 5, 0.0, 0.4, new VideoSize(1080, 2400)),
                new FrameRun(2, 5, 1, 0.5, 0.5, new VideoSize(1800, 2000)),
                new FrameRun(3, 6, 2, 0.6, 0.7, new VideoSize(1080, 2400)));
        assertThat(runs.get(1).zeroDuration()).isTrue();
        assertThat(runs.get(2).zeroDuration()).isFalse();
        assertThat(FrameRuns.of(List.of())).isEmpty();
    }

    @Test
    void clipsAreNamedVideoThenVideo0002AndKeepPartialUntilVerified() {
        assertThat(FrameRuns.clipName(1)).isEqualTo("video.mp4");
        assertThat(FrameRuns.clipName(2)).isEqualTo("video-0002.mp4");
        assertThat(FrameRuns.clipName(12)).isEqualTo("video-0012.mp4");
        assertThat(FrameRuns.partialClipName(1)).isEqualTo("video.partial.mp4");
        assertThat(FrameRuns.partialClipName(3)).isEqualTo("video-0003.partial.mp4");
    }
}
