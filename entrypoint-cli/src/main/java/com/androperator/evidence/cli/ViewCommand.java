package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.viewer.EvidenceViewer;
import com.androperator.evidence.viewer.PageSummary;
import com.androperator.evidence.viewer.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code androperator evidence view BUNDLE [--out FILE] [--overwrite] [--open]}: writes one
 * self-contained HTML page of a finished bundle (default {@code <bundle>.view.html} beside it,
 * never inside it). Exit 0 when the page was written, whatever the bundle's status or conformance
 * (the page and {@code details} say); 1 for a refusal, nothing written; 2 for a usage error.
 */
@Command(name = "view", sortOptions = false,
        description = {"Write one self-contained HTML page of a bundle: the screenshot with the hierarchy's boxes, the node tree,"
                + " metadata, artifacts re-hashed, errors, the verifier's problems, context and video clips."
                + " Given a directory that holds bundles (a run), one run page linking each bundle's own page.",
                "Exit 0: page written (whatever the bundle's status); 1: refused, nothing written; 2: usage error."})
final class ViewCommand implements Callable<Integer> {
    @Parameters(arity = "1", paramLabel = "BUNDLE", description = "The bundle directory (the one holding manifest.json),"
            + " or a directory holding bundles (directly or one level down) for a run page.")
    String bundle;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the page. Default: <bundle>.view.html beside the bundle directory. Never inside the bundle.")
    String out;

    @Option(names = "--overwrite", description = "Replace FILE if it exists (atomically). Without it an existing file is refused.")
    boolean overwrite;

    @Option(names = "--open", description = "Open the page with xdg-open (or open on macOS) when one is on PATH.")
    boolean open;

    @Mixin
    OutputOption format;

    private final EvidenceViewer viewer;
    private final Io io;

    ViewCommand(EvidenceViewer viewer, Io io) {
        this.viewer = viewer;
        this.io = io;
    }

    @Override
    public Integer call() {
        var badFormat = format.refusal();
        if (badFormat.isPresent()) {
            return io.refuse(badFormat.get(), false);
        }
        EvidenceViewer.Outcome outcome = viewer.view(bundle, out, overwrite);
        if (outcome instanceof EvidenceViewer.Outcome.Refused refused) {
            Map<String, Object> details = refused.option() == null ? null : Map.of("option", refused.option());
            return io.refuse(CommandResult.refused(refused.code(), refused.message(), Details.fromJson(details), null), format.pretty());
        }
        if (outcome instanceof EvidenceViewer.Outcome.RunWritten run) {
            return printed(null, null, runDetails(run), run.page());
        }
        EvidenceViewer.Outcome.Written written = (EvidenceViewer.Outcome.Written) outcome;
        Path manifest = written.bundle().resolve(BundleFileNames.MANIFEST);
        return printed(Files.exists(manifest) ? manifest.toString() : null, written.summary().evidenceId(),
                details(written), written.page());
    }

    private int printed(String manifestPath, String evidenceId, Map<String, Object> details, Path page) {
        String hint = null;
        if (open) {
            PageOpener.Opened opened = PageOpener.open(page, io.environment().get("PATH"));
            details.put("opened", opened.opened());
            hint = opened.hint();
        }
        ResultPrinter.print(new CommandResult(true, null, manifestPath, evidenceId, null, null, null, Details.fromJson(details), hint),
                format.pretty(), io.out());
        return 0;
    }

    /** A run page's details: the page, and what it shows. */
    private static Map<String, Object> runDetails(EvidenceViewer.Outcome.RunWritten run) {
        RunSummary summary = run.summary();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("viewPath", run.page().toString());
        details.put("pageBytes", run.bytes());
        details.put("durationMs", run.durationMs());
        details.put("run", true);
        details.put("bundles", summary.bundles());
        details.put("bundlesCapped", summary.capped());
        details.put("bundlePages", summary.pagesLinked());
        details.put("thumbnails", summary.thumbnails());
        details.put("statuses", new java.util.TreeMap<>(summary.statuses()));
        return details;
    }

    private static Map<String, Object> details(EvidenceViewer.Outcome.Written written) {
        PageSummary summary = written.summary();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("viewPath", written.page().toString());
        details.put("pageBytes", written.bytes());
        details.put("durationMs", written.durationMs());
        details.put("bundleStatus", summary.bundleStatus());
        details.put("conforms", summary.conforms());
        details.put("problems", summary.problems());
        details.put("integrityFailures", summary.integrityFailures());
        details.put("boxesDrawn", summary.boxesDrawn());
        details.put("nodesWithBounds", summary.nodesWithBounds());
        details.put("nodesCapped", summary.nodesCapped());
        details.put("screenshot", summary.screenshot());
        details.put("clips", summary.clips());
        details.put("inlinedMediaBytes", summary.inlinedMediaBytes());
        return details;
    }
}
