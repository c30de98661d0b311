package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.Observation;
import java.util.ArrayList;
import java.util.List;

/**
 * The manifest's device.display: current wm overrides take precedence over the physical size and
 * density; rotation is the primary display's 0..3. Each unreadable field is null with an error.
 * These are separate adb samples, not synchronized with the screenshot.
 */
public record DisplayGeometry(DisplayInfo display, List<BundleError> errors) {

    public DisplayGeometry {
        errors = List.copyOf(errors);
    }

    public static DisplayGeometry from(Observation<WmSize> size, Observation<WmDensity> density,
                                       Observation<Integer> rotation) {
        List<BundleError> errors = new ArrayList<>();
        Integer width = null;
        Integer height = null;
        if (size instanceof Observation.Observed<WmSize> observed) {
            Size effective = observed.value().override() != null ? observed.value().override() : observed.value().physical();
            if (effective == null) {
                errors.add(MetadataField.DISPLAY_SIZE.error(ErrorCodes.METADATA_UNAVAILABLE, "wm size reported no size"));
            } else {
                width = effective.width();
                height = effective.height();
            }
        } else if (size instanceof Observation.Unavailable<WmSize> unavailable) {
            errors.add(MetadataField.DISPLAY_SIZE.unavailable("The display size", unavailable.failure()));
        }

        Integer dpi = null;
        if (density instanceof Observation.Observed<WmDensity> observed) {
            int effective = observed.value().override() != null ? observed.value().override() : observed.value().physical();
            if (effective > 0) {
                dpi = effective;
            } else {
                errors.add(MetadataField.DISPLAY_DENSITY.error(ErrorCodes.METADATA_UNAVAILABLE,
                        "wm density reported " + effective + ", not a positive density"));
            }
        } else if (density instanceof Observation.Unavailable<WmDensity> unavailable) {
            errors.add(MetadataField.DISPLAY_DENSITY.unavailable("The display density", unavailable.failure()));
        }

        Integer turns = null;
        if (rotation instanceof Observation.Observed<Integer> observed) {
            int value = observed.value();
            if (value >= 0 && value <= 3) {
                turns = value;
            } else {
                errors.add(MetadataField.DISPLAY_ROTATION.error(ErrorCodes.METADATA_UNAVAILABLE,
                        "the display rotation " + value + " is outside 0..3"));
            }
        } else if (rotation instanceof Observation.Unavailable<Integer> unavailable) {
            errors.add(MetadataField.DISPLAY_ROTATION.unavailable("The display rotation", unavailable.failure()));
        }
        return new DisplayGeometry(new DisplayInfo(width, height, dpi, turns), errors);
    }
}
