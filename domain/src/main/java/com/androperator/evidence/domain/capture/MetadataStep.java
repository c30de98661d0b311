package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.policy.BuildProperties;
import com.androperator.evidence.domain.policy.DeviceClassification;
import com.androperator.evidence.domain.policy.DisplayGeometry;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.Observation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The manifest's device section from targeted adb reads, each with what is left of the budget.
 * Once the budget has expired a read is not attempted and is recorded as COMMAND_TIMEOUT.
 * Every unavailable value is null with an error naming its field.
 */
final class MetadataStep {
    private final DeviceMetadataSource metadata;

    MetadataStep(DeviceMetadataSource metadata) {
        this.metadata = metadata;
    }

    /** The device section and the metadata errors, in the device section's field order. */
    record DeviceMetadata(DeviceInfo device, List<BundleError> errors) {
        DeviceMetadata {
            errors = List.copyOf(errors);
        }
    }

    DeviceMetadata read(String serial, String operatorPackage, String cliVersion, Deadline deadline) {
        var properties = read("the getprop inventory", deadline, () -> metadata.properties(serial, deadline));
        var size = read("wm size", deadline, () -> metadata.displaySize(serial, deadline));
        var density = read("wm density", deadline, () -> metadata.displayDensity(serial, deadline));
        var rotation = read("the display rotation", deadline, () -> metadata.rotation(serial, deadline));
        var operatorVersion = read("the Operator version", deadline,
                () -> metadata.operatorVersion(serial, operatorPackage, deadline));

        BuildProperties build = BuildProperties.from(properties);
        DeviceClassification.Classified type = DeviceClassification.classify(properties);
        DisplayGeometry display = DisplayGeometry.from(size, density, rotation);

        List<BundleError> errors = new ArrayList<>();
        String version = null;
        if (operatorVersion instanceof Observation.Observed<String> observed && !observed.value().isBlank()) {
            version = observed.value();
        } else if (operatorVersion instanceof Observation.Unavailable<String> unavailable) {
            errors.add(MetadataField.OPERATOR_VERSION.unavailable("The Operator version of " + operatorPackage,
                    unavailable.failure()));
        } else {
            errors.add(MetadataField.OPERATOR_VERSION.error(ErrorCodes.METADATA_UNAVAILABLE,
                    "The Operator version of " + operatorPackage + " is blank"));
        }
        errors.addAll(build.errors());
        type.error().ifPresent(errors::add);
        errors.addAll(display.errors());
        DeviceInfo device = new DeviceInfo(serial, operatorPackage, cliVersion, version, build.apiLevel(),
                build.androidVersion(), build.manufacturer(), build.model(), type.type(), type.properties(),
                display.display());
        return new DeviceMetadata(device, errors);
    }

    private static <T> Observation<T> read(String what, Deadline deadline, Supplier<Observation<T>> read) {
        if (deadline.expired()) {
            return Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT,
                    "the device-work budget expired before " + what + " was read");
        }
        try {
            Observation<T> observation = read.get();
            return observation != null ? observation
                    : Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "reading " + what + " returned nothing");
        } catch (RuntimeException e) {
            return Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE,
                    "reading " + what + " failed: " + AdapterFault.describe(e));
        }
    }
}
