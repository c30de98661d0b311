package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.video.model.FinalizationProgress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FinalizationMeterTest {
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final List<FinalizationProgress> published = new ArrayList<>();
    private final FinalizationMeter meter = new FinalizationMeter(nanos::get, Instant.parse("2026-12-02T00:00:00Z"),
            published::add);

    private void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000L);
    }

    @Test
    void countsThreePassesOverTheFramesAndEstimatesFromTheRateSoFar() {
        assertThat(meter.snapshot()).isEqualTo(new FinalizationProgress("inspecting", "2026-12-02T00:00:00Z", 0, null,
                0, 0, null, 0, null));

        advanceMillis(1000);
        meter.inspected(100, 2);
        // 100 of 300 units in 1 s: 2 s left.
        assertThat(published.get(0)).isEqualTo(new FinalizationProgress("encoding", "2026-12-02T00:00:00Z", 1000, 100L,
                100, 0, 2, 0, 2000L));

        advanceMillis(500);
        meter.encoded(60);
        assertThat(published.get(1).phase()).isEqualTo("verifying");
        assertThat(published.get(1).framesEncoded()).isEqualTo(60);
        // 160 of 300 in 1.5 s: 140 left at that rate is 1312.5 ms.
        assertThat(published.get(1).estimatedRemainingMs()).isEqualTo(1313L);

        meter.verified(60);
        assertThat(published.get(2)).extracting(FinalizationProgress::phase, FinalizationProgress::clipsDone,
                FinalizationProgress::framesDecoded).containsExactly("encoding", 1, 160L);
        meter.encoded(40);
        meter.verified(40);
        meter.persisting();
        FinalizationProgress done = published.get(published.size() - 1);
        assertThat(done).extracting(FinalizationProgress::phase, FinalizationProgress::workDone,
                FinalizationProgress::workTotal, FinalizationProgress::clipsDone, FinalizationProgress::estimatedRemainingMs)
                .containsExactly("persisting", 300L, 300L, 2, 0L);
        assertThat(done.line()).isEqualTo("finalizing (persisting): 200 of 200 frames decoded, 100 of 100 encoded, "
                + "1.5 s elapsed, about 0.0 s left");
    }

    @Test
    void aClipThatFailedCountsAsDoneWithoutItsFrames() {
        meter.inspected(10, 1);
        meter.verified(0);
        assertThat(meter.snapshot()).extracting(FinalizationProgress::phase, FinalizationProgress::clipsDone,
                FinalizationProgress::framesDecoded, FinalizationProgress::framesEncoded)
                .containsExactly("persisting", 1, 10L, 0L);
    }

    @Test
    void progressReadLaterHasMoreElapsedAndLessLeftAndItsDetailsOmitWhatIsUnknown() {
        FinalizationProgress early = new FinalizationProgress("inspecting", "2026-12-02T00:00:00Z", 300, null, 0, 0,
                null, 0, null);
        assertThat(early.later(200).elapsedMs()).isEqualTo(500);
        assertThat(early.details().asMap()).containsOnlyKeys("phase", "startedAt", "elapsedMs", "framesDecoded",
                "framesEncoded", "clipsDone");
        assertThat(early.line()).isEqualTo("finalizing (inspecting): 0 frames decoded, 0 encoded, 0.3 s elapsed");
        FinalizationProgress estimated = new FinalizationProgress("encoding", "2026-12-02T00:00:00Z", 1000, 10L, 10, 0,
                1, 0, 800L);
        assertThat(estimated.later(1000).estimatedRemainingMs()).isZero();
        assertThat(estimated.later(-5)).isEqualTo(estimated);
        assertThatThrownBy(() -> new FinalizationProgress("encoding", "x", -1, null, 0, 0, null, 0, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FinalizationProgress("encoding", "x", 0, null, 0, 0, 1, 2, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
