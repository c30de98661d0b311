package com.androperator.evidence.viewer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Writes the page of one {@link BundleSnapshot}: a strict Content-Security-Policy (nothing from the
 * network; the page's one style and one script allowed by their sha256; media as data: URIs or
 * files relative to the page), the header with the integrity and conformance alerts and the two
 * independent facts (bundle status, caller's verdict), then the working area and the cards.
 */
final class PageRenderer {
    static final String CSS = resource("viewer.css");
    static final String SCRIPT = resource("viewer.js");
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data: 'self'; media-src data: 'self'; "
            + "style-src '" + sha256(CSS) + "'; script-src '" + sha256(SCRIPT) + "'; base-uri 'none'; form-action 'none'";

    private PageRenderer() {
    }

    static PageSummary render(BundleSnapshot snapshot, HtmlOut out, MediaPolicy media, Instant writtenAt) {
        JsonValue manifest = snapshot.manifestRoot();
        String label = manifest.text("label").orElse(null);
        String status = manifest.text("status").orElse(null);
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .raw("<meta http-equiv=\"Content-Security-Policy\"").attr("content", CONTENT_SECURITY_POLICY).raw(">\n")
                .raw("<meta name=\"referrer\" content=\"no-referrer\">\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .text("Evidence " + (label == null || label.isEmpty() ? manifest.text("evidenceId").orElse(snapshot.directory()
                        .getFileName().toString()) : label) + " — " + (status == null ? "no readable manifest" : status))
                .raw("</title>\n<style>").raw(CSS).raw("</style>\n</head>\n<body>\n");
        List<ArtifactCheck> failures = new ArrayList<>();
        for (ArtifactCheck check : snapshot.artifacts()) {
            if (check.verdict().integrityFailure()) {
                failures.add(check);
            }
        }
        header(snapshot, out, manifest, label, status, failures, writtenAt);
        FactSections facts = new FactSections(out, media);
        out.raw("<div class=\"cards\">");
        facts.errors(manifest);
        out.raw("</div>\n");
        Workbench.Drawn drawn = new Workbench(out, media).write(snapshot);
        out.raw("<div class=\"cards\">\n");
        facts.video(manifest, snapshot.clips());
        facts.artifacts(snapshot.artifacts());
        facts.device(manifest);
        facts.context(manifest);
        facts.problems(snapshot.verification());
        facts.captures(snapshot);
        facts.files(snapshot);
        out.raw("</div>\n<footer>").text("Written " + writtenAt + " by androperator evidence view from " + snapshot.directory()
                + ". The page loads nothing from the network; the bundle was read, not changed.").raw("</footer>\n");
        HierarchyOutline outline = snapshot.hierarchy().outline();
        Workbench.nodeData(out, outline == null ? List.of() : outline.nodes());
        out.raw("<script>").raw(SCRIPT).raw("</script>\n</body>\n</html>\n");
        var report = snapshot.verification().report();
        return new PageSummary(status, manifest.text("evidenceId").orElse(null), report != null && report.ok(),
                report == null ? -1 : report.problems().size(), failures.size(), drawn.boxes(),
                outline == null ? 0 : outline.totalWithBounds(), outline != null && outline.capped(),
                drawn.screenshotPlacement(), snapshot.clips().size(), media.inlinedBytes());
    }

    private static void header(BundleSnapshot snapshot, HtmlOut out, JsonValue manifest, String label, String status,
                               List<ArtifactCheck> failures, Instant writtenAt) {
        out.raw("<header class=\"top\">\n");
        if (!failures.isEmpty()) {
            out.raw("<div class=\"alert bad\" id=\"integrity\"><strong>").text("Integrity: " + failures.size()
                    + (failures.size() == 1 ? " artifact does" : " artifacts do") + " not match the manifest now.")
                    .raw("</strong><ul>");
            for (ArtifactCheck failure : failures) {
                out.raw("<li>").text(failure.note()).raw("</li>");
            }
            out.raw("</ul></div>\n");
        }
        if (snapshot.manifest() instanceof BoundedJson.Read.Unreadable unreadable) {
            out.raw("<div class=\"alert bad\" id=\"manifest-problem\">").text("manifest.json " + unreadable.reason()
                    + ". The files found by their conventional names are shown.").raw("</div>\n");
        } else if (snapshot.manifest() instanceof BoundedJson.Read.Missing) {
            out.raw("<div class=\"alert bad\" id=\"manifest-problem\">").text("There is no manifest.json (storage may have failed"
                    + " before it was written). The files found by their conventional names are shown.").raw("</div>\n");
        }
        var verification = snapshot.verification();
        if (verification.report() == null) {
            out.raw("<div class=\"alert bad\" id=\"conformance\">").text(verification.failure()).raw("</div>\n");
        } else if (!verification.report().ok()) {
            int count = verification.report().problems().size();
            out.raw("<div class=\"alert warn\" id=\"conformance\"><strong>").text("Does not conform: " + count
                    + (count == 1 ? " problem" : " problems") + " found by evidence verify.").raw("</strong> ")
                    .raw("<a href=\"#problems\">See the problems</a>.</div>\n");
        } else {
            out.raw("<div class=\"alert good\" id=\"conformance\">Conforms to the evidence bundle contract (evidence verify).</div>\n");
        }
        out.raw("<div class=\"headline\"><div class=\"title\"><h1>");
        if (label == null) {
            out.raw("<span class=\"none\">(no label)</span>");
        } else {
            out.text(label.isEmpty() ? "(empty label)" : label);
        }
        out.raw("</h1>\n<div class=\"ids\">").text("evidenceId " + manifest.text("evidenceId").orElse("?")).raw("<br>")
                .text(FactSections.join("started " + FactSections.field(manifest, "startedAt"),
                        "finished " + FactSections.field(manifest, "finishedAt"))).raw("</div></div>\n");
        String statusWord = status == null ? "unknown" : status;
        out.raw("<div class=\"facts\"><div class=\"fact st-").raw(FactSections.cssWord(statusWord)).raw("\" id=\"bundle-status\">")
                .raw("<span class=\"k\">Bundle status (what the capture observed and verified)</span><span class=\"v\">")
                .text(status == null ? "unknown: no readable manifest" : status).raw("</span><span class=\"why\">")
                .text(statusMeaning(statusWord)).raw("</span></div>");
        JsonValue verdict = manifest.get("context").flatMap(c -> c.get("originalVerdict")).orElse(null);
        out.raw("<div class=\"fact verdict\" id=\"caller-verdict\"><span class=\"k\">Caller's verdict (context.originalVerdict)</span>")
                .raw("<span class=\"v\">").text(verdict == null ? "not given" : verdict.asText().orElse(JsonText.scalar(verdict)))
                .raw("</span><span class=\"why\">The caller's own verdict, copied as given.</span></div>")
                .raw("<p class=\"independent\">Two independent facts: the bundle status is about the evidence, the verdict is the"
                        + " caller's. A complete bundle can carry a failed verdict; neither changes the other.</p></div></div>\n");
        out.raw("</header>\n");
    }

    private static String statusMeaning(String status) {
        return switch (status) {
            case "complete" -> "Image and XML verified, metadata available, receipts persisted.";
            case "partial" -> "Some evidence is usable; something else failed (see the errors).";
            case "failed" -> "No requested capture is usable (see the errors).";
            case "starting", "recording", "finalizing" -> "The recording is not finished yet.";
            default -> "The manifest does not give a known status.";
        };
    }

    private static String resource(String name) {
        try (InputStream in = PageRenderer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the viewer jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
