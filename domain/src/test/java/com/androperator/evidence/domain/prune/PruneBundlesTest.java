package com.androperator.evidence.domain.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.port.prune.BundleShelf.Entry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The prune's selection and report over a scripted shelf (the file work is FileBundleShelf's, tested through the CLI). */
class PruneBundlesTest {
    private static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");
    private static final Path ROOT = Path.of("/evidence/bundles");

    @Test
    void aRemovalThatFailsPartwayIsReportedWithWhatIsLeftAndTheReportIsIncomplete() {
        ScriptedShelf shelf = new ScriptedShelf(List.of(bundle("a", 10, BundleStatus.COMPLETE, false),
                bundle("b", 9, BundleStatus.FAILED, false)),
                Map.of("b", new BundleShelf.Removal.Partly(2, 5, "EBUSY: device or resource busy")));

        PruneReport report = new PruneBundles(shelf).prune(ROOT, keepLast(0), NOW, false).valueOrNull();

        assertThat(report.lines()).extracting(PruneLine::action)
                .containsExactly(PruneLine.Action.REMOVED, PruneLine.Action.NOT_REMOVED);
        assertThat(report.lines().get(1).reason())
                .isEqualTo("partly removed (2 of 5 entries), the rest is left: EBUSY: device or resource busy");
        assertThat(report.complete()).isFalse();
    }

    @Test
    void keepLastCountsOnlyTheSelectedStatusesAndActiveBundlesAreNeverRemoved() {
        ScriptedShelf shelf = new ScriptedShelf(List.of(bundle("newest-failed", 1, BundleStatus.FAILED, false),
                bundle("old-failed", 20, BundleStatus.FAILED, false),
                bundle("older-failed-recovering", 30, BundleStatus.FAILED, true),
                bundle("old-complete", 40, BundleStatus.COMPLETE, false)), Map.of());

        PruneReport report = new PruneBundles(shelf).prune(ROOT, new PruneRule(Optional.empty(), OptionalInt.of(1),
                Set.of(BundleStatus.FAILED)), NOW, true).valueOrNull();

        assertThat(report.lines()).extracting(line -> line.action() + " " + line.evidenceId())
                .containsExactly("KEPT_ACTIVE older-failed-recovering", "WOULD_REMOVE old-failed");
        assertThat(shelf.removed).containsExactly("old-failed");
        assertThat(report.complete()).isTrue();
    }

    @Test
    void aRuleWithoutCriteriaOrWithANonTerminalStatusIsNotARule() {
        assertThatThrownBy(() -> new PruneRule(Optional.empty(), OptionalInt.empty(), Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PruneRule(Optional.of(Duration.ofDays(1)), OptionalInt.empty(),
                Set.of(BundleStatus.RECORDING))).isInstanceOf(IllegalArgumentException.class);
    }

    private static PruneRule keepLast(int count) {
        return new PruneRule(Optional.empty(), OptionalInt.of(count), Set.of());
    }

    private static Entry.Bundle bundle(String name, int daysAgo, BundleStatus status, boolean active) {
        return new Entry.Bundle(ROOT.resolve(name), name, status, NOW.minus(Duration.ofDays(daysAgo)), active);
    }

    /** Lists what it was given; removes every bundle whole unless scripted otherwise, and records which it was asked to. */
    private static final class ScriptedShelf implements BundleShelf {
        private final List<Entry> entries;
        private final Map<String, Removal> outcomes;
        private final List<String> removed = new ArrayList<>();

        ScriptedShelf(List<Entry> entries, Map<String, Removal> outcomes) {
            this.entries = entries;
            this.outcomes = outcomes;
        }

        @Override
        public Listing list(Path bundlesRoot) {
            return new Listing.Entries(entries);
        }

        @Override
        public Removal remove(Path bundle, boolean dryRun) {
            String name = bundle.getFileName().toString();
            removed.add(name);
            return outcomes.getOrDefault(name, new Removal.Removed(100));
        }
    }
}
