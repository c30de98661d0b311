package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.Problem;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The page's cards below the working area: errors, artifacts with their re-checked bytes, video
 * clips, device metadata, the caller's context, the verifier's problems, the capture records and
 * the files present. Every value is written escaped through {@link HtmlOut}.
 */
final class FactSections {
    /** Longest JSON text shown in one block. */
    static final int MAX_JSON_CHARS = 256 * 1024;

    private final HtmlOut out;
    private final MediaPolicy media;

    FactSections(HtmlOut out, MediaPolicy media) {
        this.out = out;
        this.media = media;
    }

    /** The manifest's errors, first, because they say what failed. */
    void errors(JsonValue manifest) {
        List<JsonValue> errors = manifest.items("errors");
        if (errors.isEmpty()) {
            return;
        }
        out.raw("<section class=\"card\" id=\"errors\"><h2>").text(errors.size() + (errors.size() == 1 ? " error" : " errors"))
                .raw("</h2><table class=\"grid\"><tr><th>code</th><th>stage</th><th>component</th><th>message</th></tr>");
        for (JsonValue error : errors) {
            out.raw("<tr class=\"error\">");
            cell("mono code", field(error, "code"));
            cell(null, field(error, "stage"));
            cell("mono", field(error, "component"));
            cell(null, field(error, "message"));
            out.raw("</tr>");
        }
        out.raw("</table></section>\n");
    }

    void artifacts(List<ArtifactCheck> checks) {
        out.raw("<section class=\"card\" id=\"artifacts\"><h2>Artifacts</h2>");
        if (checks.isEmpty()) {
            out.raw("<p class=\"muted\">No artifacts are listed.</p></section>\n");
            return;
        }
        out.raw("<table class=\"grid\"><tr><th>kind</th><th>path</th><th>mime type</th><th>status</th><th>bytes</th>")
                .raw("<th>sha256 (manifest)</th><th>re-checked now</th><th>error</th></tr>");
        for (ArtifactCheck check : checks) {
            JsonValue entry = check.entry();
            out.raw("<tr").raw(check.verdict().integrityFailure() ? " class=\"bad\"" : "").attr("data-path", nullToEmpty(check.path()))
                    .raw(">");
            cell("mono", field(entry, "kind"));
            cell("mono", field(entry, "path"));
            cell("mono", field(entry, "mimeType"));
            out.raw("<td>");
            badge(field(entry, "status"));
            out.raw("</td>");
            cell("num", field(entry, "bytes"));
            cell("mono hash", field(entry, "sha256"));
            out.raw("<td class=\"verdict\">");
            badge(check.verdict().word());
            out.raw(" ").text(check.note());
            if (check.actual() != null && check.verdict() != ArtifactCheck.Verdict.MATCHES) {
                out.raw("<br><span class=\"mono hash\">").text(check.actual().bytes() + " bytes, sha256 " + check.actual().sha256())
                        .raw("</span>");
            }
            out.raw("</td>");
            cell(null, errorText(entry.get("error").orElse(null)));
            out.raw("</tr>");
        }
        out.raw("</table></section>\n");
    }

    /** Video facts and every kind "video" clip in manifest order, playable, with its source span. */
    void video(JsonValue manifest, List<BundleSnapshot.Clip> clips) {
        JsonValue video = manifest.get("video").orElse(null);
        if (video == null && clips.isEmpty()) {
            return;
        }
        out.raw("<section class=\"card\" id=\"video\"><h2>Video</h2>");
        if (video != null) {
            out.raw("<p>").text("Requested size " + CaptureRecords.size(video, "requestedSize").orElse("unknown")
                    + ", actual size " + CaptureRecords.size(video, "actualSize").orElse("null (clip sizes differ, or unknown)")
                    + ".").raw("</p>");
            table(video);
        }
        out.raw("<div class=\"clips\">");
        int number = 0;
        for (BundleSnapshot.Clip clip : clips) {
            clip(clip, ++number);
        }
        out.raw("</div></section>\n");
    }

