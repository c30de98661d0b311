package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.policy.BuildProperties;
import com.androperator.evidence.domain.policy.DeviceClassification;
import com.androperator.evidence.domain.policy.DisplayGeometry;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.Observation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The manifest's device section from targeted adb reads, each with what is left of the budget.
 * Once the budget has expired a read is not attempted and is recorded as COMMAND_TIMEOUT; once the
 * caller has cancelled, none is sent and each unread value is COMMAND_CANCELLED. Every unavailable
 * value is null with an error naming its field.
 */
final class MetadataStep {
    static final String STAGE = MetadataField.STAGE;
    static final String SOURCE = "adb_shell";
    /** The phase of a read whose socket the cancellation closed. */
    static final String PHASE_IN_FLIGHT = "in_flight";

    private final DeviceMetadataSource metadata;
    private final StepClock clock;

    MetadataStep(DeviceMetadataSource metadata, StepClock clock) {
        this.metadata = metadata;
        this.clock = clock;
    }

    /**
     * The device section and the metadata errors, in the device section's field order, and when
     * the caller cancelled any read, the captures.json record saying which reads were cancelled
     * in which dispatch state (there is no metadata record otherwise).
     */
    record DeviceMetadata(DeviceInfo device, List<BundleError> errors, Optional<CaptureRecord> cancellation) {
        DeviceMetadata {
            errors = List.copyOf(errors);
        }
    }

    DeviceMetadata read(String serial, String operatorPackage, String cliVersion, Deadline deadline,
                        String evidenceId) {
        StepClock.Mark start = clock.mark();
        Reads reads = new Reads(deadline);
        var properties = reads.read("getprop", "the getprop inventory", () -> metadata.properties(serial, deadline));
        var size = reads.read("wm size", "wm size", () -> metadata.displaySize(serial, deadline));
        var density = reads.read("wm density", "wm density", () -> metadata.displayDensity(serial, deadline));
        var rotation = reads.read("dumpsys input", "the display rotation", () -> metadata.rotation(serial, deadline));
        var operatorVersion = reads.read("dumpsys package", "the Operator version",
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
        return new DeviceMetadata(device, errors, reads.cancellationRecord(clock.between(start, clock.mark()), evidenceId));
    }

    /** The reads of one capture, in order, remembering each one's state once the caller cancelled. */
    private static final class Reads {
        private final Deadline deadline;
        private final List<Map<String, Object>> states = new ArrayList<>();

        Reads(Deadline deadline) {
            this.deadline = deadline;
        }

        <T> Observation<T> read(String command, String what, Supplier<Observation<T>> read) {
            if (deadline.cancelled()) {
                return cancelled(command, HierarchyStep.PHASE_NOT_STARTED, false, "the capture was cancelled ("
                        + cancelledBy() + ") before " + what + " was read; nothing was sent");
            }
            if (deadline.expired()) {
                states.add(state(command, "budget_expired", false));
                return Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT,
                        "the device-work budget expired before " + what + " was read");
            }
            Observation<T> observation;
            try {
                observation = read.get();
                if (observation == null) {
                    observation = Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE,
                            "reading " + what + " returned nothing");
                }
            } catch (RuntimeException e) {
                observation = Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE,
                        "reading " + what + " failed: " + AdapterFault.describe(e));
            }
            if (observation instanceof Observation.Unavailable<T> unavailable
                    && (deadline.cancelled() || ErrorCodes.COMMAND_CANCELLED.equals(unavailable.failure().code()))) {
                // A read in flight when the caller cancelled: its socket was closed, its answer is not awaited.
                boolean dispatched = !(unavailable.failure().details().get("dispatched") instanceof Boolean sent) || sent;
                return cancelled(command, PHASE_IN_FLIGHT, dispatched, "the capture was cancelled (" + cancelledBy()
                        + ") while " + what + " was being read (" + (dispatched ? "sent to the device" : "not sent")
                        + "): " + unavailable.failure().message());
            }
            states.add(state(command, observation instanceof Observation.Observed<T> ? "completed" : "failed", true));
            return observation;
        }

        private <T> Observation<T> cancelled(String command, String phase, boolean dispatched, String message) {
            states.add(state(command, phase, dispatched));
            return new Observation.Unavailable<>(new Failure(ErrorCodes.COMMAND_CANCELLED, message,
                    Map.of("phase", phase, "dispatched", dispatched)));
        }

        private static Map<String, Object> state(String command, String phase, boolean dispatched) {
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("command", command);
            state.put("phase", phase);
            state.put("dispatched", dispatched);
            return state;
        }

        private String cancelledBy() {
            return deadline.cancelledBy();
        }

        private static boolean isCancelled(Map<String, Object> state) {
            return state.get("phase").equals(PHASE_IN_FLIGHT) || state.get("phase").equals(HierarchyStep.PHASE_NOT_STARTED);
        }

        /**
         * The metadata record of a cancelled capture: who cancelled, the first cancelled read's
         * command, phase (in_flight or not_started) and dispatch state, and every read's state.
         */
        Optional<CaptureRecord> cancellationRecord(Timing observation, String evidenceId) {
            Optional<Map<String, Object>> first = states.stream().filter(Reads::isCancelled).findFirst();
            if (first.isEmpty()) {
                return Optional.empty();
            }
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("cancelledBy", cancelledBy());
            details.putAll(first.get());
            details.put("reads", List.copyOf(states));
            long cancelled = states.stream().filter(Reads::isCancelled).count();
            BundleError error = new BundleError(ErrorCodes.COMMAND_CANCELLED, STAGE, "Device metadata reads were "
                    + "cancelled (" + cancelledBy() + "): " + cancelled + " of " + states.size() + " reads did not "
                    + "complete, starting with " + first.get().get("command") + " (" + first.get().get("phase")
                    + "); their fields are null with COMMAND_CANCELLED errors.", null);
            return Optional.of(new CaptureRecord(STAGE, SOURCE, evidenceId + "-" + STAGE, evidenceId,
                    CaptureRecord.failedResult(error, details), observation.startedAt(), observation.finishedAt(),
                    observation.durationMs(), null, observation, null, null));
        }
    }
}
