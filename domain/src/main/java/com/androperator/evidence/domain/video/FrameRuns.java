package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.model.FrameSample;
import java.util.ArrayList;
import java.util.List;

/** Splits the decoded frames of the whole source into runs of equal size, in order. */
public final class FrameRuns {
    private FrameRuns() {
    }

    public static List<FrameRun> of(List<FrameSample> frames) {
        List<FrameRun> runs = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= frames.size(); i++) {
            boolean boundary = i == frames.size()
                    || frames.get(i).width() != frames.get(start).width()
                    || frames.get(i).height() != frames.get(start).height();
            if (boundary && i > start) {
                FrameSample first = frames.get(start);
                double end = frames.get(start).timestampSeconds();
                for (int j = start; j < i; j++) {
                    end = Math.max(end, frames.get(j).timestampSeconds());
                }
                runs.add(new FrameRun(runs.size() + 1, start, i - start, first.timestampSeconds(), end,
                        new VideoSize(first.width(), first.height())));
                start = i;
            }
        }
        return runs;
    }

    /** The clip file of run {@code index}: video.mp4, then video-0002.mp4, video-0003.mp4, ... */
    public static String clipName(int index) {
        return BundleFileNames.clip(index);
    }

    /** The name a clip has until it is verified. */
    public static String partialClipName(int index) {
        return BundleFileNames.clipPartial(index);
    }
}
