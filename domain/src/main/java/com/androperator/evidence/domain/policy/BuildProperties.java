package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The build facts of the manifest's device section, read from one getprop inventory. A value that
 * cannot be read is null and carries an error naming its field: the read's own code when the
 * read failed, METADATA_UNAVAILABLE when the property is missing, empty or not understood. A
 * listing with malformed lines still gives the properties of its well-formed ones: malformation
 * costs the device type (see {@link DeviceClassification}), not every field.
 */
public record BuildProperties(@Nullable Integer apiLevel, @Nullable String androidVersion,
                              @Nullable String manufacturer, @Nullable String model, List<BundleError> errors) {
    public static final String SDK = "ro.build.version.sdk";
    public static final String RELEASE = "ro.build.version.release";
    public static final String MANUFACTURER = "ro.product.manufacturer";
    public static final String MODEL = "ro.product.model";

    public BuildProperties {
        errors = List.copyOf(errors);
    }

    public static BuildProperties from(Observation<PropertyInventory> read) {
        List<BundleError> errors = new ArrayList<>();
        if (read instanceof Observation.Unavailable<PropertyInventory> unavailable) {
            Failure failure = unavailable.failure();
            errors.add(MetadataField.API_LEVEL.unavailable(SDK, failure));
            errors.add(MetadataField.ANDROID_VERSION.unavailable(RELEASE, failure));
            errors.add(MetadataField.MANUFACTURER.unavailable(MANUFACTURER, failure));
            errors.add(MetadataField.MODEL.unavailable(MODEL, failure));
            return new BuildProperties(null, null, null, null, errors);
        }
        PropertyInventory inventory = ((Observation.Observed<PropertyInventory>) read).value();
        Integer apiLevel = inventory.notUtf8().contains(SDK) ? notUtf8(SDK, MetadataField.API_LEVEL, errors)
                : apiLevel(inventory, errors);
        String release = text(inventory, RELEASE, MetadataField.ANDROID_VERSION, errors);
        String manufacturer = text(inventory, MANUFACTURER, MetadataField.MANUFACTURER, errors);
        String model = text(inventory, MODEL, MetadataField.MODEL, errors);
        return new BuildProperties(apiLevel, release, manufacturer, model, errors);
    }

    /** The SDK level is digits only and positive; anything else is not an API level. */
    private static @Nullable Integer apiLevel(PropertyInventory inventory, List<BundleError> errors) {
        String raw = inventory.properties().get(SDK);
        if (raw == null || raw.isEmpty()) {
            errors.add(MetadataField.API_LEVEL.error(ErrorCodes.METADATA_UNAVAILABLE, absent(SDK, inventory)));
            return null;
        }
        if (raw.length() <= 9 && raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            int level = Integer.parseInt(raw);
            if (level > 0) {
                return level;
            }
        }
        errors.add(MetadataField.API_LEVEL.error(ErrorCodes.METADATA_UNAVAILABLE,
                SDK + " is \"" + raw + "\", not a positive decimal API level"));
        return null;
    }

    private static @Nullable String text(PropertyInventory inventory, String property, MetadataField field,
                                         List<BundleError> errors) {
        if (inventory.notUtf8().contains(property)) {
            return notUtf8(property, field, errors);
        }
        String raw = inventory.properties().get(property);
        if (raw == null || raw.isEmpty()) {
            errors.add(field.error(ErrorCodes.METADATA_UNAVAILABLE, absent(property, inventory)));
            return null;
        }
        return raw;
    }

    /** Why a property has no value; a malformed listing may have lost it in a line that was not read. */
    private static String absent(String property, PropertyInventory inventory) {
        return property + " is absent or empty" + (inventory.parseable() ? ""
                : " (the getprop output also held lines that are not properties)");
    }

    /** A value the device sent as bytes that are not UTF-8: unavailable, never a guessed string. */
    private static <T> @Nullable T notUtf8(String property, MetadataField field, List<BundleError> errors) {
        errors.add(field.error(ErrorCodes.METADATA_UNAVAILABLE, property
                + " is not valid UTF-8 on the device; its value is not recorded"));
        return null;
    }
}
