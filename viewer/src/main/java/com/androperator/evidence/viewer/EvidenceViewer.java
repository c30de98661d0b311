package com.androperator.evidence.viewer;

import com.androperator.evidence.contracts.ErrorCodes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;

/**
 * {@code androperator evidence view}: writes one self-contained HTML page of a bundle. The bundle is
 * read as it is (complete, partial, failed, not conforming, without a manifest) and never
 * modified; the conformance verifier's report and a fresh hash of every artifact are shown with
 * it. Stateless; safe to use from several threads.
 */
public final class EvidenceViewer {
    private final Clock clock;
    private final Function<Path, BundleSnapshot.Verification> verifier;

    public EvidenceViewer() {
        this(Clock.systemUTC());
    }

    public EvidenceViewer(Clock clock) {
        this(clock, BundleSnapshot::verify);
    }

    /** With a stand-in for the conformance verifier: for measuring the viewer's own work. */
    EvidenceViewer(Clock clock, Function<Path, BundleSnapshot.Verification> verifier) {
        this.clock = clock;
        this.verifier = verifier;
    }

    /** The outcome of one request. */
    public sealed interface Outcome {
        /** The page was written: the bundle it shows, its path, size and how long reading and writing took. */
        record Written(Path bundle, Path page, long bytes, long durationMs, PageSummary summary) implements Outcome {
        }

        /** The page of a directory holding bundles (a run) was written, and each bundle's own page beside it. */
        record RunWritten(Path directory, Path page, long bytes, long durationMs, RunSummary summary) implements Outcome {
        }

        /**
         * Nothing was written. {@code option} names what to fix ({@code BUNDLE} or {@code --out}, or null
         * when the failure is the file system's).
         */
        record Refused(String code, String message, String option) implements Outcome {
        }
    }

    /**
     * Writes the page of {@code bundle} to {@code out} (null: {@code <bundle>.view.html} beside the bundle).
     * An existing file is replaced only with {@code overwrite}. A directory without manifest.json that
     * holds bundles ({@link RunDirectory}) gets a run page instead, and each bundle its own page.
     */
    public Outcome view(String bundle, String out, boolean overwrite) {
        long start = System.nanoTime();
        ViewTarget.Resolution resolution = ViewTarget.resolve(bundle, out, overwrite);
        if (resolution instanceof ViewTarget.Resolution.Refused refused) {
            return new Outcome.Refused(refused.code(), refused.message(), refused.option());
        }
        ViewTarget target = ((ViewTarget.Resolution.Resolved) resolution).target();
        Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        RunDirectory.Found run = RunDirectory.find(target.bundle());
        try {
            if (!run.bundles().isEmpty()) {
                PageFile.Written<RunSummary> written = new RunView(this).write(target, run, overwrite, now);
                return new Outcome.RunWritten(target.bundle(), target.page(), written.bytes(),
                        (System.nanoTime() - start) / 1_000_000, written.result());
            }
            BundleSnapshot snapshot = BundleSnapshot.read(target.bundle(), verifier);
            MediaPolicy media = new MediaPolicy(target.page().getParent());
            PageFile.Written<PageSummary> written = PageFile.write(target.page(), target.replaces(),
                    html -> PageRenderer.render(snapshot, html, media, now));
            return new Outcome.Written(target.bundle(), target.page(), written.bytes(), (System.nanoTime() - start) / 1_000_000,
                    written.result());
        } catch (IOException e) {
            if (PageFile.nameTaken(e)) {
                return new Outcome.Refused(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, target.page() + " was created by someone else"
                        + " while the page was written and was not overwritten: choose another " + ViewTarget.OUT
                        + " or pass --overwrite.", ViewTarget.OUT);
            }
            return new Outcome.Refused(ErrorCodes.STORAGE_FAILED, "The page " + target.page() + " could not be written ("
                    + e + "): free space, fix the directory's permissions or choose another " + ViewTarget.OUT
                    + "; nothing was left behind.", ViewTarget.OUT);
        }
    }
}