    private void clip(BundleSnapshot.Clip clip, int number) {
        ArtifactCheck check = clip.check();
        out.raw("<figure class=\"clip\"").attr("data-path", nullToEmpty(check.path())).raw(">");
        boolean playable = check.file().isPresent() && clip.mimeType().equals("video/mp4") && BundleSnapshot.isMp4(check.file().get());
        if (playable) {
            long bytes = ((BundleFiles.Located.Found) check.located()).bytes();
            MediaPolicy.Placement placement = media.place(check.file().get(), bytes);
            out.raw("<video controls preload=\"metadata\" playsinline").attr("id", "clip-" + number);
            if (placement instanceof MediaPolicy.Placement.Inline) {
                out.raw(" src=\"data:video/mp4;base64,").base64(check.file().get()).raw("\"");
            } else {
                out.attr("src", ((MediaPolicy.Placement.Linked) placement).href());
            }
            out.raw("></video>");
            if (placement instanceof MediaPolicy.Placement.Linked linked) {
                out.raw("<p class=\"caption\">").text("Referenced, not inlined: " + linked.why() + ".").raw("</p>");
            }
        }
        out.raw("<figcaption><strong>").text("Clip " + number + ": " + nullToEmpty(check.path())).raw("</strong> ");
        badge(check.status());
        // A clip's media properties are its captures.json segment's (an artifact carries none).
        CaptureRecords.Span span = clip.span();
        String size = span == null ? "" : span.size();
        String codec = span == null ? "" : span.codec();
        String duration = span == null ? "" : span.mediaDurationMs();
        out.raw("<br>").text(join(codec, size, duration.isEmpty() ? "" : duration + " ms"));
        if (span != null) {
            out.raw("<br>").text("Source span " + (span.start().isEmpty() ? "?" : span.start()) + " s to "
                    + (span.end().isEmpty() ? "the end" : span.end() + " s")
                    + (span.frames().isEmpty() ? "" : ", " + span.frames() + " source frames"));
            if (span.error() != null) {
                out.raw("<br>").text("Span error: " + errorText(span.error()));
            }
        } else {
            out.raw("<br><span class=\"muted\">captures.json names no span for this clip.</span>");
        }
        if (!playable) {
            out.raw("<br>").text(check.file().isPresent() ? "Not played here: " + check.path() + " is not an MP4 file ("
                    + clip.mimeType() + ")."
                    : BundleSnapshot.describe(check));
        }
        out.raw("</figcaption></figure>");
    }

    void device(JsonValue manifest) {
        out.raw("<section class=\"card\" id=\"device\"><h2>Device</h2>");
        JsonValue device = manifest.get("device").orElse(null);
        if (device == null) {
            out.raw("<p class=\"muted\">The manifest has no device metadata.</p>");
        } else {
            table(device);
        }
        out.raw("</section>\n");
    }

    void context(JsonValue manifest) {
        out.raw("<section class=\"card\" id=\"context-card\"><h2>Context (the caller's, as given)</h2>");
        JsonValue context = manifest.get("context").orElse(null);
        if (context == null) {
            out.raw("<p class=\"muted\">The manifest has no context.</p>");
        } else {
            out.raw("<pre class=\"json\" id=\"context\">").text(JsonText.pretty(context, MAX_JSON_CHARS)).raw("</pre>");
        }
        out.raw("</section>\n");
    }

    void problems(BundleSnapshot.Verification verification) {
        out.raw("<section class=\"card\" id=\"problems\"><h2>Conformance (evidence verify)</h2>");
        if (verification.report() == null) {
            out.raw("<p class=\"alert bad\">").text(verification.failure()).raw("</p></section>\n");
            return;
        }
        List<Problem> problems = verification.report().problems();
        if (problems.isEmpty()) {
            out.raw("<p>The bundle conforms to the evidence bundle contract.</p></section>\n");
            return;
        }
        out.raw("<table class=\"grid\"><tr><th>code</th><th>path</th><th>message</th></tr>");
        for (Problem problem : problems) {
            out.raw("<tr class=\"problem\">");
            cell("mono code", problem.code());
            cell("mono", problem.path());
            cell(null, problem.message());
            out.raw("</tr>");
        }
        out.raw("</table></section>\n");
    }

    void captures(BundleSnapshot snapshot) {
        out.raw("<section class=\"card\" id=\"captures\"><h2>Capture records (captures.json)</h2>");
        BoundedJson.Read read = snapshot.captures();
        if (read instanceof BoundedJson.Read.Missing) {
            out.raw("<p class=\"muted\">There is no captures.json.</p>");
        } else if (read instanceof BoundedJson.Read.Unreadable unreadable) {
            out.raw("<p class=\"alert warn\">").text("captures.json " + unreadable.reason()).raw("</p>");
        } else {
            JsonValue root = snapshot.capturesRoot();
            for (JsonValue record : CaptureRecords.records(root)) {
                JsonValue error = CaptureRecords.failure(record);
                boolean failed = error != null;
                out.raw("<details class=\"record\"").raw(failed ? " open" : "").raw("><summary>");
                out.text(join(record.text("kind").orElse("?"), record.text("source").orElse(""), record.text("commandId").orElse(""),
                        resultOk(record), failed ? "error " + errorText(error) : ""));
                out.raw("</summary>");
                singleColour(record);
                out.raw("<pre class=\"json\">").text(JsonText.pretty(record, MAX_JSON_CHARS)).raw("</pre></details>");
            }
            if (((BoundedJson.Read.Parsed) read).trimmed()) {
                out.raw("<p class=\"muted\">Long strings (such as the hierarchy inside the Operator envelope) are shown cut short.</p>");
            }
        }
        BundleSnapshot.EncoderLog log = snapshot.encoderLog();
        if (log != null) {
            out.raw("<h2>").text(log.path()).raw("</h2><pre class=\"log\">").text(log.text())
                    .text(log.omittedBytes() > 0 ? "\n… (" + log.omittedBytes() + " more bytes not shown)" : "").raw("</pre>");
        }
        out.raw("</section>\n");
    }

