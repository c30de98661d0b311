package com.androperator.evidence.domain.video.model;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import org.jspecify.annotations.Nullable;

/**
 * How far a worker's finalization has come, as of {@code elapsedMs} after it began: the phase, the
 * frames decoded so far (the source's inspection, then each clip's verifying decode) and encoded so
 * far (each clip), out of the source's {@code framesTotal} once its inspection has counted them,
 * and an estimate of the time left from the rate so far (null until there is a rate). The work is
 * three passes over the frames: inspect (decode), encode, verify (decode).
 *
 * @param phase      {@link #INSPECTING}, {@link #ENCODING}, {@link #VERIFYING} or {@link #PERSISTING}
 * @param startedAt  host UTC time finalization began
 * @param framesTotal the source's decoded frames, null while the inspection runs
 * @param clips      clips to make, null while the inspection runs
 */
public record FinalizationProgress(String phase, String startedAt, long elapsedMs, @Nullable Long framesTotal,
                                   long framesDecoded, long framesEncoded, @Nullable Integer clips, int clipsDone,
                                   @Nullable Long estimatedRemainingMs) {
    public static final String INSPECTING = "inspecting";
    public static final String ENCODING = "encoding";
    public static final String VERIFYING = "verifying";
    public static final String PERSISTING = "persisting";

    public FinalizationProgress {
        if (phase == null || startedAt == null || elapsedMs < 0 || framesDecoded < 0 || framesEncoded < 0
                || clipsDone < 0 || framesTotal != null && framesTotal < 0 || clips != null && clipsDone > clips
                || estimatedRemainingMs != null && estimatedRemainingMs < 0) {
            throw new IllegalArgumentException("finalization progress names its phase and start, counts are not negative");
        }
    }

    /** The same progress read {@code laterMs} after it was written (elapsed grows, the estimate shrinks). */
    public FinalizationProgress later(long laterMs) {
        long by = Math.max(0, laterMs);
        return new FinalizationProgress(phase, startedAt, elapsedMs + by, framesTotal, framesDecoded, framesEncoded,
                clips, clipsDone, estimatedRemainingMs == null ? null : Math.max(0, estimatedRemainingMs - by));
    }

    /** Work units done (a frame decoded or encoded) and, once the frames are counted, in all. */
    public long workDone() {
        return framesDecoded + framesEncoded;
    }

    /** Three passes over every frame; null while the inspection has not counted them. */
    public @Nullable Long workTotal() {
        return framesTotal == null ? null : 3 * framesTotal;
    }

    /** The result's {@code details.progress} object. */
    public Details details() {
        return Details.builder().text(DetailKey.PHASE, phase).text(DetailKey.STARTED_AT, startedAt)
                .number(DetailKey.ELAPSED_MS, elapsedMs).numberIfPresent(DetailKey.FRAMES_TOTAL, framesTotal)
                .number(DetailKey.FRAMES_DECODED, framesDecoded).number(DetailKey.FRAMES_ENCODED, framesEncoded)
                .numberIfPresent(DetailKey.CLIPS, clips).number(DetailKey.CLIPS_DONE, clipsDone)
                .numberIfPresent(DetailKey.ESTIMATED_REMAINING_MS, estimatedRemainingMs).build();
    }

    /** One line for a person: "finalizing (encoding clip 1 of 2): 240 of 240 frames decoded, ...". */
    public String line() {
        StringBuilder text = new StringBuilder("finalizing (").append(phase);
        if (clips != null && (ENCODING.equals(phase) || VERIFYING.equals(phase))) {
            text.append(" clip ").append(Math.min(clipsDone + 1, clips)).append(" of ").append(clips);
        }
        text.append("): ");
        String of = framesTotal == null ? "" : " of " + framesTotal;
        text.append(framesDecoded).append(framesTotal == null ? "" : " of " + 2 * framesTotal).append(" frames decoded, ")
                .append(framesEncoded).append(of).append(" encoded, ").append(seconds(elapsedMs)).append(" elapsed");
        if (estimatedRemainingMs != null) {
            text.append(", about ").append(seconds(estimatedRemainingMs)).append(" left");
        }
        return text.toString();
    }

    public static String seconds(long millis) {
        return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
