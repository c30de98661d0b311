package com.androperator.evidence.domain.prune;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** What a prune of {@code bundlesRoot} did (or, with {@code dryRun}, would do), one line per bundle it names. */
public record PruneReport(Path bundlesRoot, boolean dryRun, List<PruneLine> lines) {
    public PruneReport {
        Objects.requireNonNull(bundlesRoot, "bundlesRoot");
        lines = List.copyOf(lines);
    }

    /** How many lines have this action. */
    public long count(PruneLine.Action action) {
        return lines.stream().filter(line -> line.action() == action).count();
    }

    /** Bytes of the bundles removed, or that would be. */
    public long bytesRemoved() {
        return lines.stream().filter(line -> line.action() == PruneLine.Action.REMOVED
                || line.action() == PruneLine.Action.WOULD_REMOVE).mapToLong(PruneLine::bytes).sum();
    }

    /** True when every selected bundle was removed (or could be) and nothing was unreadable. */
    public boolean complete() {
        return lines.stream().noneMatch(line -> line.action().shortfall());
    }
}