    /** A screenshot record whose verified image is one colour says so above its JSON. */
    private void singleColour(JsonValue record) {
        record.get("result").flatMap(result -> result.text("singleColour").map(colour -> ScreenWords.singleColour(colour,
                result.text("displayState").orElse(null)))).ifPresent(words ->
                out.raw("<p class=\"alert warn\">").text(words).raw("</p>"));
    }

    void files(BundleSnapshot snapshot) {
        out.raw("<section class=\"card\" id=\"files\"><h2>Files in the bundle directory</h2><p class=\"mono\">")
                .text(snapshot.directory().toString()).raw("</p><table class=\"grid\"><tr><th>name</th><th>type</th><th>bytes</th></tr>");
        for (BundleSnapshot.Entry entry : snapshot.files()) {
            out.raw("<tr>");
            cell("mono", entry.name());
            cell(null, entry.type());
            cell("num", entry.bytes() < 0 ? "" : Long.toString(entry.bytes()));
            out.raw("</tr>");
        }
        out.raw("</table>");
        if (snapshot.unlistedFiles() > 0) {
            out.raw("<p class=\"muted\">").text(snapshot.unlistedFiles() + " more entries are not listed.").raw("</p>");
        }
        out.raw("</section>\n");
    }

    /** An object as a two-column table; nested objects as nested tables, arrays as JSON text. */
    void table(JsonValue value) {
        if (!(value instanceof JsonValue.Obj object)) {
            out.raw("<pre class=\"json\">").text(JsonText.pretty(value, MAX_JSON_CHARS)).raw("</pre>");
            return;
        }
        out.raw("<table class=\"grid\">");
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            out.raw("<tr><td class=\"mono\">").text(member.getKey()).raw("</td><td>");
            JsonValue item = member.getValue();
            if (item instanceof JsonValue.Obj) {
                table(item);
            } else if (item instanceof JsonValue.Arr) {
                out.raw("<pre class=\"json\">").text(JsonText.pretty(item, MAX_JSON_CHARS)).raw("</pre>");
            } else {
                boolean plain = item instanceof JsonValue.Str string && string.complete();
                out.raw(item instanceof JsonValue.Null ? "<span class=\"mono muted\">" : "<span class=\"mono\">")
                        .text(plain ? ((JsonValue.Str) item).value() : JsonText.scalar(item)).raw("</span>");
            }
            out.raw("</td></tr>");
        }
        out.raw("</table>");
    }

    private void cell(String css, String value) {
        out.raw("<td").raw(css == null ? "" : " class=\"" + css + "\"").raw(">").text(value).raw("</td>");
    }

    private void badge(String word) {
        out.raw("<span class=\"badge ").raw(cssWord(word)).raw("\">").text(word).raw("</span>");
    }

    /** A bundle word made safe as a class name: letters, digits and hyphens only. */
    static String cssWord(String word) {
        return word.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /** A member as display text: a string as itself, anything else as JSON, "" when absent. */
    static String field(JsonValue owner, String name) {
        return owner.get(name).map(value -> value instanceof JsonValue.Str string && string.complete() ? string.value()
                : value instanceof JsonValue.Null ? "" : JsonText.scalar(value)).orElse("");
    }

    static String errorText(JsonValue error) {
        if (error == null || !error.isObject()) {
            return "";
        }
        String stage = field(error, "stage");
        String component = field(error, "component");
        return join(field(error, "code"), stage.isEmpty() ? "" : "stage " + stage,
                component.isEmpty() ? "" : "component " + component) + (field(error, "message").isEmpty() ? ""
                : " — " + field(error, "message"));
    }

    private static String resultOk(JsonValue record) {
        JsonValue result = record.get("result").orElse(new JsonValue.Null());
        return result.get("ok").map(ok -> "result.ok " + JsonText.scalar(ok))
                .orElse(result.text("status").map(status -> "status " + status).orElse(""));
    }

    static String join(String... parts) {
        StringBuilder joined = new StringBuilder();
        for (String part : parts) {
            if (part != null && !part.isEmpty()) {
                joined.append(joined.length() == 0 ? "" : " · ").append(part);
            }
        }
        return joined.toString();
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
