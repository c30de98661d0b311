package com.androperator.evidence.cli;

import com.androperator.evidence.api.video.DoctorReport;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.viewer.ScreenWords;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --output pretty}: a result rendered for a person instead of JSON. The first line is the
 * outcome (status, or "refused", and the code); then the bundle's manifest path, ids, the message
 * and hint; for a bundle that exists, the status of each component (artifact) and its error list,
 * one error per line, from the manifest the capture holds in memory or else read from its
 * manifest.json; a screenshot of one colour said in words (its captures.json record); details one
 * key per line. Scripts use the default, one JSON object; this text is
 * not a contract.
 */
final class HumanResult {
    /** A manifest is a few KiB; anything far larger is not read for display. */
    private static final int MANIFEST_READ_LIMIT = 4 * 1024 * 1024;
    private static final String INDENT = "  ";

    private HumanResult() {
    }

    /** A still capture's result, its components taken from {@code manifest} (null: none) rather than the disk. */
    static String render(CommandResult result, Manifest manifest) {
        StringBuilder text = head(result);
        if (manifest != null) {
            components(text, Components.of(manifest));
        }
        screen(text, result.manifestPath());
        return text.toString().stripTrailing();
    }

    static String render(Object result) {
        if (result instanceof CommandResult command) {
            return command(command);
        }
        if (result instanceof DoctorReport doctor) {
            return doctor(doctor);
        }
        return new String(ContractJson.toPrettyBytes(result), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String command(CommandResult result) {
        StringBuilder text = head(result);
        manifest(result.manifestPath()).ifPresent(manifest -> components(text, Components.of(manifest)));
        screen(text, result.manifestPath());
        return text.toString().stripTrailing();
    }

    /** The outcome line, the result's fields and its details, one per line. */
    private static StringBuilder head(CommandResult result) {
        StringBuilder text = new StringBuilder();
        String outcome = result.status() != null ? result.status() : result.ok() ? "ok" : "refused";
        text.append(outcome.toUpperCase(Locale.ROOT));
        if (result.code() != null) {
            text.append("  ").append(result.code());
        }
        text.append('\n');
        field(text, "manifest", result.manifestPath());
        field(text, "evidence", result.evidenceId());
        field(text, "session", result.sessionId());
        field(text, "message", result.message());
        field(text, "hint", result.hint());
        if (result.details() != null) {
            Object progress = result.details().asMap().get("progress");
            if (progress instanceof Map<?, ?> finalizing) {
                field(text, "progress", progressLine(finalizing));
            }
            for (Map.Entry<String, Object> entry : result.details().asMap().entrySet()) {
                if (!"progress".equals(entry.getKey())) {
                    field(text, entry.getKey(), entry.getValue() instanceof String value ? value
                            : ContractJson.toJson(entry.getValue()));
                }
            }
        }
        return text;
    }

    /** A verified screenshot of one colour, as its captures.json record beside the manifest says. */
    private static void screen(StringBuilder text, String manifestPath) {
        if (manifestPath == null) {
            return;
        }
        Path captures;
        try {
            captures = Path.of(manifestPath).resolveSibling("captures.json");
        } catch (InvalidPathException unusable) {
            return;
        }
        if (!(json(captures, Object.class).orElse(null) instanceof List<?> records)) {
            return;
        }
        for (Object item : records) {
            if (item instanceof Map<?, ?> record && record.get("result") instanceof Map<?, ?> result
                    && result.get("singleColour") instanceof String colour) {
                field(text, "screen", ScreenWords.singleColour(colour,
                        result.get("displayState") instanceof String state ? state : null));
            }
        }
    }

    /** "inspecting, 120 frames decoded, 0 encoded, 1.4 s elapsed, about 2.0 s left" from details.progress. */
    static String progressLine(Map<?, ?> progress) {
        StringBuilder line = new StringBuilder(String.valueOf(progress.get("phase")));
        Object total = progress.get("framesTotal");
        line.append(", ").append(progress.get("framesDecoded")).append(" frames decoded");
        line.append(", ").append(progress.get("framesEncoded")).append(total == null ? "" : " of " + total).append(" encoded");
        line.append(", ").append(seconds(progress.get("elapsedMs"))).append(" elapsed");
        if (progress.get("estimatedRemainingMs") != null) {
            line.append(", about ").append(seconds(progress.get("estimatedRemainingMs"))).append(" left");
        }
        return line.toString();
    }

    private static String seconds(Object millis) {
        return millis instanceof Number number ? String.format(Locale.ROOT, "%.1f s", number.doubleValue() / 1000.0)
                : String.valueOf(millis);
    }

    /** One artifact's line: kind, status, file (null: none) and size (null: unknown). */
    private record ComponentLine(Object kind, Object status, Object path, Number bytes) {
    }

    /** One error's line: code, where (its component, else its stage) and message. */
    private record ErrorLine(Object code, Object where, String message) {
    }

    /** What the components section shows, from a typed manifest or from one read back as a plain tree. */
    private record Components(List<ComponentLine> artifacts, List<ErrorLine> errors) {
        static Components of(Manifest manifest) {
            return new Components(manifest.artifacts().stream().map(artifact -> new ComponentLine(artifact.kind().wire(),
                            artifact.status().wire(), artifact.path(), artifact.bytes())).toList(),
                    manifest.errors().stream().map(error -> new ErrorLine(error.code(),
                            error.component() != null ? error.component() : error.stage(), error.message())).toList());
        }

        static Components of(Map<?, ?> manifest) {
            List<ComponentLine> artifacts = manifest.get("artifacts") instanceof List<?> items ? items.stream()
                    .filter(Map.class::isInstance).map(Map.class::cast)
                    .map(artifact -> new ComponentLine(artifact.get("kind"), artifact.get("status"), artifact.get("path"),
                            artifact.get("bytes") instanceof Number bytes ? bytes : null)).toList() : List.of();
            List<ErrorLine> errors = manifest.get("errors") instanceof List<?> items ? items.stream()
                    .filter(Map.class::isInstance).map(Map.class::cast)
                    .map(error -> new ErrorLine(error.get("code"), error.get("component") != null ? error.get("component")
                            : error.get("stage"), String.valueOf(error.get("message")))).toList() : List.of();
            return new Components(artifacts, errors);
        }
    }

    /** Each artifact's status, then the bundle's errors one per line. */
    private static void components(StringBuilder text, Components components) {
        if (!components.artifacts().isEmpty()) {
            text.append("components\n");
            for (ComponentLine artifact : components.artifacts()) {
                text.append(INDENT).append(pad(artifact.kind(), 18)).append(pad(artifact.status(), 10))
                        .append(artifact.path() == null ? "(no file)" : artifact.path());
                if (artifact.bytes() != null) {
                    text.append(String.format(Locale.ROOT, "  %,d bytes", artifact.bytes().longValue()));
                }
                text.append('\n');
            }
        }
        if (!components.errors().isEmpty()) {
            text.append("errors\n");
            for (ErrorLine error : components.errors()) {
                text.append(INDENT).append(error.code()).append("  ").append(error.where()).append(": ")
                        .append(oneLine(error.message())).append('\n');
            }
        }
    }

    private static String doctor(DoctorReport report) {
        StringBuilder text = new StringBuilder();
        for (DoctorReport.Check check : report.checks()) {
            text.append(check.status().toUpperCase(Locale.ROOT)).append("  ").append(check.id())
                    .append(check.advisory() ? " (advisory)" : "").append(": ").append(oneLine(check.message())).append('\n');
            if (check.hint() != null) {
                text.append(INDENT).append("hint: ").append(oneLine(check.hint())).append('\n');
            }
        }
        return text.toString().stripTrailing();
    }

    /** The manifest a result names, as a plain tree, when it exists as a regular file; empty otherwise. */
    private static java.util.Optional<Map<?, ?>> manifest(String manifestPath) {
        if (manifestPath == null) {
            return java.util.Optional.empty();
        }
        try {
            return json(Path.of(manifestPath), Map.class).map(map -> (Map<?, ?>) map);
        } catch (InvalidPathException unusable) {
            return java.util.Optional.empty();
        }
    }

    /** A bundle's JSON file as a plain tree, when it is a regular file of readable size; empty otherwise. */
    private static <T> java.util.Optional<T> json(Path path, Class<T> type) {
        try {
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) || Files.size(path) > MANIFEST_READ_LIMIT) {
                return java.util.Optional.empty();
            }
            try (InputStream in = Files.newInputStream(path, LinkOption.NOFOLLOW_LINKS)) {
                return java.util.Optional.of(ContractJson.mapper().readValue(in.readNBytes(MANIFEST_READ_LIMIT), type));
            }
        } catch (IOException | tools.jackson.core.JacksonException unreadable) {
            // Display only: a file that cannot be read is simply not summarized.
            return java.util.Optional.empty();
        }
    }

    private static void field(StringBuilder text, String name, String value) {
        if (value != null) {
            text.append(pad(name, 10)).append(oneLine(value)).append('\n');
        }
    }

    private static String pad(Object value, int width) {
        String text = String.valueOf(value);
        return text.length() >= width ? text + " " : text + " ".repeat(width - text.length());
    }

    /** Control characters (a device's or caller's text) shown escaped, so each entry stays one line. */
    private static String oneLine(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                out.append(String.format(Locale.ROOT, "\\u%04X", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
