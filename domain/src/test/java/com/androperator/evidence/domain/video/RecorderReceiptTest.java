package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.StopReason;
import org.junit.jupiter.api.Test;

/** The receipt keeps what the worker observed in the order it observed it, as the map it replaced did. */
class RecorderReceiptTest {

    @Test
    void aStopBeforeTheFileOpenedComesBeforeTheRecordersStartInstant() {
        RecorderReceipt receipt = new RecorderReceipt(0);
        receipt.stopRequested("stop-early");
        receipt.recorderStarted("2026-01-01T00:00:00Z");
        receipt.interrupted(true);

        assertThat(receipt.details().asMap()).containsExactly(
                java.util.Map.entry("spaceReservedBytes", 0L),
                java.util.Map.entry("stopRequestId", "stop-early"),
                java.util.Map.entry("recorderStartInstant", "2026-01-01T00:00:00Z"),
                java.util.Map.entry("interruptSent", true));
        assertThat(receipt.stopSent()).isTrue();
    }

    @Test
    void aStopWhileRecordingComesAfterItAndAnUnresponsiveRecorderNamesTheStopItIgnored() {
        RecorderReceipt receipt = new RecorderReceipt(VideoLimits.FINAL_PERSISTENCE_RESERVE_BYTES);
        receipt.captureFileOpened(200);
        receipt.recorderStarted("2026-01-01T00:00:00Z");
        receipt.stopRequested("stop-1");
        receipt.interrupted(true);
        receipt.unresponsive(StopReason.REQUESTED);

        assertThat(receipt.details().asMap()).containsExactly(
                java.util.Map.entry("spaceReservedBytes", VideoLimits.FINAL_PERSISTENCE_RESERVE_BYTES),
                java.util.Map.entry("captureFileOpenedAfterMs", 200L),
                java.util.Map.entry("recorderStartInstant", "2026-01-01T00:00:00Z"),
                java.util.Map.entry("stopRequestId", "stop-1"),
                java.util.Map.entry("interruptSent", true),
                java.util.Map.entry("unresponsiveAfterSigint", true),
                java.util.Map.entry("requestedStopReason", StopReason.REQUESTED.wire()));
    }

    @Test
    void withoutAnInterruptNothingWasSent() {
        RecorderReceipt receipt = new RecorderReceipt(0);
        receipt.finalized(30, null);

        assertThat(receipt.stopSent()).isFalse();
        assertThat(receipt.details().asMap()).containsExactly(java.util.Map.entry("spaceReservedBytes", 0L),
                java.util.Map.entry("sourceFrames", 30L));
    }
}
