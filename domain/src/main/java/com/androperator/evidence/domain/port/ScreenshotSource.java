package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.budget.Deadline;
import java.util.Map;
import java.util.Optional;

/**
 * The targeted adb screenshot helper: selects the active physical display and runs
 * {@code screencap -p -d <id>} (or plain {@code screencap -p} on older dumps), reading at most
 * {@link ImageVerifier#MAX_PNG_BYTES} bytes. It needs neither the Operator nor accessibility.
 */
public interface ScreenshotSource {

    ScreenshotTransfer capture(String serial, Deadline deadline);

    /**
     * What arrived. {@code bytes} are every byte received, even when the transfer failed (partial
     * bytes are evidence too). {@code transportCompleted} says only that the stream ended without
     * error; it never proves the image complete. {@code failure} is present when the transfer
     * failed: COMMAND_TIMEOUT (deadline), COMMAND_CANCELLED (the deadline's cancellation ended it;
     * details {@code phase}: display_selection or transfer, {@code dispatched}: whether screencap
     * was started), DISPLAY_SELECTION_FAILED, SCREENSHOT_FAILED (device error, cut, over the byte
     * cap). {@code receipt} describes the transport for captures.json:
     * command, displayId, physicalDisplayId, bytesReceived, exitStatus where known.
     */
    record ScreenshotTransfer(byte[] bytes, boolean transportCompleted, Optional<Failure> failure,
                              Map<String, Object> receipt) {
        public ScreenshotTransfer {
            bytes = bytes == null ? new byte[0] : bytes;
            failure = failure == null ? Optional.empty() : failure;
            // Unknown receipt values (exit status, physical display id) are recorded as null, in order.
            receipt = receipt == null ? Map.of()
                    : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(receipt));
            if (transportCompleted && failure.isPresent()) {
                throw new IllegalArgumentException("a completed transfer has no failure");
            }
        }
    }
}
