package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Hint;
import java.util.Optional;

/**
 * Chooses the one device a capture works on, once: the explicit serial when given (it must be
 * attached and in state {@code device}), otherwise the only device in state {@code device}.
 */
public interface DeviceSelector {

    DeviceSelection select(Optional<String> requestedSerial, Deadline deadline);

    sealed interface DeviceSelection {
        record Selected(String serial) implements DeviceSelection {
            public Selected {
                if (serial == null || serial.isBlank()) {
                    throw new IllegalArgumentException("a selected device has a serial");
                }
            }
        }

        /**
         * No device can be used. {@code failure.code} is one of NO_DEVICES,
         * MULTIPLE_DEVICES_DEVICE_ID_REQUIRED (no serial given), DEVICE_NOT_FOUND, DEVICE_OFFLINE,
         * DEVICE_UNAUTHORIZED (the given serial), ADB_NOT_FOUND, ADB_UNAVAILABLE or COMMAND_TIMEOUT;
         * {@code hint} says what to do, naming the request field to change (if any) as a field.
         */
        record Refused(Failure failure, Hint hint) implements DeviceSelection {
            public Refused {
                java.util.Objects.requireNonNull(hint, "hint");
            }

            /** A refusal whose hint names no request field. */
            public Refused(Failure failure, String hint) {
                this(failure, Hint.text(hint));
            }
        }
    }
}
