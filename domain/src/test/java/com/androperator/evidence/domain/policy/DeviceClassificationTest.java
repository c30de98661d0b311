package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Observation;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DeviceClassificationTest {
    /** Marks a flag that getprop did not list at all. */
    private static final String ABSENT = null;

    static Stream<Arguments> flagTable() {
        return Stream.of(
                // ro.kernel.qemu, ro.boot.qemu, classification, recorded kernel flag, recorded boot flag
                Arguments.of("1", ABSENT, DeviceType.EMULATOR, "1", null),
                Arguments.of(ABSENT, "1", DeviceType.EMULATOR, null, "1"),
                Arguments.of("1", "1", DeviceType.EMULATOR, "1", "1"),
                Arguments.of("1", "0", DeviceType.EMULATOR, "1", "0"),
                Arguments.of("0", "1", DeviceType.EMULATOR, "0", "1"),
                Arguments.of("1", "", DeviceType.EMULATOR, "1", null),
                Arguments.of("yes", "1", DeviceType.EMULATOR, "yes", "1"),
                Arguments.of(ABSENT, ABSENT, DeviceType.PHYSICAL, null, null),
                Arguments.of("", "", DeviceType.PHYSICAL, null, null),
                Arguments.of("0", "0", DeviceType.PHYSICAL, "0", "0"),
                Arguments.of("0", ABSENT, DeviceType.PHYSICAL, "0", null),
                Arguments.of(ABSENT, "0", DeviceType.PHYSICAL, null, "0"),
                Arguments.of("", "0", DeviceType.PHYSICAL, null, "0"),
                Arguments.of("yes", ABSENT, DeviceType.UNKNOWN, "yes", null),
                Arguments.of("2", "0", DeviceType.UNKNOWN, "2", "0"),
                Arguments.of(ABSENT, "true", DeviceType.UNKNOWN, null, "true"),
                Arguments.of(" 1", ABSENT, DeviceType.UNKNOWN, " 1", null),
                Arguments.of("1 ", ABSENT, DeviceType.UNKNOWN, "1 ", null),
                Arguments.of("01", "", DeviceType.UNKNOWN, "01", null),
                Arguments.of("0", "x", DeviceType.UNKNOWN, "0", "x"),
                Arguments.of(" ", ABSENT, DeviceType.UNKNOWN, " ", null));
    }

    @ParameterizedTest(name = "ro.kernel.qemu={0} ro.boot.qemu={1} -> {2}")
    @MethodSource("flagTable")
    void classifiesByTheEmulatorFlags(String kernel, String boot, DeviceType expected, String keptKernel, String keptBoot) {
        Map<String, String> inventory = new HashMap<>(Map.of("ro.build.version.sdk", "34"));
        if (kernel != null) {
            inventory.put("ro.kernel.qemu", kernel);
        }
        if (boot != null) {
            inventory.put("ro.boot.qemu", boot);
        }
        DeviceClassification.Classified classified =
                DeviceClassification.classify(Observation.of(new PropertyInventory(inventory, true)));
        assertThat(classified.type()).isEqualTo(expected);
        assertThat(classified.properties()).isEqualTo(new DeviceTypeProperties(keptKernel, keptBoot));
        if (expected == DeviceType.UNKNOWN) {
            assertUnknownError(classified, "unexpected emulator flags");
        } else {
            assertThat(classified.error()).isEmpty();
        }
    }

    static Stream<Arguments> unreadableInventories() {
        return Stream.of(
                Arguments.of(Observation.of(new PropertyInventory(Map.of(), false)), "not a property listing"),
                Arguments.of(Observation.of(new PropertyInventory(Map.of(), true)), "listed no properties"),
                Arguments.of(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "getprop exited 1"),
                        "METADATA_UNAVAILABLE: getprop exited 1"),
                Arguments.of(Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT, "getprop did not finish"),
                        "COMMAND_TIMEOUT: getprop did not finish"));
    }

    @ParameterizedTest
    @MethodSource("unreadableInventories")
    void malformedEmptyFailedAndTimedOutReadsAreUnknown(Observation<PropertyInventory> read, String why) {
        DeviceClassification.Classified classified = DeviceClassification.classify(read);
        assertThat(classified.type()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(classified.properties()).isEqualTo(DeviceTypeProperties.UNREAD);
        assertUnknownError(classified, why);
    }

    @Test
    void aMalformedInventoryIsUnknownEvenWithAnEmulatorFlag() {
        DeviceClassification.Classified classified = DeviceClassification.classify(
                Observation.of(new PropertyInventory(Map.of("ro.kernel.qemu", "1"), false)));
        assertThat(classified.type()).isEqualTo(DeviceType.UNKNOWN);
        assertThat(classified.properties()).isEqualTo(new DeviceTypeProperties("1", null));
    }

    private static void assertUnknownError(DeviceClassification.Classified classified, String why) {
        assertThat(classified.error()).hasValueSatisfying(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.message()).contains(ErrorCodes.DEVICE_TYPE_UNKNOWN);
            assertThat(error.stage()).isEqualTo("metadata");
            assertThat(error.component()).isEqualTo("deviceType");
            assertThat(error.message()).contains(why);
        });
    }
}
