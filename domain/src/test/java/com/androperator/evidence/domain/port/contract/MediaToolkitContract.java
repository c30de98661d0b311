package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.port.video.MediaToolkit.MediaTools;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.FrameRuns;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the media tools of every {@link MediaToolkit} promise the video worker, the domain's fake
 * and ffprobe/ffmpeg alike: inspection reports every frame of the source in order with its size;
 * each run of frames encodes to a clip that verifies at exactly the requested size and the run's
 * frame count; a clip of another size or frame count, or no clip at all, is rejected as a value.
 */
public abstract class MediaToolkitContract {

    /** The toolkit under test. */
    protected abstract MediaToolkit toolkit();

    /** The tools a session saved, as the toolkit is asked for them. */
    protected abstract VideoSession.Tools tools();

    /** A source recorded as scrcpy records it: spans {@code WIDTHxHEIGHT:FRAMES} at 30 fps, in order. */
    protected abstract Path recording(String... spans);

    /** Where a clip named {@code name} is written (the bundle directory). */
    protected abstract Path clip(String name);

    private MediaTools tools;

    private MediaTools media() {
        if (tools == null) {
            tools = toolkit().forTools(tools());
        }
        return tools;
    }

    @Test
    void inspectionReportsEveryFrameInOrderWithItsSize() {
        Path source = recording("320x720:20", "640x720:12");

        List<FrameRun> runs = FrameRuns.of(frames(media().inspector().inspect(source)));

        assertThat(runs).extracting(run -> run.size() + "@" + run.firstFrame() + "+" + run.frameCount())
                .containsExactly("320x720@0+20", "640x720@20+12");
        assertThat(runs.get(1).startSeconds()).isGreaterThan(runs.get(0).endSeconds());
    }

    @Test
    void eachRunEncodesToAClipThatVerifiesWithExactlyItsFrames() {
        Path source = recording("320x720:20", "640x720:12");
        for (FrameRun run : FrameRuns.of(frames(media().inspector().inspect(source)))) {
            Path clip = clip(FrameRuns.partialClipName(run.index()));
            assertThat(media().encoder().encode(source, run, run.size(), clip)).isInstanceOf(Encoding.Encoded.class);

            assertThat(media().verifier().verify(clip, run.size(), run.frameCount())).as("run %d", run.index())
                    .isInstanceOfSatisfying(ClipVerification.Verified.class, verified -> {
                        assertThat(verified.media().codec()).isEqualTo("h264");
                        assertThat(verified.media().width()).isEqualTo(run.size().width());
                        assertThat(verified.media().height()).isEqualTo(run.size().height());
                        assertThat(verified.media().frameCount()).isEqualTo(run.frameCount());
                        assertThat(verified.media().durationMs()).isPositive();
                    });
        }
    }

    @Test
    void aClipIsEncodedAtExactlyTheRequestedSizeAndNoOther() {
        Path source = recording("320x720:10");
        FrameRun run = FrameRuns.of(frames(media().inspector().inspect(source))).get(0);
        Path clip = clip("video.partial.mp4");
        VideoSize requested = new VideoSize(162, 364);

        assertThat(media().encoder().encode(source, run, requested, clip)).isInstanceOf(Encoding.Encoded.class);

        assertThat(media().verifier().verify(clip, requested, run.frameCount()))
                .isInstanceOf(ClipVerification.Verified.class);
        assertRejected(media().verifier().verify(clip, run.size(), run.frameCount()));
    }

    @Test
    void aClipWithAnotherFrameCountIsRejected() {
        Path source = recording("320x720:10");
        FrameRun run = FrameRuns.of(frames(media().inspector().inspect(source))).get(0);
        Path clip = clip("video.partial.mp4");
        media().encoder().encode(source, run, run.size(), clip);

        assertRejected(media().verifier().verify(clip, run.size(), run.frameCount() + 1));
    }

    @Test
    void noClipAtAllIsRejected() {
        assertRejected(media().verifier().verify(clip("video-0009.partial.mp4"), new VideoSize(320, 720), 10));
    }

    private static List<FrameSample> frames(Inspection inspection) {
        assertThat(inspection).isInstanceOf(Inspection.Inspected.class);
        return ((Inspection.Inspected) inspection).frames();
    }

    private static void assertRejected(ClipVerification verification) {
        assertThat(verification).isInstanceOfSatisfying(ClipVerification.Rejected.class, rejected ->
                assertThat(rejected.failure().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED));
    }
}
