package com.androperator.evidence.api;

import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.prune.PruneBundles;
import com.androperator.evidence.domain.prune.PruneReport;
import com.androperator.evidence.domain.prune.PruneRule;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * Prunes the managed bundles under the evidence root that the caller's environment names (one
 * rule with capture and video: {@link CompositionRoot#evidenceRoot}). Never creates the root: a
 * missing {@code bundles/} is an empty report.
 */
public final class EvidencePrune {
    private EvidencePrune() {
    }

    /** The report, EXECUTION_VALIDATION_FAILED for a bad ANDROPERATOR_EVIDENCE_DIR, or STORAGE_FAILED. */
    public static Checked<PruneReport> prune(Map<String, String> environment, Path workingDirectory, PruneRule rule,
                                             boolean dryRun) {
        PruneBundles prune = new PruneBundles(CompositionRoot.bundleShelf());
        return CompositionRoot.evidenceRoot(environment, workingDirectory).map(CompositionRoot::bundlesRoot)
                .flatMap(bundles -> prune.prune(bundles, rule, Instant.now(), dryRun));
    }

    /**
     * Removes one bundle directory whole, as prune removes a selected bundle: never through a
     * symbolic link, and only after checking that all of it can go (else nothing is removed, or
     * what is left is reported). The caller has settled the bundle's video session, if it had one.
     */
    public static BundleShelf.Removal removeBundle(Path bundle) {
        return CompositionRoot.bundleShelf().remove(bundle, false);
    }
}
