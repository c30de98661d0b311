package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.contracts.StopReason;
import org.jspecify.annotations.Nullable;

/**
 * What the worker observed of its recorder, as it observed it: the space it reserved, when the
 * recorder opened its capture file (or the stop that came first), the recorder's start instant,
 * a stop requested while it recorded, whether SIGINT was sent, and then either the source's frames
 * and inspection or that the recorder ignored SIGINT. The video record's {@code details} keep it
 * after the recorder's own facts, in the order each was observed.
 */
final class RecorderReceipt {
    private final long spaceReservedBytes;
    private @Nullable Long captureFileOpenedAfterMs;
    private @Nullable String recorderStartInstant;
    private @Nullable String stopRequestId;
    /** A stop honoured before the recorder's start instant was known is listed before it. */
    private boolean stopBeforeStartInstant;
    private @Nullable Boolean interruptSent;
    private @Nullable StopReason unresponsiveAfterSigint;
    private @Nullable Long sourceFrames;
    private @Nullable SourceInspection sourceInspection;

    RecorderReceipt(long spaceReservedBytes) {
        this.spaceReservedBytes = spaceReservedBytes;
    }

    void captureFileOpened(long afterMs) {
        captureFileOpenedAfterMs = afterMs;
    }

    void recorderStarted(String startInstant) {
        recorderStartInstant = startInstant;
    }

    /** The stop request the worker honoured, before the capture file opened or while it recorded. */
    void stopRequested(String requestId) {
        stopRequestId = requestId;
        stopBeforeStartInstant = recorderStartInstant == null;
    }

    void interrupted(boolean sent) {
        interruptSent = sent;
    }

    /** SIGINT did not end the recorder, which was to stop for {@code requested}. */
    void unresponsive(StopReason requested) {
        unresponsiveAfterSigint = requested;
    }

    void finalized(long frames, @Nullable SourceInspection inspection) {
        sourceFrames = frames;
        sourceInspection = inspection;
    }

    /** Whether SIGINT was sent to the recorder (the reference's {@code stopSent}). */
    boolean stopSent() {
        return Boolean.TRUE.equals(interruptSent);
    }

    /** The receipt as the video record's details keep it; what was not observed is absent. */
    Details details() {
        Details.Builder details = Details.builder()
                .number(DetailKey.SPACE_RESERVED_BYTES, spaceReservedBytes)
                .numberIfPresent(DetailKey.CAPTURE_FILE_OPENED_AFTER_MS, captureFileOpenedAfterMs)
                .textIfPresent(DetailKey.STOP_REQUEST_ID, stopBeforeStartInstant ? stopRequestId : null)
                .textIfPresent(DetailKey.RECORDER_START_INSTANT, recorderStartInstant)
                .textIfPresent(DetailKey.STOP_REQUEST_ID, stopBeforeStartInstant ? null : stopRequestId)
                .flagIfPresent(DetailKey.INTERRUPT_SENT, interruptSent);
        if (unresponsiveAfterSigint != null) {
            details.flag(DetailKey.UNRESPONSIVE_AFTER_SIGINT, true)
                    .text(DetailKey.REQUESTED_STOP_REASON, unresponsiveAfterSigint.wire());
        }
        details.numberIfPresent(DetailKey.SOURCE_FRAMES, sourceFrames);
        if (sourceInspection != null) {
            details.record(DetailKey.SOURCE_INSPECTION, sourceInspection);
        }
        return details.build();
    }
}
