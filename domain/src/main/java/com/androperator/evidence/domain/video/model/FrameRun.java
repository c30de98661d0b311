package com.androperator.evidence.domain.video.model;

import com.androperator.evidence.contracts.VideoSize;

/**
 * A maximal run of consecutive source frames of equal size: frames {@code firstFrame} ..
 * {@code firstFrame + frameCount - 1} (0-based, decode order) between the source timestamps
 * {@code startSeconds} and {@code endSeconds} of its first and last frame.
 */
public record FrameRun(int index, long firstFrame, long frameCount, double startSeconds, double endSeconds,
                       VideoSize size) {
    public FrameRun {
        if (index < 1 || firstFrame < 0 || frameCount < 1 || size == null || endSeconds < startSeconds) {
            throw new IllegalArgumentException("a run has an index from 1, at least one frame and a size");
        }
    }

    /** A single timestamp: one frame, or frames that all share a time, cover no media time. */
    public boolean zeroDuration() {
        return endSeconds <= startSeconds;
    }
}
