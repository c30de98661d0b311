package com.androperator.evidence.domain.prune;

import com.androperator.evidence.contracts.BundleStatus;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Which managed bundles {@code evidence prune} removes: those that match every criterion given.
 * At least one is required, so that no prune removes every bundle by accident.
 *
 * @param olderThan bundles that started longer ago than this
 * @param keepLast  the newest this many bundles (of the selected statuses) are kept
 * @param statuses  only bundles with one of these terminal statuses; empty for any status
 */
public record PruneRule(Optional<Duration> olderThan, OptionalInt keepLast, Set<BundleStatus> statuses) {
    /** The statuses a finished bundle can have; a prune selects only among these. */
    public static final Set<BundleStatus> TERMINAL = Set.copyOf(
            EnumSet.of(BundleStatus.COMPLETE, BundleStatus.PARTIAL, BundleStatus.FAILED));

    public PruneRule {
        Objects.requireNonNull(olderThan, "olderThan");
        Objects.requireNonNull(keepLast, "keepLast");
        statuses = Set.copyOf(statuses);
        if (olderThan.isPresent() && olderThan.get().isNegative()) {
            throw new IllegalArgumentException("olderThan is not negative");
        }
        if (keepLast.isPresent() && keepLast.getAsInt() < 0) {
            throw new IllegalArgumentException("keepLast is not negative");
        }
        if (!TERMINAL.containsAll(statuses)) {
            throw new IllegalArgumentException("a prune selects only complete, partial or failed bundles");
        }
        if (olderThan.isEmpty() && keepLast.isEmpty() && statuses.isEmpty()) {
            throw new IllegalArgumentException("a prune names at least one criterion");
        }
    }

    /** Whether a bundle of this status is among those the rule selects. */
    boolean selectsStatus(BundleStatus status) {
        return statuses.isEmpty() || statuses.contains(status);
    }
}
