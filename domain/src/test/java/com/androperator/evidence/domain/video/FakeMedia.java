package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ClipEncoder;
import com.androperator.evidence.domain.port.video.ClipVerifier;
import com.androperator.evidence.domain.port.video.MediaInspector;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.port.video.RecorderLauncher;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * ffmpeg and ffprobe for a worker test: the source decodes to {@link #frames}, each clip is
 * "encoded" into the bundle, and verifies, as the real verifier does, only at the size and frame
 * count it was encoded with, unless a verdict says otherwise. Encoding and verification take time
 * on the manual clock.
 */
final class FakeMedia implements MediaToolkit {
    static final long ENCODE_MILLIS = 400;
    static final long VERIFY_MILLIS = 100;

    private final ManualMonotonicClock clock;
    private final FakeVideoBundle bundle;
    private final RecorderLauncher recorder;
    final List<FrameSample> frames = new ArrayList<>();
    final Map<String, ClipVerification> verdicts = new HashMap<>();
    /** What each clip was encoded as, by output file name: its size, and its frame count as duration-less media. */
    private final Map<String, MediaInfo> encoded = new HashMap<>();
    final List<VideoSession.Tools> toolsAsked = new ArrayList<>();
    /** Encodings that do not succeed, by output file name. */
    final Map<String, Encoding> encodings = new HashMap<>();
    /** What the inspection makes of the frames; by default they are all whole. */
    Function<List<FrameSample>, Inspection> inspection = Inspection.Inspected::new;

    FakeMedia(ManualMonotonicClock clock, FakeVideoBundle bundle, RecorderLauncher recorder) {
        this.clock = clock;
        this.bundle = bundle;
        this.recorder = recorder;
    }

    /** The source holds {@code count} frames of one size, 1/30 s apart. */
    FakeMedia frames(int width, int height, int count) {
        double start = frames.isEmpty() ? 0 : frames.get(frames.size() - 1).timestampSeconds() + 1.0 / 30;
        for (int i = 0; i < count; i++) {
            frames.add(new FrameSample(start + i / 30.0, width, height));
        }
        return this;
    }

    @Override
    public MediaTools forTools(VideoSession.Tools tools) {
        toolsAsked.add(tools);
        MediaInspector inspector = source -> inspection.apply(frames);
        ClipEncoder encoder = (source, run, target, output) -> {
            clock.advanceMillis(ENCODE_MILLIS);
            bundle.put(output.getFileName().toString(), ("h264 clip " + run.index() + " " + target.width() + "x"
                    + target.height()).getBytes(StandardCharsets.UTF_8));
            encoded.put(output.getFileName().toString(), new MediaInfo("h264", target.width(), target.height(),
                    run.frameCount() * 33L, run.frameCount()));
            return encodings.getOrDefault(output.getFileName().toString(), new Encoding.Encoded(""));
        };
        ClipVerifier verifier = (clip, expected, frameCount) -> {
            clock.advanceMillis(VERIFY_MILLIS);
            String name = clip.getFileName().toString();
            return verdicts.containsKey(name) ? verdicts.get(name) : verdict(encoded.get(name), expected, frameCount);
        };
        return new MediaTools(recorder, inspector, encoder, verifier);
    }

    private static ClipVerification verdict(MediaInfo clip, VideoSize expected, long frameCount) {
        if (clip == null) {
            return new ClipVerification.Rejected(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED,
                    "no clip to probe"), null, false);
        }
        if (clip.width() != expected.width() || clip.height() != expected.height() || clip.frameCount() != frameCount) {
            return new ClipVerification.Rejected(Failure.of(ErrorCodes.VIDEO_VERIFICATION_FAILED, "the clip is "
                    + clip.width() + "x" + clip.height() + " with " + clip.frameCount() + " frames, expected exactly "
                    + expected + " with " + frameCount), clip, clip.frameCount() == frameCount);
        }
        return new ClipVerification.Verified(clip);
    }
}
