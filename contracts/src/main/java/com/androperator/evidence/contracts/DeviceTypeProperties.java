package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/** The raw emulator flags as read; null where the flag was absent or empty (or not read). */
public record DeviceTypeProperties(
        @JsonProperty("ro.kernel.qemu") @Nullable String roKernelQemu,
        @JsonProperty("ro.boot.qemu") @Nullable String roBootQemu) {

    public static final DeviceTypeProperties UNREAD = new DeviceTypeProperties(null, null);

    public DeviceTypeProperties {
        Checks.check(roKernelQemu == null || !roKernelQemu.isEmpty(), "empty flags are recorded as null");
        Checks.check(roBootQemu == null || !roBootQemu.isEmpty(), "empty flags are recorded as null");
    }
}
