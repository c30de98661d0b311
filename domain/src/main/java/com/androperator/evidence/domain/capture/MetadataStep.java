package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.policy.DeviceFacts;
import com.androperator.evidence.domain.policy.DeviceFacts.ReadState;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import java.util.List;
import java.util.Optional;

/**
 * The manifest's device section, read by {@link DeviceFacts} (the reader video start uses too) with
 * what is left of the budget, and when the caller cancelled any read, the captures.json record of
 * the cancelled reads.
 */
final class MetadataStep {
    static final String STAGE = MetadataField.STAGE;
    static final String SOURCE = "adb_shell";

    private final DeviceFacts facts;
    private final StepClock clock;

    MetadataStep(DeviceMetadataSource metadata, StepClock clock) {
        this.facts = new DeviceFacts(metadata);
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
        DeviceFacts.Facts facts = this.facts.read(serial, operatorPackage, cliVersion, deadline);
        return new DeviceMetadata(facts.device(), facts.errors(),
                cancellationRecord(facts, deadline, clock.between(start, clock.mark()), evidenceId));
    }

    /**
     * The metadata record of a cancelled capture: who cancelled, the first cancelled read's
     * command, phase (in_flight or not_started) and dispatch state, and every read's state.
     */
    private static Optional<CaptureRecord> cancellationRecord(DeviceFacts.Facts facts, Deadline deadline,
                                                             Timing observation, String evidenceId) {
        List<ReadState> cancelled = facts.cancelledReads();
        if (cancelled.isEmpty()) {
            return Optional.empty();
        }
        ReadState first = cancelled.get(0);
        Details details = Details.builder().text(DetailKey.CANCELLED_BY, deadline.cancelledBy())
                .all(recorded(first))
                .list(DetailKey.READS, facts.reads().stream().map(MetadataStep::recorded).toList()).build();
        BundleError error = new BundleError(ErrorCodes.COMMAND_CANCELLED, STAGE, "Device metadata reads were "
                + "cancelled (" + deadline.cancelledBy() + "): " + cancelled.size() + " of " + facts.reads().size()
                + " reads did not complete, starting with " + first.command() + " (" + first.phase().wire()
                + "); their fields are null with COMMAND_CANCELLED errors.", null);
        return Optional.of(new CaptureRecord(STAGE, SOURCE, evidenceId + "-" + STAGE, evidenceId,
                CaptureRecord.failedReceipt(error, details), observation.startedAt(), observation.finishedAt(),
                observation.durationMs(), null, observation, null, null));
    }

    /** A read's state as captures.json keeps it: {@code {command, phase, dispatched}}. */
    private static Details recorded(ReadState read) {
        return Details.builder().text(DetailKey.COMMAND, read.command()).text(DetailKey.PHASE, read.phase().wire())
                .flag(DetailKey.DISPATCHED, read.dispatched()).build();
    }
}
