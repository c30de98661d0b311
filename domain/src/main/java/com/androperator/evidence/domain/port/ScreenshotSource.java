package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The targeted adb screenshot helper: selects the active physical display and runs
 * {@code screencap -p -d <id>} (or plain {@code screencap -p} on older dumps), reading at most
 * {@link ImageVerifier#MAX_PNG_BYTES} bytes. It needs neither the Operator nor accessibility.
 */
public interface ScreenshotSource {

    /**
     * Takes one screenshot, handing every byte received (up to the cap; also when the transfer
     * fails, since partial bytes are evidence too) to {@code sink} as it is read from the device,
     * on the calling thread, before returning. Bytes past the cap are never handed over. (The
     * capture may check the PNG inside the sink, and a check is used by one thread only.)
     */
    ScreenshotTransfer capture(String serial, Deadline deadline, ByteSink sink);

    /**
     * How the transfer went. {@code bytesReceived} is how many bytes went to the sink.
     * {@code transportCompleted} says only that the stream ended without error; it never proves
     * the image complete. {@code failure} is present when the transfer failed: COMMAND_TIMEOUT
     * (deadline), COMMAND_CANCELLED (the deadline's cancellation ended it, and {@code cancelled}
     * says where; the bytes received before it went to the sink), DISPLAY_SELECTION_FAILED,
     * SCREENSHOT_FAILED (device error, cut, over the byte cap, stopped by the sink). {@code receipt}
     * describes the transport for captures.json; empty when the source never got to describe one.
     */
    record ScreenshotTransfer(long bytesReceived, boolean transportCompleted, Optional<Failure> failure,
                              Optional<TransportReceipt> receipt, Optional<Cancelled> cancelled) {
        public ScreenshotTransfer {
            if (bytesReceived < 0) {
                throw new IllegalArgumentException("a transfer receives 0 or more bytes");
            }
            failure = failure == null ? Optional.empty() : failure;
            receipt = receipt == null ? Optional.empty() : receipt;
            cancelled = cancelled == null ? Optional.empty() : cancelled;
            if (transportCompleted && failure.isPresent()) {
                throw new IllegalArgumentException("a completed transfer has no failure");
            }
            if (cancelled.isPresent() && failure.isEmpty()) {
                throw new IllegalArgumentException("a cancelled transfer failed");
            }
        }

        /** A transfer that was not cancelled. */
        public ScreenshotTransfer(long bytesReceived, boolean transportCompleted, Optional<Failure> failure,
                                  Optional<TransportReceipt> receipt) {
            this(bytesReceived, transportCompleted, failure, receipt, Optional.empty());
        }

        /**
         * COMMAND_CANCELLED where {@code cancelled} says, after {@code bytesReceived} bytes; the
         * failure's details say the same ({@code phase}, {@code dispatched}) for captures.json.
         */
        public static ScreenshotTransfer cancelled(long bytesReceived, Cancelled cancelled, String message,
                                                   Optional<TransportReceipt> receipt) {
            Failure failure = new Failure(ErrorCodes.COMMAND_CANCELLED, message, Details.builder()
                    .text(DetailKey.PHASE, cancelled.phase().wire()).flag(DetailKey.DISPATCHED, cancelled.dispatched())
                    .build());
            return new ScreenshotTransfer(bytesReceived, false, Optional.of(failure), receipt, Optional.of(cancelled));
        }
    }

    /**
     * Where a cancellation stopped the transfer: the {@code phase} (not_started, display_selection
     * or transfer) and whether screencap was {@code dispatched}.
     */
    record Cancelled(CommandPhase phase, boolean dispatched) {
        public Cancelled {
            Objects.requireNonNull(phase, "phase");
        }
    }

    /**
     * How the helper ran screencap, as captures.json records it (unknown values as null): the
     * {@code command} (null before one was chosen), the logical {@code displayId}, the
     * {@code physicalDisplayId} (null for a legacy dump or before one was chosen), whether dumpsys
     * display was a {@code legacyDisplayDump} (null before it was read), the display's power
     * {@code displayState} as dumpsys display words it (null when the dump does not say), the
     * {@code bytesReceived}, the {@code exitStatus} (null when the protocol carries none) and the
     * transfer's {@code durationMs}.
     */
    record TransportReceipt(@Nullable String command, int displayId, @Nullable String physicalDisplayId,
                            @Nullable Boolean legacyDisplayDump, @Nullable String displayState, long bytesReceived,
                            @Nullable Integer exitStatus, long durationMs) {
        public TransportReceipt {
            if (bytesReceived < 0 || durationMs < 0) {
                throw new IllegalArgumentException("a receipt counts 0 or more bytes and milliseconds");
            }
        }
    }
}
