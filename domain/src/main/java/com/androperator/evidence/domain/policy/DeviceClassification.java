package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Observation;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The emulator-flag heuristic shared by still and video capture (not hardware attestation):
 * emulator when ro.kernel.qemu or ro.boot.qemu is exactly "1", even if the other says "0";
 * physical when a read, parseable, non-empty inventory has both flags absent, empty or "0";
 * unknown otherwise (other non-empty values, malformed or empty inventories, failed or timed-out
 * reads). Unknown is a metadata failure, reported as DEVICE_TYPE_UNKNOWN.
 */
public final class DeviceClassification {
    public static final String KERNEL_QEMU = "ro.kernel.qemu";
    public static final String BOOT_QEMU = "ro.boot.qemu";

    private DeviceClassification() {
    }

    /** A classification, the raw flags it saw, and for unknown the error that says why. */
    public record Classified(DeviceType type, DeviceTypeProperties properties, Optional<BundleError> error) {
        public Classified {
            if (type == null || properties == null || error == null || (type == DeviceType.UNKNOWN) != error.isPresent()) {
                throw new IllegalArgumentException("exactly an unknown classification carries an error");
            }
        }
    }

    public static Classified classify(Observation<PropertyInventory> read) {
        if (read instanceof Observation.Unavailable<PropertyInventory> unavailable) {
            return unknown(DeviceTypeProperties.UNREAD, "the property read failed ("
                    + unavailable.failure().code() + ": " + unavailable.failure().message() + ")");
        }
        PropertyInventory inventory = ((Observation.Observed<PropertyInventory>) read).value();
        DeviceTypeProperties flags = new DeviceTypeProperties(
                nonEmptyOrNull(inventory.properties().get(KERNEL_QEMU)),
                nonEmptyOrNull(inventory.properties().get(BOOT_QEMU)));
        if (!inventory.parseable()) {
            return unknown(flags, "the getprop output was not a property listing");
        }
        for (String flag : new String[] {KERNEL_QEMU, BOOT_QEMU}) {
            if (inventory.notUtf8().contains(flag)) {
                return unknown(flags, flag + " is not valid UTF-8 on the device");
            }
        }
        if (inventory.properties().isEmpty()) {
            return unknown(flags, "getprop listed no properties");
        }
        if ("1".equals(flags.roKernelQemu()) || "1".equals(flags.roBootQemu())) {
            return new Classified(DeviceType.EMULATOR, flags, Optional.empty());
        }
        if (isOff(flags.roKernelQemu()) && isOff(flags.roBootQemu())) {
            return new Classified(DeviceType.PHYSICAL, flags, Optional.empty());
        }
        return unknown(flags, "unexpected emulator flags " + KERNEL_QEMU + "=" + shown(flags.roKernelQemu())
                + ", " + BOOT_QEMU + "=" + shown(flags.roBootQemu()) + " (only \"1\", \"0\", empty or absent are understood)");
    }

    private static Classified unknown(DeviceTypeProperties flags, String why) {
        return new Classified(DeviceType.UNKNOWN, flags, Optional.of(MetadataField.DEVICE_TYPE.error(
                ErrorCodes.DEVICE_TYPE_UNKNOWN, "The device type is unknown: " + why + ".")));
    }

    /** Absent and empty flags count as off; null here means absent or empty. */
    private static boolean isOff(@Nullable String flag) {
        return flag == null || flag.equals("0");
    }

    private static @Nullable String nonEmptyOrNull(@Nullable String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static String shown(@Nullable String flag) {
        return flag == null ? "(absent)" : '"' + flag + '"';
    }
}
