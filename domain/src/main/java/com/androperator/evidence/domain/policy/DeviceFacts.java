package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Readings;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The one reader of a device's facts for still capture and video start: getprop, wm size, wm
 * density, the rotation and the Operator version through {@link DeviceMetadataSource}, sent as one
 * command when the source can ({@link DeviceMetadataSource#readTogether}), else one by one, each with
 * what is left of the deadline, then classified by the same rules ({@link BuildProperties},
 * {@link DeviceClassification}, {@link DisplayGeometry}). Once the deadline has expired a read is not
 * attempted (COMMAND_TIMEOUT); once the caller has cancelled, none is sent and each unread value is
 * COMMAND_CANCELLED; an adapter that throws or answers nothing gives METADATA_UNAVAILABLE; a blank
 * Operator version is refused. Every unavailable value is null with an error naming its field.
 */
public final class DeviceFacts {
    /** How far one read got; {@link #wire()} is its spelling in captures.json. */
    public enum ReadPhase {
        /** The cancellation came before it: nothing was sent. */
        NOT_STARTED(CommandPhase.NOT_STARTED.wire()),
        /** The budget had expired: nothing was sent. */
        BUDGET_EXPIRED("budget_expired"),
        /** The cancellation closed its socket: its answer was not awaited. */
        IN_FLIGHT(CommandPhase.IN_FLIGHT.wire()),
        /** It answered with a value. */
        COMPLETED("completed"),
        /** It answered without a usable value. */
        FAILED("failed");

        private final String wire;

        ReadPhase(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** Whether the caller's cancellation stopped the read, before or while it was sent. */
        public boolean cancelled() {
            return this == NOT_STARTED || this == IN_FLIGHT;
        }
    }

    /** One read's state: its command, how far it got and whether it was sent to the device. */
    public record ReadState(String command, ReadPhase phase, boolean dispatched) {
        public ReadState {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(phase, "phase");
        }
    }

    private final DeviceMetadataSource metadata;

    public DeviceFacts(DeviceMetadataSource metadata) {
        this.metadata = metadata;
    }

    /**
     * The device section, its errors in the section's field order, and each read's state
     * ({@code command}, {@code phase}, {@code dispatched}) in the order the reads were made.
     */
    public record Facts(DeviceInfo device, List<BundleError> errors, List<ReadState> reads) {
        public Facts {
            errors = List.copyOf(errors);
            reads = List.copyOf(reads);
        }

        /** The reads that the caller's cancellation stopped, before or while they were sent. */
        public List<ReadState> cancelledReads() {
            return reads.stream().filter(state -> state.phase().cancelled()).toList();
        }
    }

    /**
     * Reads and classifies the facts of {@code serial}. {@code operatorPackage} null means no
     * Operator is involved (a video start that named none): its version is then null without an
     * error and is not read.
     */
    public Facts read(String serial, @Nullable String operatorPackage, String cliVersion, Deadline deadline) {
        Reads reads = new Reads(deadline);
        Optional<Readings> together = reads.mayStart() ? together(serial, operatorPackage, deadline) : Optional.empty();
        var properties = reads.read("getprop", "the getprop inventory", together.map(Readings::properties),
                () -> metadata.properties(serial, deadline));
        var size = reads.read("wm size", "wm size", together.map(Readings::size),
                () -> metadata.displaySize(serial, deadline));
        var density = reads.read("wm density", "wm density", together.map(Readings::density),
                () -> metadata.displayDensity(serial, deadline));
        var rotation = reads.read("dumpsys input", "the display rotation", together.map(Readings::rotation),
                () -> metadata.rotation(serial, deadline));
        Optional<Observation<String>> operatorVersion = operatorPackage == null ? Optional.empty()
                : Optional.of(reads.read("dumpsys package", "the Operator version",
                        together.flatMap(Readings::operatorVersion),
                        () -> metadata.operatorVersion(serial, operatorPackage, deadline)));

        BuildProperties build = BuildProperties.from(properties);
        DeviceClassification.Classified type = DeviceClassification.classify(properties);
        DisplayGeometry display = DisplayGeometry.from(size, density, rotation);

        List<BundleError> errors = new ArrayList<>();
        String version = operatorVersion.map(observation -> operatorVersion(observation, operatorPackage, errors))
                .orElse(null);
        errors.addAll(build.errors());
        type.error().ifPresent(errors::add);
        errors.addAll(display.errors());
        DeviceInfo device = new DeviceInfo(serial, operatorPackage, cliVersion, version, build.apiLevel(),
                build.androidVersion(), build.manufacturer(), build.model(), type.type(), type.properties(),
                display.display());
        return new Facts(device, errors, reads.states);
    }

    /**
     * The reads sent as one command when the source can: empty when it sends them one by one. An
     * adapter that throws may have sent them, so each read is then unavailable, as a read that throws is.
     */
    private Optional<Readings> together(String serial, @Nullable String operatorPackage, Deadline deadline) {
        try {
            return Objects.requireNonNullElse(metadata.readTogether(serial, operatorPackage, deadline), Optional.empty());
        } catch (RuntimeException e) {
            String message = "reading the device's metadata in one command failed: " + Reads.describe(e);
            return Optional.of(new Readings(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, message),
                    Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, message),
                    Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, message),
                    Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, message),
                    operatorPackage == null ? Optional.empty()
                            : Optional.of(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, message))));
        }
    }

    private static @Nullable String operatorVersion(Observation<String> observation, @Nullable String operatorPackage,
                                          List<BundleError> errors) {
        if (observation instanceof Observation.Observed<String> observed && !observed.value().isBlank()) {
            return observed.value();
        }
        if (observation instanceof Observation.Unavailable<String> unavailable) {
            errors.add(MetadataField.OPERATOR_VERSION.unavailable("The Operator version of " + operatorPackage,
                    unavailable.failure()));
        } else {
            errors.add(MetadataField.OPERATOR_VERSION.error(ErrorCodes.METADATA_UNAVAILABLE,
                    "The Operator version of " + operatorPackage + " is blank"));
        }
        return null;
    }

    /** The reads of one device, in order, remembering each one's state. */
    private static final class Reads {
        private final Deadline deadline;
        private final List<ReadState> states = new ArrayList<>();

        Reads(Deadline deadline) {
            this.deadline = deadline;
        }

        /** Whether a read may be sent now: neither cancelled nor out of budget. */
        boolean mayStart() {
            return !deadline.cancelled() && !deadline.expired();
        }

        /**
         * One read's observation and state: {@code sent}, the answer of a command that carried it
         * with the others (it was sent, whatever happened since), else what {@code read} answers
         * when it may still be sent.
         */
        <T> Observation<T> read(String command, String what, Optional<Observation<T>> sent,
                                Supplier<Observation<T>> read) {
            // An answer that came with the others was over before they were all in: only its own code
            // says the cancellation cut it short (a cancellation after it ended cannot have).
            return sent.isPresent() ? recorded(command, what, sent.get(), false) : read(command, what, read);
        }

        <T> Observation<T> read(String command, String what, Supplier<Observation<T>> read) {
            if (deadline.cancelled()) {
                return cancelled(command, ReadPhase.NOT_STARTED, false, "the capture was cancelled ("
                        + deadline.cancelledBy() + ") before " + what + " was read; nothing was sent");
            }
            if (deadline.expired()) {
                states.add(new ReadState(command, ReadPhase.BUDGET_EXPIRED, false));
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
                        "reading " + what + " failed: " + describe(e));
            }
            return recorded(command, what, observation, true);
        }

        /**
         * Records the state of a read that was asked of its source and returns its observation (a
         * cancelled one as such); a failed read is dispatched unless its source says nothing was sent.
         * {@code endedNow}: the read ended just now, so a cancellation seen now may have cut it.
         */
        private <T> Observation<T> recorded(String command, String what, Observation<T> observation, boolean endedNow) {
            if (observation instanceof Observation.Unavailable<T> unavailable
                    && (endedNow && deadline.cancelled()
                    || ErrorCodes.COMMAND_CANCELLED.equals(unavailable.failure().code()))) {
                // A read in flight when the caller cancelled: its socket was closed, its answer is not awaited.
                boolean dispatched = unavailable.dispatched();
                return cancelled(command, ReadPhase.IN_FLIGHT, dispatched, "the capture was cancelled ("
                        + deadline.cancelledBy() + ") while " + what + " was being read ("
                        + (dispatched ? "sent to the device" : "not sent") + "): " + unavailable.failure().message());
            }
            // A failed read is dispatched unless its source knows the request never went out (refused, not sent).
            boolean dispatched = !(observation instanceof Observation.Unavailable<T> unavailable) || unavailable.dispatched();
            states.add(new ReadState(command, observation instanceof Observation.Observed<T> ? ReadPhase.COMPLETED
                    : ReadPhase.FAILED, dispatched));
            return observation;
        }

        private <T> Observation<T> cancelled(String command, ReadPhase phase, boolean dispatched, String message) {
            states.add(new ReadState(command, phase, dispatched));
            return new Observation.Unavailable<>(new Failure(ErrorCodes.COMMAND_CANCELLED, message,
                    Details.builder().text(DetailKey.PHASE, phase.wire()).flag(DetailKey.DISPATCHED, dispatched).build()));
        }

        /** An adapter's unexpected exception, recorded as the read's failure. */
        static String describe(RuntimeException e) {
            return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getName()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }
}
