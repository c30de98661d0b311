package com.androperator.evidence.domain.prune;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.port.prune.BundleShelf.Entry;
import com.androperator.evidence.domain.port.prune.BundleShelf.Removal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@code evidence prune}: removes the managed bundles a {@link PruneRule} selects, newest kept
 * first, and reports each. A bundle whose video session is still active is never removed, only
 * reported; entries it cannot judge are reported and left alone.
 */
public final class PruneBundles {
    private static final Comparator<Entry.Bundle> NEWEST_FIRST = Comparator.comparing(Entry.Bundle::startedAt)
            .thenComparing(bundle -> bundle.path().getFileName().toString()).reversed();

    private final BundleShelf shelf;

    public PruneBundles(BundleShelf shelf) {
        this.shelf = Objects.requireNonNull(shelf, "shelf");
    }

    /** The report, or STORAGE_FAILED when the bundles directory itself cannot be read. */
    public Checked<PruneReport> prune(Path bundlesRoot, PruneRule rule, Instant now, boolean dryRun) {
        BundleShelf.Listing listing = shelf.list(bundlesRoot);
        if (listing instanceof BundleShelf.Listing.Unlisted unlisted) {
            return Checked.rejected(Failure.of(ErrorCodes.STORAGE_FAILED,
                    "The bundles directory " + bundlesRoot + " cannot be read: " + unlisted.reason()));
        }
        List<Entry> entries = ((BundleShelf.Listing.Entries) listing).entries();
        List<PruneLine> lines = new ArrayList<>();
        for (Entry.Bundle bundle : selected(entries, rule, now)) {
            lines.add(bundle.active() ? line(bundle, PruneLine.Action.KEPT_ACTIVE, 0,
                    "its video session is starting, recording, finalizing or needs recovery") : removal(bundle, dryRun));
        }
        for (Entry entry : entries) {
            unjudged(entry).ifPresent(lines::add);
        }
        return Checked.accepted(new PruneReport(bundlesRoot, dryRun, lines));
    }

    /** The bundles the rule selects, oldest first. */
    static List<Entry.Bundle> selected(List<Entry> entries, PruneRule rule, Instant now) {
        List<Entry.Bundle> candidates = entries.stream()
                .filter(Entry.Bundle.class::isInstance).map(Entry.Bundle.class::cast)
                .filter(bundle -> rule.selectsStatus(bundle.status()))
                .sorted(NEWEST_FIRST).toList();
        int kept = rule.keepLast().orElse(0);
        List<Entry.Bundle> selected = new ArrayList<>(candidates.subList(Math.min(kept, candidates.size()),
                candidates.size()));
        rule.olderThan().ifPresent(age -> selected.removeIf(bundle -> !bundle.startedAt().isBefore(now.minus(age))));
        Collections.reverse(selected);
        return selected;
    }

    private PruneLine removal(Entry.Bundle bundle, boolean dryRun) {
        Removal removal = shelf.remove(bundle.path(), dryRun);
        if (removal instanceof Removal.Removed removed) {
            return line(bundle, dryRun ? PruneLine.Action.WOULD_REMOVE : PruneLine.Action.REMOVED, removed.bytes(), null);
        }
        if (removal instanceof Removal.Partly partly) {
            return line(bundle, PruneLine.Action.NOT_REMOVED, 0, "partly removed (" + partly.removedEntries() + " of "
                    + partly.totalEntries() + " entries), the rest is left: " + partly.reason());
        }
        return line(bundle, PruneLine.Action.NOT_REMOVED, 0, "nothing removed: " + ((Removal.Refused) removal).reason());
    }

    private static Optional<PruneLine> unjudged(Entry entry) {
        if (entry instanceof Entry.Unreadable unreadable) {
            return Optional.of(new PruneLine(PruneLine.Action.UNREADABLE, unreadable.path(), null, null, null, 0,
                    unreadable.reason()));
        }
        if (entry instanceof Entry.Skipped skipped) {
            return Optional.of(new PruneLine(PruneLine.Action.SKIPPED, skipped.path(), null, null, null, 0,
                    skipped.reason()));
        }
        return Optional.empty();
    }

    private static PruneLine line(Entry.Bundle bundle, PruneLine.Action action, long bytes, @Nullable String reason) {
        return new PruneLine(action, bundle.path(), bundle.evidenceId(), bundle.status(), bundle.startedAt(), bytes, reason);
    }
}
