package com.androperator.evidence.api;

import org.jspecify.annotations.Nullable;

/**
 * The doctor as a person runs it in a shell, whichever edge reports the hint: the CLI's command,
 * naming the device when it is known.
 */
public final class DoctorCommand {
    private DoctorCommand() {
    }

    /** {@code androperator doctor --device <serial>}; a placeholder stands in for a null or blank serial. */
    public static String forDevice(@Nullable String serial) {
        return "androperator doctor --device " + (serial == null || serial.isBlank() ? "<device_serial>" : serial);
    }
}
