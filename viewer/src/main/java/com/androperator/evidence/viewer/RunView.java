package com.androperator.evidence.viewer;

import com.androperator.evidence.contracts.ErrorCodes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes the page of a run directory: each bundle's own page beside it first (as {@code evidence
 * view BUNDLE} does; an existing one is kept and linked unless {@code overwrite}), then the run
 * page that links them. Nothing is written inside a bundle.
 */
final class RunView {
    private final EvidenceViewer viewer;

    RunView(EvidenceViewer viewer) {
        this.viewer = viewer;
    }

    /** The run page, written through {@link PageFile} to the target's page. */
    PageFile.Written<RunSummary> write(ViewTarget target, RunDirectory.Found run, boolean overwrite, Instant now)
            throws IOException {
        List<RunPage.Entry> entries = new ArrayList<>();
        long thumbnailBudget = RunPage.MAX_THUMBNAIL_BYTES;
        for (Path bundle : run.bundles()) {
            JsonValue manifest = BoundedJson.read(bundle.resolve(BundleSnapshot.MANIFEST), BoundedJson.Limits.MANIFEST)
                    instanceof BoundedJson.Read.Parsed parsed ? parsed.root() : new JsonValue.Null();
            long left = thumbnailBudget;
            Optional<String> thumbnail = thumbnail(bundle, manifest).filter(uri -> uri.length() <= left);
            thumbnailBudget -= thumbnail.map(String::length).orElse(0);
            entries.add(entry(bundle, manifest, overwrite, thumbnail));
        }
        return PageFile.write(target.page(), target.replaces(),
                html -> RunPage.render(target.bundle(), target.page(), entries, run.capped(), html, now));
    }

    private RunPage.Entry entry(Path bundle, JsonValue manifest, boolean overwrite, Optional<String> thumbnail) {
        EvidenceViewer.Outcome outcome = viewer.view(bundle.toString(), null, overwrite);
        if (outcome instanceof EvidenceViewer.Outcome.Written written) {
            return new RunPage.Entry(bundle, manifest, Optional.of(written.page()), null, thumbnail);
        }
        EvidenceViewer.Outcome.Refused refused = (EvidenceViewer.Outcome.Refused) outcome;
        if (refused.code().equals(ErrorCodes.EVIDENCE_OUTPUT_EXISTS)) {
            Path existing = bundle.resolveSibling(bundle.getFileName() + ViewTarget.DEFAULT_SUFFIX);
            return new RunPage.Entry(bundle, manifest, Optional.of(existing), null, thumbnail);
        }
        return new RunPage.Entry(bundle, manifest, Optional.empty(), "no page: " + refused.message(), thumbnail);
    }

    /** The first screenshot artifact's thumbnail, read through the bundle's own file rules. */
    private static Optional<String> thumbnail(Path bundle, JsonValue manifest) {
        BundleFiles files = new BundleFiles(bundle);
        for (JsonValue artifact : manifest.items("artifacts")) {
            if (artifact.text("kind").filter("screenshot"::equals).isPresent()
                    && files.locate(artifact.text("path").orElse(null)) instanceof BundleFiles.Located.Found found) {
                return Thumbnail.dataUri(found.file(), found.bytes());
            }
        }
        return Optional.empty();
    }
}
