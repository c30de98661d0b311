package com.androperator.evidence.viewer;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The page of a run: every bundle of a {@link RunDirectory} in start order, each with its label,
 * status, the caller's verdict, its start time, a thumbnail of its screenshot, its errors and a
 * link to its own page. The same rules as a bundle's page: a strict Content-Security-Policy
 * (nothing from the network, no script, the one style allowed by its sha256), every bundle value
 * escaped, thumbnails inline and bounded ({@link #MAX_THUMBNAIL_BYTES} in all).
 */
final class RunPage {
    static final long MAX_THUMBNAIL_BYTES = 8L * 1024 * 1024;
    static final String CSS = "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
            + "table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:6px;text-align:left;"
            + "vertical-align:top}img{max-width:" + Thumbnail.WIDTH + "px;border:1px solid #ccc}.none{color:#888}"
            + ".st-complete{color:#176317}.st-partial{color:#8a5a00}.st-failed{color:#a11}ul{margin:0;padding-left:1.2em}"
            + ".counts span{margin-right:1em}.alert{background:#fff4d6;padding:6px}";
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src '"
            + PageRenderer.sha256(CSS) + "'; base-uri 'none'; form-action 'none'";

    private RunPage() {
    }

    /** One bundle of the run: its manifest (bounded), where its own page is, and its thumbnail. */
    record Entry(Path directory, JsonValue manifest, Optional<Path> page, String pageNote, Optional<String> thumbnail) {
        Instant startedAt() {
            try {
                return manifest.text("startedAt").map(Instant::parse).orElse(Instant.MAX);
            } catch (DateTimeParseException e) {
                return Instant.MAX;
            }
        }
    }

    static RunSummary render(Path directory, Path pageFile, List<Entry> unordered, boolean capped, HtmlOut out,
                          Instant writtenAt) {
        List<Entry> entries = new ArrayList<>(unordered);
        entries.sort(Comparator.comparing(Entry::startedAt).thenComparing(Entry::directory));
        Map<String, Integer> statuses = new TreeMap<>();
        entries.forEach(entry -> statuses.merge(entry.manifest().text("status").orElse("unknown"), 1, Integer::sum));
        head(directory, entries.size(), out);
        out.raw("<p class=\"counts\" id=\"counts\">");
        statuses.forEach((status, count) -> out.raw("<span>").text(status + ": " + count).raw("</span>"));
        out.raw("</p>\n");
        if (capped) {
            out.raw("<p class=\"alert\" id=\"capped\">").text("Only the first " + RunDirectory.MAX_BUNDLES
                    + " bundles (by path) are shown.").raw("</p>\n");
        }
        out.raw("<table id=\"bundles\"><thead><tr><th>Started</th><th>Label</th><th>Status</th><th>Verdict</th>"
                + "<th>Screenshot</th><th>Errors</th><th>Page</th></tr></thead><tbody>\n");
        int linked = 0;
        int thumbnails = 0;
        for (Entry entry : entries) {
            linked += entry.page().isPresent() ? 1 : 0;
            thumbnails += entry.thumbnail().isPresent() ? 1 : 0;
            row(entry, pageFile.getParent(), out);
        }
        out.raw("</tbody></table>\n<footer>").text("Written " + writtenAt + " by androperator evidence view from "
                + directory + ". The page loads nothing from the network; the bundles were read, not changed.")
                .raw("</footer>\n</body>\n</html>\n");
        return new RunSummary(entries.size(), capped, linked, thumbnails, statuses);
    }

    private static void head(Path directory, int count, HtmlOut out) {
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .raw("<meta http-equiv=\"Content-Security-Policy\"").attr("content", CONTENT_SECURITY_POLICY).raw(">\n")
                .raw("<meta name=\"referrer\" content=\"no-referrer\">\n<title>")
                .text("Evidence run " + directory.getFileName() + " — " + count + (count == 1 ? " bundle" : " bundles"))
                .raw("</title>\n<style>").raw(CSS).raw("</style>\n</head>\n<body>\n<h1>")
                .text("Evidence run: " + directory).raw("</h1>\n");
    }

    private static void row(Entry entry, Path pageDirectory, HtmlOut out) {
        JsonValue manifest = entry.manifest();
        String status = manifest.text("status").orElse("unknown");
        String label = manifest.text("label").orElse(null);
        out.raw("<tr class=\"bundle\"").attr("data-evidence-id", manifest.text("evidenceId").orElse(""))
                .attr("data-started-at", manifest.text("startedAt").orElse("")).raw("><td>")
                .text(manifest.text("startedAt").orElse("?")).raw("</td><td class=\"label\">");
        if (label == null || label.isEmpty()) {
            out.raw("<span class=\"none\">").text(entry.directory().getFileName().toString()).raw("</span>");
        } else {
            out.text(label);
        }
        JsonValue verdict = manifest.get("context").flatMap(context -> context.get("originalVerdict")).orElse(null);
        out.raw("</td><td class=\"status st-").raw(FactSections.cssWord(status)).raw("\">").text(status)
                .raw("</td><td class=\"verdict\">")
                .text(verdict == null ? "not given" : verdict.asText().orElse(JsonText.scalar(verdict))).raw("</td><td>");
        if (entry.thumbnail().isPresent()) {
            out.raw("<img alt=\"screenshot\"").attr("src", entry.thumbnail().get()).raw(">");
        } else {
            out.raw("<span class=\"none\">no thumbnail</span>");
        }
        out.raw("</td><td class=\"errors\">");
        errors(manifest, out);
        out.raw("</td><td>");
        if (entry.page().isPresent()) {
            out.raw("<a class=\"page\"").attr("href", href(pageDirectory.relativize(entry.page().get()))).raw(">")
                    .text("bundle page").raw("</a>");
        } else {
            out.raw("<span class=\"none\">").text(entry.pageNote()).raw("</span>");
        }
        out.raw("</td></tr>\n");
    }

    private static void errors(JsonValue manifest, HtmlOut out) {
        List<JsonValue> errors = manifest.items("errors");
        if (errors.isEmpty()) {
            out.raw("<span class=\"none\">none</span>");
            return;
        }
        out.raw("<ul>");
        for (JsonValue error : errors) {
            out.raw("<li>").text(FactSections.join(error.text("code").orElse("?"), error.text("component").orElse(null))
                    + ": " + error.text("message").orElse("")).raw("</li>");
        }
        out.raw("</ul>");
    }

    /** A relative link: each segment percent-encoded, so that no name can break out of the attribute or the path. */
    static String href(Path relative) {
        List<String> segments = new ArrayList<>();
        for (Path segment : relative) {
            segments.add(URLEncoder.encode(segment.toString(), StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return String.join("/", segments);
    }
}
