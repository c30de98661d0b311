package com.androperator.evidence.domain.port;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Observation;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Targeted adb observations of the device, each bounded by the deadline it is given and ended at
 * once by its cancellation (COMMAND_CANCELLED, details {@code dispatched}: whether the command was
 * sent). An unavailable read is not dispatched when nothing was sent for it: a budget already spent,
 * an invalid serial, a request the adb server refused. These parse the wire formats; the policies
 * (overrides win, emulator classification) live in the domain.
 */
public interface DeviceMetadataSource {

    /** {@code getprop} with no argument. */
    Observation<PropertyInventory> properties(String serial, Deadline deadline);

    /** {@code wm size}. */
    Observation<WmSize> displaySize(String serial, Deadline deadline);

    /** {@code wm density}. */
    Observation<WmDensity> displayDensity(String serial, Deadline deadline);

    /** {@code dumpsys input}: the primary display's viewport orientation, else SurfaceOrientation (0..3). */
    Observation<Integer> rotation(String serial, Deadline deadline);

    /** {@code dumpsys package <pkg>}: the first versionName. Unavailable when not installed. */
    Observation<String> operatorVersion(String serial, String operatorPackage, Deadline deadline);

    /**
     * All of the reads above, sent to the device as one command when this source can (each command
     * a connection and a shell on the device less; about 0.18 ms of a server's CPU each), each
     * answered as its own method would answer it; {@code operatorPackage} null leaves the version
     * unread. Empty when this source sends them one by one (the default), and always when the
     * deadline has expired or was cancelled: then none was sent. With readings, each read that the
     * deadline or a cancellation cut short is unavailable with COMMAND_TIMEOUT, or COMMAND_CANCELLED
     * (dispatched when the command had gone out), and only such a read is COMMAND_CANCELLED; readings
     * without a version for a package leave that read to {@link #operatorVersion}.
     */
    default Optional<Readings> readTogether(String serial, @Nullable String operatorPackage, Deadline deadline) {
        return Optional.empty();
    }

    /** The reads of {@link #readTogether}; {@code operatorVersion} is empty when no package was given. */
    record Readings(Observation<PropertyInventory> properties, Observation<WmSize> size, Observation<WmDensity> density,
                    Observation<Integer> rotation, Optional<Observation<String>> operatorVersion) {
        public Readings {
            Objects.requireNonNull(properties, "properties");
            Objects.requireNonNull(size, "size");
            Objects.requireNonNull(density, "density");
            Objects.requireNonNull(rotation, "rotation");
            Objects.requireNonNull(operatorVersion, "operatorVersion");
        }
    }

    /**
     * A getprop inventory. {@code parseable} is false when the output was not a property
     * listing at all; an empty map means it listed nothing. Values are raw (multi-line kept).
     * {@code notUtf8} names the properties whose value the device sent as bytes that are not
     * valid UTF-8: they are not in {@code properties} (no value is ever guessed), and a field
     * that needs one is unavailable.
     */
    record PropertyInventory(Map<String, String> properties, boolean parseable, Set<String> notUtf8) {
        public PropertyInventory {
            properties = Map.copyOf(properties);
            notUtf8 = notUtf8 == null ? Set.of() : Set.copyOf(notUtf8);
            for (String name : notUtf8) {
                if (properties.containsKey(name)) {
                    throw new IllegalArgumentException(name + " has a value and is not UTF-8");
                }
            }
        }

        public PropertyInventory(Map<String, String> properties, boolean parseable) {
            this(properties, parseable, Set.of());
        }
    }

    record Size(int width, int height) {
        public Size {
            if (width <= 0 || height <= 0) {
                throw new IllegalArgumentException("a display size is positive");
            }
        }
    }

    /** {@code override} is null when no override is set. */
    record WmSize(Size physical, @Nullable Size override) {
    }

    /** {@code override} is null when no override is set. */
    record WmDensity(int physical, @Nullable Integer override) {
    }
}
